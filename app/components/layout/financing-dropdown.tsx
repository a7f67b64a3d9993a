import { type FocusEvent, type KeyboardEvent, useRef, useState } from 'react';
import { ChevronDown } from '~/components/icons';
import { useIslandId } from '~/lib/island-scope';
import type { NavItem, NavLinkItem } from '~/lib/navigation';
import { SiteLink } from '../site-link';
import { navLinkClass, SiteNavLink } from './site-nav-link';

interface Props {
  item: NavItem;
  subLinks: readonly NavLinkItem[];
}

/**
 * 'Financiamiento' with its Tradicional / Directo sub-links (docs/product.md), as a disclosure: opens on hover, and
 * the chevron button toggles it when activated (click, Enter or Space), never when focus merely reaches it (the
 * next Enter would close it); it closes when the pointer or focus leaves, on Escape (focus back on the button)
 * and when a link is chosen.
 */
export function FinancingDropdown({ item, subLinks }: Props) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useIslandId('financiamiento');
  const isOutside = (target: EventTarget | null) =>
    !(target instanceof Node && wrapper.current?.contains(target));
  const onBlur = (event: FocusEvent) => {
    if (isOutside(event.relatedTarget)) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus leaving only mirror the button's state
    <div
      ref={wrapper}
      className="flex items-center"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <SiteNavLink
        to={item.to}
        onClick={() => setOpen(false)}
        className={(active) => `${navLinkClass(active)} pr-1 xl:pr-1`}
      >
        {item.label}
      </SiteNavLink>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Opciones de ${item.label}`}
        // A mouse click lands while hover has already opened the panel: keep it open. Keyboard activation
        // (detail 0) toggles.
        onClick={(event) => setOpen((value) => (event.detail === 0 ? !value : true))}
        className="inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
      >
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={panelId} className={`absolute top-full left-0 z-50 pt-2 ${open ? 'block' : 'hidden'}`}>
        <ul className="w-56 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
          {subLinks.map((link) => (
            <li key={link.to}>
              <SiteLink
                to={link.to}
                onClick={() => setOpen(false)}
                className="flex rounded-lg px-3 py-2.5 font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
              >
                {link.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
