import { useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import { AdminPage } from '~/components/admin/ui';
import {
  Car,
  ExternalLink,
  Globe,
  HandCoins,
  Handshake,
  History,
  Inbox,
  LayoutDashboard,
  ListTree,
  LogOut,
  Menu,
  Scale,
  ShieldCheck,
  TriangleAlert,
  UserCog,
  Users,
  X,
} from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { requireStaffPage } from '~/lib/admin/session.server';
import '~/admin.css';
import type { Route } from './+types/layout';

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context);
  return { staff, dealershipName: (await context.services.catalogue.dealership()).name };
}

interface NavItem {
  to: string;
  label: string;
  icon: typeof Car;
  adminOnly?: boolean;
  end?: boolean;
}

const NAV: NavItem[] = [
  { to: '/admin', label: 'Panel', icon: LayoutDashboard, end: true },
  { to: '/admin/solicitudes', label: 'Solicitudes', icon: Inbox },
  { to: '/admin/vehiculos', label: 'Vehículos', icon: Car },
  { to: '/admin/ventas', label: 'Ventas', icon: HandCoins },
  { to: '/admin/listas', label: 'Listas', icon: ListTree },
  { to: '/admin/usuarios', label: 'Usuarios', icon: Users, adminOnly: true },
  { to: '/admin/sitio', label: 'Sitio', icon: Globe, adminOnly: true },
  { to: '/admin/auditoria', label: 'Auditoría', icon: History, adminOnly: true },
  { to: '/admin/datos-personales', label: 'Datos personales', icon: ShieldCheck, adminOnly: true },
  { to: '/admin/derechos', label: 'Derechos', icon: Scale, adminOnly: true },
  { to: '/admin/cesiones', label: 'Cesiones', icon: Handshake, adminOnly: true },
  { to: '/admin/vulneraciones', label: 'Vulneraciones', icon: TriangleAlert, adminOnly: true },
  { to: '/admin/cuenta', label: 'Mi cuenta', icon: UserCog },
];

const ROLE_LABEL = { admin: 'Administrador', ventas: 'Ventas' } as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame {...loaderData}>
      <Outlet />
    </AdminFrame>
  );
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

function AdminFrame({ staff, dealershipName, children }: LayoutData & { children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A choice in the phone menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const nav = (
    <Navigation
      role={staff.role}
      onSignedOut={() => setMenuOpen(false)}
      name={staff.name}
      email={staff.email}
    />
  );
  return (
    <div className="min-h-dvh bg-slate-100 lg:grid lg:grid-cols-[16rem_1fr]">
      <header className="sticky top-0 z-30 flex items-center justify-between gap-3 bg-brand-900 px-4 py-3 text-white lg:hidden">
        <span className="truncate font-semibold">{dealershipName} · Administración</span>
        <button
          type="button"
          onClick={() => setMenuOpen((open) => !open)}
          aria-expanded={menuOpen}
          aria-controls="admin-menu"
          className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-white/10"
        >
          {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
          <span className="sr-only">{menuOpen ? 'Cerrar menú' : 'Abrir menú'}</span>
        </button>
      </header>
      <aside
        id="admin-menu"
        className={`${menuOpen ? 'block' : 'hidden'} border-slate-200 bg-brand-900 text-white lg:sticky lg:top-0 lg:block lg:h-dvh lg:overflow-y-auto`}
      >
        <div className="hidden px-5 pt-6 pb-4 lg:block">
          <p className="font-bold text-lg leading-tight">{dealershipName}</p>
          <p className="text-brand-200 text-sm">Administración · {ROLE_LABEL[staff.role]}</p>
        </div>
        {nav}
      </aside>
      <main id="contenido" tabIndex={-1} className="min-w-0 focus:outline-none">
        {children}
      </main>
    </div>
  );
}

function Navigation({
  role,
  name,
  email,
  onSignedOut,
}: {
  role: 'admin' | 'ventas';
  name: string;
  email: string;
  onSignedOut: () => void;
}) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  async function signOut() {
    setLeaving(true);
    try {
      await adminFetch('/admin/api/sesion', { method: 'DELETE' });
    } finally {
      onSignedOut();
      navigate('/admin/ingresar', { replace: true });
    }
  }
  return (
    <nav aria-label="Administración" className="flex flex-col gap-1 px-3 pb-6 lg:pt-2">
      <ul className="flex flex-col gap-1">
        {NAV.filter((item) => !item.adminOnly || role === 'admin').map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium text-sm ${
                  isActive ? 'bg-white text-brand-900' : 'text-brand-50 hover:bg-white/10'
                }`
              }
            >
              <Icon aria-hidden className="size-5 shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-white/15 border-t pt-4">
        <p className="truncate px-3 font-medium text-sm">{name}</p>
        <p className="truncate px-3 text-brand-200 text-xs">{email}</p>
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className="mt-3 flex min-h-11 items-center gap-3 rounded-lg px-3 text-brand-50 text-sm hover:bg-white/10"
        >
          <ExternalLink aria-hidden className="size-5" />
          Ver sitio público
        </a>
        <button
          type="button"
          onClick={signOut}
          aria-disabled={leaving || undefined}
          className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-brand-50 text-sm hover:bg-white/10"
        >
          <LogOut aria-hidden className="size-5" />
          Cerrar sesión
        </button>
      </div>
    </nav>
  );
}

/** Errors of back office pages stay inside the back office frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('routes/admin/layout');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? 'Sin permiso' : status === 404 ? 'No encontrado' : 'Algo salió mal';
  const text =
    status === 403
      ? 'No tienes permiso para ver esta página. Pide acceso a un administrador.'
      : status === 404
        ? 'Lo que buscas no existe o fue eliminado.'
        : 'No pudimos mostrar esta página. Inténtalo nuevamente en unos minutos.';
  const page = (
    <AdminPage title={title}>
      <p className="text-slate-700">{text}</p>
      <a href="/admin" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Volver al panel
      </a>
    </AdminPage>
  );
  if (data) return <AdminFrame {...data}>{page}</AdminFrame>;
  return (
    <main id="contenido" className="min-h-dvh bg-slate-100">
      {page}
    </main>
  );
}
