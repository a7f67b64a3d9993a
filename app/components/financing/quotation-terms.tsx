import { dayKeyToChile } from '@domain/chile-time';
import { type QuotationTerms as Terms, validityText, withoutFinalStop } from '@domain/credit-quotation';

/**
 * The terms of the quotation beside the simulator's figures (ADR 0032): the sections of DS 43's hoja resumen that do
 * not depend on the visitor's choices (the dates, the insurances' insurers and coverage, prepayment, late payment).
 * Rendered on the server only: it is text, so it costs the page no code (the vehicle page hands it to its tabs as a
 * server slot; /financing renders it below its simulator).
 */
export function QuotationTerms({ terms, vehicle }: { terms: Terms; vehicle?: string }) {
  const head: Array<[string, string]> = [
    ...(vehicle ? [['Vehículo', vehicle] as [string, string]] : []),
    ['Emitida por', terms.issuer],
    ['Fecha de emisión', dayKeyToChile(terms.issuedOn)],
    ['Válida hasta', validityText(terms)],
    ['Primera cuota', `${dayKeyToChile(terms.firstInstallmentOn)} (si firmas hoy: un mes después)`],
  ];
  return (
    <section aria-labelledby="cotizacion-titulo" className="space-y-4 text-sm">
      <h3 id="cotizacion-titulo" className="font-bold text-lg text-slate-900">
        Condiciones de la cotización
      </h3>
      <dl className="grid gap-x-6 sm:grid-cols-2">
        {head.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-slate-200 border-b py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {terms.insurances.length > 0 ? (
        <div>
          <h4 className="font-semibold text-slate-900">Seguros (servicios voluntarios)</h4>
          <ul className="mt-1 space-y-1 text-slate-700">
            {terms.insurances.map((insurance) => (
              <li key={insurance.id}>
                <strong className="text-slate-900">{insurance.label}</strong>
                {insurance.required ? ' (obligatorio)' : ' (opcional)'}: aseguradora{' '}
                {withoutFinalStop(insurance.insurer)}. {insurance.coverage}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h4 className="font-semibold text-slate-900">Prepago</h4>
        <p className="mt-1 text-slate-700">{terms.prepayment}</p>
      </div>
      <div>
        <h4 className="font-semibold text-slate-900">Atraso en el pago</h4>
        <p className="mt-1 text-slate-700">
          <strong className="text-slate-900">Interés por atraso:</strong> {terms.lateInterest}
        </p>
        <p className="mt-1 text-slate-700">
          <strong className="text-slate-900">Gastos de cobranza:</strong> {terms.collectionCharges}
        </p>
      </div>
    </section>
  );
}
