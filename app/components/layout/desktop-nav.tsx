import { NAV_ITEMS } from '~/lib/navigation';
import { FinancingDropdown } from './financing-dropdown';
import { navLinkClass, SiteNavLink } from './site-nav-link';

/** The horizontal navigation of wide screens (docs/product.md); below `lg` the mobile menu takes over. */
export function DesktopNav() {
  return (
    <nav aria-label="Principal" className="hidden lg:block">
      <ul className="flex items-center gap-0.5 xl:gap-1">
        {NAV_ITEMS.map((item) => (
          <li key={item.to} className="relative">
            {item.children ? (
              <FinancingDropdown item={item} subLinks={item.children} />
            ) : (
              <SiteNavLink to={item.to} className={navLinkClass}>
                {item.label}
              </SiteNavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
