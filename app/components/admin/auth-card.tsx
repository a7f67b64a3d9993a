import type { ReactNode } from 'react';

/**
 * The frame of the back office pages that stand without a session: sign-in, "¿Olvidaste tu contraseña?" and the
 * link's page to set a new one. The dealership's name above one card.
 */
export function AuthCard({
  dealershipName,
  title,
  lead,
  children,
}: {
  dealershipName: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <main id="contenido" className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="text-center font-bold text-brand-800 text-xl">{dealershipName}</p>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="font-bold text-2xl text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-600 text-sm">{lead}</p>
          {children}
        </div>
      </div>
    </main>
  );
}

/** A plain link of these pages, e.g. back to the sign-in. */
export const authLink =
  'font-medium text-brand-800 text-sm underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700 focus-visible:outline-offset-2';
