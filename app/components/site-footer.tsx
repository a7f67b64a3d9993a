import { Link } from 'react-router';
import type { Dealership } from '../../contracts/dealership';
import { Logo } from './logo';

export function SiteFooter({ dealership }: { dealership: Dealership }) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-3">
        <div className="space-y-4">
          <Logo name={dealership.name} inverted />
          <p className="text-sm leading-relaxed">{dealership.about}</p>
        </div>
        <nav aria-label="Enlaces rápidos">
          <h2 className="font-semibold text-white">Enlaces rápidos</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/" className="hover:text-white">
                Inicio
              </Link>
            </li>
            <li>
              <Link to="/vehicles" className="hover:text-white">
                Nuestro Stock
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-white">
                Contacto
              </Link>
            </li>
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="font-semibold text-white">Contacto</h2>
          <ul className="mt-3 space-y-2">
            {dealership.addresses.map((a) => (
              <li key={a.label}>{`${a.label}: ${a.street}, ${a.commune}`}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-slate-800 border-t py-6 text-center text-slate-400 text-sm">
        © {new Date().getFullYear()} {dealership.legalName}. Todos los derechos reservados.
      </p>
    </footer>
  );
}
