import { type PrivacySettings, RETENTION_KIND_NAMES, RETENTION_KINDS } from '@contracts/dealership.ts';
import { Card } from '~/components/admin/ui';
import { TextAreaField, TextField } from '~/components/forms/fields';
import { joinLines } from '~/lib/admin/settings-form';
import { SettingsGroup } from './settings-group';

/** «las solicitudes de financiamiento» → «Solicitudes de financiamiento»: the policy's words, as a label. */
const labelOf = (name: string) =>
  name.replace(/^(los|las) (.)/, (_, _article, first: string) => first.toUpperCase());

/**
 * What the privacy policy says from the settings (ADR 0031): how long each kind of request is kept before it is
 * anonymised, and the insurers a quote may be passed to. A change publishes a new version of the policy.
 */
export function PrivacyCard({ privacy }: { privacy: PrivacySettings }) {
  return (
    <Card id="datos-personales" title="Datos personales">
      <p className="mb-4 text-slate-600 text-sm">
        La política de privacidad muestra estos plazos y aseguradoras tal como quedan aquí. Si un cambio la
        modifica, al guardar se publica una versión nueva de la política, y la anterior sigue disponible.
      </p>
      <div className="grid gap-4">
        <SettingsGroup legend="Meses que se guarda cada solicitud, desde su última actividad" columns={3}>
          {RETENTION_KINDS.map((kind) => (
            <TextField
              key={kind}
              name={`privacy.retentionMonths.${kind}`}
              label={labelOf(RETENTION_KIND_NAMES[kind])}
              inputMode="numeric"
              defaultValue={String(privacy.retentionMonths[kind])}
              maxLength={3}
            />
          ))}
          <TextField
            name="privacy.photoRetentionMonths"
            label="Fotos de «Compramos tu auto»"
            inputMode="numeric"
            defaultValue={String(privacy.photoRetentionMonths)}
            maxLength={3}
          />
        </SettingsGroup>
        <p className="text-slate-600 text-sm">
          Entre 1 y 120 meses. Cumplido el plazo, la solicitud se anonimiza: se borran sus datos personales,
          sus fotos y sus correos.
        </p>
        <TextAreaField
          name="privacy.insurers"
          label="Aseguradoras"
          required={false}
          rows={4}
          defaultValue={joinLines(privacy.insurers)}
          hint="Una por línea, hasta 10. Solo a ellas se puede enviar una cotización, con el consentimiento de la persona. Sin ninguna, la política dice que no se envían datos a aseguradoras."
        />
      </div>
    </Card>
  );
}
