import type { CreditQuotation } from '@contracts/dealership.ts';
import { Card } from '~/components/admin/ui';
import { TextAreaField, TextField } from '~/components/forms/fields';
import { SettingsGroup } from './settings-group';

/**
 * What every credit quotation states besides its figures (DS 43 of 2012, ADR 0032): who lends each credit, how long
 * a quotation holds, prepayment, late-payment interest and collection charges. The simulator, the financing request's
 * e-mail and the request in the back office show them as written here.
 */
export function QuotationCard({ quotation, legalName }: { quotation: CreditQuotation; legalName: string }) {
  return (
    <Card id="cotizacion" title="Cotización de crédito">
      <p className="mb-4 text-slate-600 text-sm">
        Se muestran junto a cada simulación (también al imprimirla), en el correo de cada solicitud de
        financiamiento y en la solicitud aquí. La aseguradora y la cobertura de cada seguro se indican en
        «Seguros del crédito».
      </p>
      <div className="grid gap-4">
        <SettingsGroup legend="Institución que otorga cada crédito">
          <TextField
            name="creditQuotation.lenders.convencional"
            label="Crédito convencional"
            required={false}
            defaultValue={quotation.lenders.convencional ?? ''}
            maxLength={120}
            hint={`En blanco: la automotora (${legalName}).`}
          />
          <TextField
            name="creditQuotation.lenders.directo"
            label="Crédito directo"
            required={false}
            defaultValue={quotation.lenders.directo ?? ''}
            maxLength={120}
            hint={`En blanco: la automotora (${legalName}).`}
          />
        </SettingsGroup>
        <TextField
          name="creditQuotation.validityBusinessDays"
          label="Vigencia de la cotización (días hábiles)"
          inputMode="numeric"
          defaultValue={String(quotation.validityBusinessDays)}
          maxLength={2}
          hint="De lunes a viernes, sin feriados, desde el día siguiente a la emisión. Entre 1 y 30."
        />
        <TextAreaField
          name="creditQuotation.prepayment"
          label="Prepago"
          rows={3}
          defaultValue={quotation.prepayment}
          maxLength={600}
          hint="Si se puede pagar por anticipado y qué comisión se cobra."
        />
        <TextAreaField
          name="creditQuotation.lateInterest"
          label="Interés por atraso"
          rows={3}
          defaultValue={quotation.lateInterest}
          maxLength={600}
        />
        <TextAreaField
          name="creditQuotation.collectionCharges"
          label="Gastos de cobranza"
          rows={3}
          defaultValue={quotation.collectionCharges}
          maxLength={600}
        />
      </div>
    </Card>
  );
}
