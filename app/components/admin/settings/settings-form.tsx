import type { Dealership } from '@contracts/dealership.ts';
import { formatPhone, PHONE_MAX_TYPED } from '@contracts/phone';
import type { ReactNode } from 'react';
import { useContext } from 'react';
import { SaveBar } from '~/components/admin/save-bar';
import { Card } from '~/components/admin/ui';
import { FieldError, FieldErrors, TextAreaField, TextField } from '~/components/forms/fields';
import { useHydrated } from '~/components/forms/form-parts';
import { adminFetch } from '~/lib/admin/api-client';
import {
  CREDIT_TERMS,
  CREDIT_TYPES,
  SETTINGS_ROWS,
  settingsFormErrors,
  settingsFromForm,
} from '~/lib/admin/settings-form';
import { type SettingsSaved, savedSentence } from '~/lib/admin/settings-saved';
import { useApiForm } from '../staff/use-api-form';
import { DescriptionsCard, FinancingTextsCard, PartnersCard } from './content-cards';
import { FinancingCosts } from './financing-costs';
import { LegalTextsCard } from './legal-texts-card';
import { MaximumRatesCard } from './maximum-rates-card';
import { type Holiday, OpeningHoursCard } from './opening-hours-card';
import { PrivacyCard } from './privacy-card';
import { QuotationCard } from './quotation-card';
import { SettingsGroup } from './settings-group';
import { SitePhotoField } from './site-photo-field';

/** A refusal of a whole group (no phone at all, say), shown at the top of its card. */
function GroupError({ name }: { name: string }) {
  const errors = useContext(FieldErrors);
  return <FieldError id={`${name}-error`} error={errors[name]} />;
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

/** «Como se muestra» as the form offers it: blank when it is the number as it reads, so a new number shows itself. */
const shownAs = (phone: Dealership['phones'][number] | undefined) =>
  phone && phone.display !== formatPhone(phone.e164) ? phone.display : '';

const indexes = Array.from({ length: SETTINGS_ROWS }, (_, index) => index);

/** The form's cards in order, for its index: Sitio is over 11,000 px tall on a wide screen, 18,000 on a phone. */
const SECTIONS: Array<[id: string, title: string]> = [
  ['identidad', 'Identidad'],
  ['portada', 'Portada'],
  ['instituciones', 'Instituciones financieras'],
  ['telefonos', 'Teléfonos'],
  ['direcciones', 'Direcciones'],
  ['horario', 'Horario de atención'],
  ['redes', 'Redes sociales y mapa'],
  ['financiamiento', 'Financiamiento'],
  ['tasa-maxima', 'Tasa máxima convencional'],
  ['textos-financiamiento', 'Textos de Financiamiento'],
  ['textos', 'Textos'],
  ['descripciones', 'Descripciones para buscadores'],
  ['cotizacion', 'Cotización de crédito'],
  ['datos-personales', 'Datos personales'],
  ['textos-legales', 'Textos legales'],
];

/** The index of the form's sections: links a person jumps with, wrapped on a phone. */
function SectionIndex() {
  return (
    <nav
      aria-label="Secciones de Sitio"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <h2 className="mb-2 font-semibold text-base text-slate-900">Secciones</h2>
      <ul className="flex flex-wrap gap-2 text-sm">
        {SECTIONS.map(([id, title]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-3 text-brand-800 underline-offset-2 hover:bg-slate-50 hover:underline sm:min-h-9"
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The dealership's identity and texts, saved as one new version. The form starts from the version in use and sends
 * that version's number, so a save over someone else's newer change is refused instead of undoing it.
 */
export function SettingsForm({
  version,
  settings,
  holidays,
  saved,
  onSaved,
}: {
  version: number;
  settings: Dealership;
  /** Chile's public holidays of the coming year, listed in «Horario de atención». */
  holidays: Holiday[];
  /** The sentence of the last save, shown beside the button (the form remounts with each new version). */
  saved: string | null;
  /** Told the success sentence: a saved version remounts this form, so the page shows it. */
  onSaved: (text: string) => void;
}) {
  const hydrated = useHydrated();
  const form = useApiForm(
    (data) =>
      adminFetch<SettingsSaved>('/admin/api/sitio', {
        method: 'PUT',
        body: { version, datos: settingsFromForm(settings, data) },
      }),
    {
      success: (saved) => savedSentence(version, saved),
      onSuccess: onSaved,
      validate: settingsFormErrors,
    },
  );
  const { phones, addresses, social } = settings;
  return (
    <FieldErrors value={form.errors}>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-6">
        <SectionIndex />
        <Card id="identidad" title="Identidad">
          <Grid>
            <TextField
              name="name"
              label="Nombre de la automotora"
              defaultValue={settings.name}
              maxLength={80}
            />
            <TextField
              name="legalName"
              label="Razón social"
              defaultValue={settings.legalName}
              maxLength={120}
            />
            <TextField
              name="tagline"
              label="Frase de la portada"
              defaultValue={settings.tagline}
              maxLength={160}
              className="sm:col-span-2"
            />
            <TextField
              name="email"
              label="Correo de contacto"
              type="email"
              defaultValue={settings.email}
              maxLength={254}
              hint="Se muestra en el sitio y es el remitente de los correos."
            />
            <TextField
              name="salesEmail"
              label="Correo de ventas"
              type="email"
              defaultValue={settings.salesEmail}
              maxLength={254}
              hint="Recibe cada solicitud del sitio."
            />
            <TextField
              name="whatsapp"
              label="WhatsApp"
              type="tel"
              defaultValue={formatPhone(`+${settings.whatsapp}`)}
              maxLength={PHONE_MAX_TYPED}
              hint="Como lo escribirías: 9 8765 4321 o +56 9 8765 4321."
            />
          </Grid>
        </Card>
        <Card id="portada" title="Portada">
          <p className="mb-4 text-slate-600 text-sm">
            Las tres diapositivas del inicio, en orden. Cada una muestra «Ver Vehículos» y «Contáctanos».
            Escribe {'{financiamientoMaximo}'} donde el texto diga cuánto se financia: se reemplaza por el
            porcentaje que dan los pies mínimos de «Financiamiento» («80%»).
          </p>
          <div className="grid gap-4">
            {settings.slides.map((slide, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the slides are a fixed three, in order
              <SettingsGroup key={index} legend={`Diapositiva ${index + 1}`}>
                <TextField
                  name={`slides.${index}.eyebrow`}
                  label="Antetítulo"
                  defaultValue={slide.eyebrow}
                  maxLength={60}
                />
                <TextField
                  name={`slides.${index}.title`}
                  label="Título"
                  defaultValue={slide.title}
                  maxLength={80}
                />
                <TextField
                  name={`slides.${index}.description`}
                  label="Descripción"
                  defaultValue={slide.description}
                  maxLength={240}
                  className="sm:col-span-2"
                />
                <SitePhotoField
                  name={`slides.${index}.photo`}
                  initial={slide.photo}
                  label="Foto"
                  subject={`la diapositiva ${index + 1}`}
                  previewAlt={`Foto elegida para la diapositiva ${index + 1}`}
                  emptyText="Sin foto propia: se muestra la de un vehículo destacado."
                />
              </SettingsGroup>
            ))}
          </div>
        </Card>
        <PartnersCard partners={settings.partners} />
        <Card id="telefonos" title="Teléfonos">
          <GroupError name="phones" />
          <p className="mb-4 text-slate-600 text-sm">
            El primero es el que muestran la barra superior y los botones de llamada. Escribe el número como
            lo dirías (2 2345 6789, +56 9 8765 4321): se guarda con el código de Chile. Deja una fila en
            blanco para no usarla.
          </p>
          <div className="grid gap-4">
            {indexes.map((index) => (
              <SettingsGroup columns={4} key={index} legend={`Teléfono ${index + 1}`}>
                <TextField
                  name={`phones.${index}.label`}
                  required={index === 0}
                  label="Nombre"
                  defaultValue={phones[index]?.label}
                  maxLength={40}
                />
                <TextField
                  name={`phones.${index}.e164`}
                  required={index === 0}
                  label="Número"
                  type="tel"
                  defaultValue={phones[index] ? formatPhone(phones[index].e164) : undefined}
                  maxLength={PHONE_MAX_TYPED}
                />
                <TextField
                  name={`phones.${index}.display`}
                  label="Como se muestra (opcional)"
                  defaultValue={shownAs(phones[index])}
                  maxLength={30}
                  hint="En blanco, se muestra el número."
                  className="lg:col-span-2"
                />
              </SettingsGroup>
            ))}
          </div>
        </Card>
        <Card id="direcciones" title="Direcciones">
          <GroupError name="addresses" />
          <div className="grid gap-4">
            {indexes.map((index) => (
              <SettingsGroup columns={4} key={index} legend={`Dirección ${index + 1}`}>
                <TextField
                  name={`addresses.${index}.label`}
                  required={index === 0}
                  label="Nombre"
                  defaultValue={addresses[index]?.label}
                  maxLength={40}
                />
                <TextField
                  name={`addresses.${index}.street`}
                  required={index === 0}
                  label="Calle y número"
                  defaultValue={addresses[index]?.street}
                  maxLength={120}
                />
                <TextField
                  name={`addresses.${index}.commune`}
                  required={index === 0}
                  label="Comuna"
                  defaultValue={addresses[index]?.commune}
                  maxLength={60}
                />
                <TextField
                  name={`addresses.${index}.city`}
                  required={index === 0}
                  label="Ciudad"
                  defaultValue={addresses[index]?.city}
                  maxLength={60}
                />
                <TextField
                  name={`addresses.${index}.postalCode`}
                  label="Código postal (opcional)"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={addresses[index]?.postalCode}
                  maxLength={7}
                  hint="7 dígitos. El catálogo de vehículos de Google lo pide en la dirección."
                />
              </SettingsGroup>
            ))}
          </div>
        </Card>
        <OpeningHoursCard schedule={settings.schedule} holidays={holidays} />
        <Card id="redes" title="Redes sociales y mapa">
          <div className="grid gap-4">
            {[0, 1].map((index) => (
              <SettingsGroup columns={4} key={index} legend={`Red social ${index + 1}`}>
                <TextField
                  name={`social.${index}.name`}
                  label="Nombre"
                  defaultValue={social[index]?.name}
                  maxLength={30}
                />
                <TextField
                  name={`social.${index}.url`}
                  label="Dirección"
                  type="url"
                  defaultValue={social[index]?.url}
                  maxLength={500}
                  className="lg:col-span-3"
                />
              </SettingsGroup>
            ))}
            <TextField
              name="mapUrl"
              label="Enlace al mapa"
              type="url"
              defaultValue={settings.mapUrl}
              maxLength={500}
            />
            <TextField
              name="mapEmbedUrl"
              label="Mapa incrustado en Contacto"
              type="url"
              defaultValue={settings.mapEmbedUrl}
              maxLength={500}
              hint="La dirección que el mapa de la página de contacto carga cuando la visita lo pide."
            />
          </div>
        </Card>
        <Card id="financiamiento" title="Financiamiento">
          <p className="mb-4 text-slate-600 text-sm">
            Las condiciones con que el simulador calcula la cuota, la CAE y el CTC en el sitio. Una tasa en
            blanco es un plazo que no se ofrece.
          </p>
          <div className="grid gap-4">
            {CREDIT_TYPES.map((type) => {
              const credit = settings.financing.credits[type];
              const base = `financing.credits.${type}`;
              return (
                <SettingsGroup key={type} legend={credit.label} columns={3}>
                  <TextField
                    name={`${base}.label`}
                    label="Nombre"
                    defaultValue={credit.label}
                    maxLength={60}
                  />
                  <TextField
                    name={`${base}.minDownPaymentPercent`}
                    label="Pie mínimo (%)"
                    inputMode="decimal"
                    defaultValue={String(credit.minDownPaymentPercent)}
                    maxLength={5}
                    hint="Lo más que financia el sitio es 100% menos el menor pie de los créditos sin restricción («Financiamos hasta el 80% del valor»)."
                  />
                  <TextField
                    name={`creditEligibility.${type}`}
                    label="Quién puede obtenerlo"
                    required={false}
                    defaultValue={settings.creditEligibility[type] ?? ''}
                    maxLength={120}
                    hint="En blanco: cualquier comprador. Si no, se muestra junto a cada cuota de este crédito; la «Cuota desde» de las tarjetas usa un crédito sin restricción cuando lo hay."
                  />
                  {CREDIT_TERMS.map((term) => (
                    <TextField
                      key={term}
                      name={`${base}.monthlyRatePercent.${term}`}
                      label={`Tasa mensual a ${term} meses (%)`}
                      required={false}
                      inputMode="decimal"
                      defaultValue={credit.monthlyRatePercent[term]?.toLocaleString('es-CL') ?? ''}
                      maxLength={6}
                    />
                  ))}
                </SettingsGroup>
              );
            })}
            <FinancingCosts financing={settings.financing} />
            <TextField
              name="financing.minFinancedAmount"
              label="Crédito mínimo (pesos)"
              inputMode="numeric"
              defaultValue={settings.financing.minFinancedAmount.toLocaleString('es-CL')}
              maxLength={14}
              hint="El precio menos el pie no puede ser menor."
            />
            <TextAreaField
              name="financing.legalNote"
              label="Nota legal bajo cada simulación"
              rows={3}
              defaultValue={settings.financing.legalNote}
              maxLength={1000}
            />
          </div>
        </Card>
        <MaximumRatesCard limits={settings} />
        <FinancingTextsCard texts={settings.financingPage} />
        <Card id="textos" title="Textos">
          <div className="grid gap-4">
            <TextAreaField
              name="about"
              label="Quiénes somos"
              rows={5}
              defaultValue={settings.about}
              maxLength={2000}
              hint="Entre 20 y 2000 caracteres. Se muestra como texto, sin formato."
            />
            <Grid>
              <TextField
                name="developerCredit.name"
                label="Crédito del pie de página"
                defaultValue={settings.developerCredit.name}
                maxLength={80}
              />
              <TextField
                name="developerCredit.url"
                label="Enlace del crédito"
                type="url"
                defaultValue={settings.developerCredit.url}
                maxLength={500}
              />
            </Grid>
          </div>
        </Card>
        <DescriptionsCard descriptions={settings.pageDescriptions} />
        <QuotationCard quotation={settings.creditQuotation} legalName={settings.legalName} />
        <PrivacyCard privacy={settings.privacy} />
        <LegalTextsCard legal={settings.legal} />
        {/* The save bar stays at the bottom of the screen on this long form, with what the save did beside the
            button: a refusal (the fields say what) or the version saved. */}
        <SaveBar
          hydrated={hydrated}
          sending={form.sending}
          error={form.notice?.tone === 'error' ? form.notice.text : null}
          saved={saved}
        />
      </form>
    </FieldErrors>
  );
}
