import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Menu, MessageCircle, Phone, X } from '~/components/icons';
import { useIslandId } from '~/lib/island-scope';
import { NAV_ITEMS, whatsappLink } from '~/lib/navigation';
import type { HeaderDealership } from '../site-header';
import { SiteNavLink } from './site-nav-link';

const linkClass = (active: boolean) =>
  `flex min-h-12 items-center rounded-lg px-3 font-medium text-base ${
    active ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
  }`;

/**
 * Small screens: a menu that slides in from the right (docs/product.md). A modal <dialog> keeps the rest of the page
 * inert; Tab wraps inside it, Escape closes it and focus returns to the button that opened it.
 */
export function MobileMenu({ dealership }: { dealership: HeaderDealership }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useIslandId('menu');
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
    document.documentElement.classList.toggle('overflow-hidden', open);
  }, [open]);

  const onClose = () => {
    setOpen(false);
    button.current?.focus();
  };

  const phone = dealership.phones[0];
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
        // Under 360 px its word is not drawn, or it would push the button off the screen (app.css).
        className="inline-flex h-11 items-center gap-2 rounded-lg px-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 lg:hidden"
      >
        <Menu aria-hidden className="size-5" />
        Menú
      </button>
      <dialog
        ref={dialog}
        id={id}
        aria-label="Menú"
        onClose={onClose}
        onKeyDown={trapTab}
        onClick={(event) => {
          if (event.target === dialog.current) setOpen(false); // a click on the backdrop
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none translate-x-0 bg-white shadow-2xl transition-transform duration-300 backdrop:bg-slate-900/60 starting:open:translate-x-full lg:hidden"
      >
        {/* Its contents exist only while open: every page is rendered (and hydrated) without them. */}
        {open ? (
          <div className="flex h-full flex-col">
            <div className="flex h-16 items-center justify-between border-slate-200 border-b px-4">
              <p className="font-bold text-brand-800">{dealership.name}</p>
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label="Cerrar menú"
                className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
              >
                <X aria-hidden className="size-6" />
              </button>
            </div>
            <nav aria-label="Menú principal" className="flex-1 overflow-y-auto p-4">
              <ul className="space-y-1">
                {NAV_ITEMS.map((item) => (
                  <li key={item.to}>
                    <SiteNavLink to={item.to} className={linkClass} onClick={() => setOpen(false)}>
                      {item.label}
                    </SiteNavLink>
                    {item.children ? (
                      <ul className="mt-1 ml-4 space-y-1 border-slate-200 border-l pl-3">
                        {item.children.map((child) => (
                          <li key={child.to}>
                            <SiteNavLink
                              to={child.to}
                              className={() => linkClass(false)}
                              onClick={() => setOpen(false)}
                            >
                              {child.label}
                            </SiteNavLink>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </nav>
            <div className="space-y-2 border-slate-200 border-t p-4">
              {phone ? (
                <a
                  href={`tel:${phone.e164}`}
                  className="flex min-h-12 items-center justify-center gap-2 rounded-lg font-semibold text-brand-800 ring-1 ring-brand-200"
                >
                  <Phone aria-hidden className="size-5" />
                  {phone.display}
                </a>
              ) : null}
              <a
                href={whatsappLink(dealership.whatsapp, 'Hola, quisiera más información.')}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-h-12 items-center justify-center gap-2 rounded-lg bg-[#1f7a3d] font-semibold text-white"
              >
                <MessageCircle aria-hidden className="size-5" />
                Escríbenos por WhatsApp
              </a>
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}

/** Keeps Tab and Shift+Tab cycling through the dialog's own controls. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
