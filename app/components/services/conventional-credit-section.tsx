import type { ReactNode } from 'react';
import { Briefcase, Building2, UserRound } from '~/components/icons';
import { CheckList } from './check-list';
import { RequirementCard } from './requirement-card';
import { CONVENTIONAL_SECTION_ID } from './section-scroll';

/** docs/product.md conventional credit: requirements for dependent and independent workers. */
export function ConventionalCreditSection({ action }: { action: ReactNode }) {
  return (
    <section
      id={CONVENTIONAL_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="credito-convencional-titulo"
      className="focus:outline-none"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-20">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr] lg:gap-16">
          <div>
            <p className="inline-flex items-center gap-2 font-semibold text-brand-600 text-sm uppercase tracking-wider">
              <Building2 aria-hidden className="size-4" />
              Con instituciones asociadas
            </p>
            <h2
              id="credito-convencional-titulo"
              className="mt-2 font-bold text-3xl text-slate-900 tracking-tight md:text-4xl"
            >
              Crédito Convencional
            </h2>
            <p className="mt-4 text-lg text-slate-600 leading-relaxed">
              Gestionamos tu crédito con la institución financiera que mejor se ajuste a tu perfil, con plazos
              de 12, 24, 36 o 48 meses. Tú eliges el auto; nosotros nos encargamos del papeleo.
            </p>
            <div className="mt-8">{action}</div>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <RequirementCard icon={UserRound} title="Trabajadores dependientes" delay={300}>
              <CheckList
                items={[
                  'Antigüedad laboral mínima de 1 año',
                  'Renta fija: últimas 3 liquidaciones de sueldo',
                  'Renta variable: últimas 6 liquidaciones de sueldo',
                ]}
              />
            </RequirementCard>
            <RequirementCard icon={Briefcase} title="Trabajadores independientes" delay={450}>
              <CheckList items={['Carpeta tributaria', 'Al menos 3 años de inicio de actividades']} />
            </RequirementCard>
          </div>
        </div>
      </div>
    </section>
  );
}
