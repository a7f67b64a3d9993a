import { preloadFinancingModal } from '~/components/forms/lazy-forms';
import { Banknote, Check } from '~/components/icons';

interface Props {
  /** The configured down-payment sentence of direct credit (one text everywhere, docs/product.md). */
  downPayment: string;
  /** Who may get the direct credit (the settings' creditEligibility.directo), or null: anyone (ADR 0034). */
  directRestriction: string | null;
  onFinancing: () => void;
}

/** The 'Financiamiento' tab: credit requirements of docs/product.md and the way into the financing form. */
export function FinancingInfo({ downPayment, directRestriction, onFinancing }: Props) {
  const direct = [
    'Plazo de hasta 48 meses',
    'Cuota fija en pesos',
    ...(directRestriction ? [directRestriction] : []),
    downPayment,
    'Aval familiar directo referencial',
    'Acreditación de renta acorde a la cuota',
    'Comprobante de domicilio',
    'Cédula de identidad vigente',
  ];
  return (
    <div className="space-y-6">
      <p className="text-slate-700">
        Financiamos vehículos nuevos y usados, para uso particular o comercial, con financiamiento especial
        para pymes. Elige la modalidad que más te acomode.
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="credito-directo" className="rounded-xl bg-slate-50 p-5">
          <h3 id="credito-directo" className="font-bold text-slate-900">
            Crédito directo
          </h3>
          <Requirements items={direct} />
        </section>
        <section aria-labelledby="credito-convencional" className="rounded-xl bg-slate-50 p-5">
          <h3 id="credito-convencional" className="font-bold text-slate-900">
            Crédito convencional
          </h3>
          <h4 className="mt-3 font-semibold text-slate-800 text-sm">Trabajadores dependientes</h4>
          <Requirements
            items={[
              '1 año de antigüedad laboral',
              'Últimas 3 liquidaciones de sueldo si tu renta es fija, o 6 si es variable',
            ]}
          />
          <h4 className="mt-4 font-semibold text-slate-800 text-sm">Trabajadores independientes</h4>
          <Requirements items={['Carpeta tributaria', 'Al menos 3 años de actividad']} />
        </section>
      </div>
      <button
        type="button"
        onClick={onFinancing}
        onPointerEnter={preloadFinancingModal}
        onFocus={preloadFinancingModal}
        className="inline-flex h-12 items-center gap-2 rounded-lg bg-accent-400 px-6 font-semibold text-slate-900 shadow-sm hover:bg-accent-300"
      >
        <Banknote aria-hidden className="size-5" />
        Consultar por financiamiento
      </button>
    </div>
  );
}

function Requirements({ items }: { items: string[] }) {
  return (
    <ul className="mt-3 space-y-2 text-slate-700 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}
