import type { RateLimits } from '@contracts/dealership.ts';
import { MAXIMUM_RATE_SEGMENTS, maximumRateSegmentLabel } from '@contracts/maximum-rate-segments.ts';
import { dayKeyToChile } from '@domain/chile-time';
import { STALE_AFTER_DAYS } from '@domain/maximum-rate';
import { Card } from '~/components/admin/ui';
import { TextField } from '~/components/forms/fields';
import { SettingsGroup } from './settings-group';

/**
 * The tasa máxima convencional in force (Ley 18.010 art. 6; ADR 0042): the certificate the CMF publishes each month,
 * the day it took effect and the annual maximum of each segment, with the UF value its bands are read with. The
 * simulator, every "Cuota desde" and the credits' own rates above are held under it.
 */
export function MaximumRatesCard({ limits }: { limits: RateLimits }) {
  const { maximumRates, ufValue } = limits;
  return (
    <Card id="tasa-maxima" title="Tasa máxima convencional">
      <p className="mb-4 text-slate-600 text-sm">
        La CMF publica cada mes, en la primera quincena, el certificado de tasas de interés corriente y máxima
        convencional (en su sitio y en el Diario Oficial). Escribe aquí las tasas máximas anuales de las
        operaciones no reajustables en moneda nacional: ningún crédito se cotiza sobre la de su monto y plazo,
        y las tasas de «Financiamiento» no pueden superarla. El panel avisa cuando la tabla o el valor de la
        UF tienen más de {STALE_AFTER_DAYS} días.
      </p>
      <div className="grid gap-4">
        <SettingsGroup legend="Certificado vigente">
          <TextField
            name="maximumRates.certificate"
            label="Certificado"
            defaultValue={maximumRates.certificate}
            maxLength={80}
            hint="Como lo numera la CMF, por ejemplo «Certificado N° 10/2014»."
          />
          <TextField
            name="maximumRates.validFrom"
            label="Rige desde (dd-mm-aaaa)"
            inputMode="numeric"
            defaultValue={dayKeyToChile(maximumRates.validFrom)}
            maxLength={10}
            hint="El día de su publicación en el Diario Oficial."
          />
        </SettingsGroup>
        <SettingsGroup legend="Tasa máxima anual por tipo de operación (%)" columns={2}>
          {MAXIMUM_RATE_SEGMENTS.map((segment) => (
            <TextField
              key={segment}
              name={`maximumRates.annualPercent.${segment}`}
              label={maximumRateSegmentLabel(segment)}
              inputMode="decimal"
              defaultValue={maximumRates.annualPercent[segment].toLocaleString('es-CL')}
              maxLength={6}
            />
          ))}
        </SettingsGroup>
        <SettingsGroup legend="Unidad de fomento">
          <TextField
            name="ufValue.pesos"
            label="Valor de la UF (pesos)"
            inputMode="decimal"
            defaultValue={ufValue.pesos.toLocaleString('es-CL', { minimumFractionDigits: 2 })}
            maxLength={12}
            hint="Con él se lee en qué tramo en UF cae cada crédito."
          />
          <TextField
            name="ufValue.date"
            label="Fecha del valor (dd-mm-aaaa)"
            inputMode="numeric"
            defaultValue={dayKeyToChile(ufValue.date)}
            maxLength={10}
          />
        </SettingsGroup>
      </div>
    </Card>
  );
}
