import type { FinancingSettings } from '@contracts/dealership.ts';
import { TextField } from '~/components/forms/fields';
import { FEE_ROWS, INSURANCE_ROWS } from '~/lib/admin/settings-form';
import { SettingsGroup } from './settings-group';

const percent = (value: number | undefined) => (value === undefined ? '' : value.toLocaleString('es-CL'));

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 self-end pb-3 text-slate-800 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

/**
 * What a credit costs besides its interest, as the simulator adds it to the CAE and the CTC: the charges of the
 * operation, the credit insurances and the stamp tax. A row left blank is not used; an existing row keeps its
 * identifier (shared simulation links name insurances by it).
 */
export function FinancingCosts({ financing }: { financing: FinancingSettings }) {
  const { fees, insurances, stampTax } = financing;
  return (
    <>
      <SettingsGroup legend="Gastos de la operación" columns={1}>
        {Array.from({ length: FEE_ROWS }, (_, index) => {
          const fee = fees[index];
          const base = `financing.fees.${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed number of rows, in order
            <div key={index} className="grid gap-4 sm:grid-cols-[2fr_1fr_auto]">
              <input type="hidden" name={`${base}.id`} value={fee?.id ?? ''} />
              <TextField
                name={`${base}.label`}
                label={`Gasto ${index + 1}`}
                required={false}
                defaultValue={fee?.label}
                maxLength={80}
              />
              <TextField
                name={`${base}.amount`}
                label={`Monto del gasto ${index + 1} (pesos)`}
                required={false}
                inputMode="numeric"
                defaultValue={fee ? fee.amount.toLocaleString('es-CL') : ''}
                maxLength={14}
              />
              <Check name={`${base}.financed`} label="Se suma al crédito" checked={fee?.financed ?? true} />
            </div>
          );
        })}
      </SettingsGroup>
      <SettingsGroup legend="Seguros del crédito" columns={1}>
        <p className="text-slate-600 text-sm">
          Prima única financiada en el crédito: un porcentaje del crédito por cada mes de plazo. Los
          obligatorios van siempre; los demás los elige el visitante. Cada seguro lleva su aseguradora y su
          cobertura: la cotización las muestra.
        </p>
        {Array.from({ length: INSURANCE_ROWS }, (_, index) => {
          const insurance = insurances[index];
          const base = `financing.insurances.${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed number of rows, in order
            <div key={index} className="grid gap-4 sm:grid-cols-[2fr_1fr_auto]">
              <input type="hidden" name={`${base}.id`} value={insurance?.id ?? ''} />
              <TextField
                name={`${base}.label`}
                label={`Seguro ${index + 1}`}
                required={false}
                defaultValue={insurance?.label}
                maxLength={80}
              />
              <TextField
                name={`${base}.monthlyPercent`}
                label={`Prima mensual del seguro ${index + 1} (%)`}
                required={false}
                inputMode="decimal"
                defaultValue={percent(insurance?.monthlyPercent)}
                maxLength={6}
              />
              <Check name={`${base}.required`} label="Obligatorio" checked={insurance?.required ?? false} />
              <TextField
                name={`${base}.insurer`}
                label={`Aseguradora del seguro ${index + 1}`}
                required={false}
                defaultValue={insurance?.insurer}
                maxLength={80}
              />
              <TextField
                name={`${base}.coverage`}
                label={`Cobertura del seguro ${index + 1}`}
                required={false}
                defaultValue={insurance?.coverage}
                maxLength={300}
                className="sm:col-span-2"
              />
            </div>
          );
        })}
      </SettingsGroup>
      <SettingsGroup legend="Impuesto de timbres y estampillas">
        <TextField
          name="financing.stampTax.monthlyPercent"
          label="Tasa por mes de plazo (%)"
          inputMode="decimal"
          defaultValue={percent(stampTax.monthlyPercent)}
          maxLength={6}
          hint="La tasa legal es 0,066%."
        />
        <TextField
          name="financing.stampTax.capPercent"
          label="Tope (%)"
          inputMode="decimal"
          defaultValue={percent(stampTax.capPercent)}
          maxLength={6}
          hint="El tope legal es 0,8%."
        />
      </SettingsGroup>
    </>
  );
}
