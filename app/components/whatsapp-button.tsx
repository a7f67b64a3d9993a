import { MessageCircle } from 'lucide-react';
import { whatsappLink } from '~/lib/navigation';

/** Fixed at the bottom right of every page. */
export function WhatsAppButton({ whatsapp }: { whatsapp: string }) {
  return (
    <a
      href={whatsappLink(whatsapp, 'Hola, quisiera más información.')}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escríbenos por WhatsApp"
      className="fixed right-4 bottom-4 z-50 flex size-14 items-center justify-center rounded-full bg-[#1f7a3d] text-white shadow-lg transition hover:scale-105"
    >
      <MessageCircle aria-hidden className="size-7" />
    </a>
  );
}
