import { BadgeCheck, Banknote, ShieldCheck } from '~/components/icons';

/** The listing's header band: short, so the first vehicles are visible without scrolling on a phone. */
export function ListingHero({
  stockCount,
  maxFinanced,
}: {
  stockCount: number | null;
  /** «Financiamos hasta el 80%», from the settings (ADR 0034); the error page, without them, leaves it out. */
  maxFinanced: string | null;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-14">
        <h1 className="font-bold text-3xl tracking-tight md:text-4xl">Nuestro Stock</h1>
        <p className="mt-3 max-w-2xl text-brand-100 md:text-lg">
          {stockCount !== null
            ? `${stockCount} vehículos nuevos y usados, revisados y listos para entrega.`
            : 'Vehículos nuevos y usados, revisados y listos para entrega.'}
        </p>
        <ul className="mt-6 hidden flex-wrap sm:flex gap-x-6 gap-y-2 text-brand-50 text-sm">
          <li className="flex items-center gap-2">
            <BadgeCheck aria-hidden className="size-5 text-accent-300" />
            Vehículos revisados
          </li>
          {maxFinanced ? (
            <li className="flex items-center gap-2">
              <Banknote aria-hidden className="size-5 text-accent-300" />
              {maxFinanced}
            </li>
          ) : null}
          <li className="flex items-center gap-2">
            <ShieldCheck aria-hidden className="size-5 text-accent-300" />
            Seguros a tu medida
          </li>
        </ul>
      </div>
    </section>
  );
}
