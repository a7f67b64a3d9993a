import { MessageCircle } from '~/components/icons';
import { whatsappLink } from '~/lib/navigation';

/**
 * Fixed at the bottom right of every page (docs/product.md), above the compare tray while it shows. The page keeps
 * room for it: what the browser scrolls to stops above it, and the footer ends below it (ADR 0037).
 */
export function WhatsAppButton({ whatsapp }: { whatsapp: string }) {
  return (
    // A landmark of its own: it floats over every page, outside header, main and footer.
    <aside aria-label="WhatsApp">
      <a
        href={whatsappLink(whatsapp, 'Hola, quisiera más información.')}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Escríbenos por WhatsApp (se abre en una pestaña nueva)"
        data-testid="whatsapp-float"
        className="fixed right-4 bottom-[calc(var(--tray,0px)+1rem)] z-30 flex size-14 items-center justify-center rounded-full bg-[#1f7a3d] text-white shadow-lg ring-4 ring-white/70 transition hover:scale-105 hover:bg-[#19662f] sm:right-6 sm:bottom-[calc(var(--tray,0px)+1.5rem)]"
      >
        <MessageCircle aria-hidden className="size-7" />
      </a>
    </aside>
  );
}
