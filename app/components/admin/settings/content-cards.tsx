import type { Dealership, DescribedPage } from '@contracts/dealership.ts';
import { Card } from '~/components/admin/ui';
import { TextAreaField, TextField } from '~/components/forms/fields';
import { joinLines } from '~/lib/admin/settings-form';
import { SettingsGroup } from './settings-group';
import { SitePhotoField } from './site-photo-field';

/** The six institutions of /financing: each a name, and a logo or the name drawn as a wordmark. */
export function PartnersCard({ partners }: { partners: Dealership['partners'] }) {
  return (
    <Card id="instituciones" title="Instituciones financieras">
      <p className="mb-4 text-slate-600 text-sm">
        Las seis instituciones que muestra Financiamiento. Sin logo, el nombre se dibuja con letras.
      </p>
      <div className="grid gap-4">
        {partners.map((partner, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the partners are a fixed six, in order
          <SettingsGroup key={index} legend={`Institución ${index + 1}`}>
            <TextField
              name={`partners.${index}.name`}
              label="Nombre"
              defaultValue={partner.name}
              maxLength={60}
              className="sm:col-span-2"
            />
            <SitePhotoField
              name={`partners.${index}.logo`}
              initial={partner.logo}
              label="Logo"
              subject={`la institución ${index + 1}`}
              previewAlt={`Logo elegido para la institución ${index + 1}`}
              emptyText="Sin logo: se muestra el nombre."
            />
          </SettingsGroup>
        ))}
      </div>
    </Card>
  );
}

const LIST_HINT = 'Una línea por punto, hasta 10 líneas de 160 caracteres.';

/** The texts and requirement lists of the two credit sections of /financing. */
export function FinancingTextsCard({ texts }: { texts: Dealership['financingPage'] }) {
  return (
    <Card id="textos-financiamiento" title="Textos de Financiamiento">
      <div className="grid gap-4">
        <SettingsGroup legend="Crédito Directo">
          <TextAreaField
            name="financingPage.directo.intro"
            label="Presentación"
            rows={3}
            defaultValue={texts.directo.intro}
            maxLength={600}
            className="sm:col-span-2"
          />
          <TextAreaField
            name="financingPage.directo.conditions"
            label="Condiciones"
            rows={5}
            defaultValue={joinLines(texts.directo.conditions)}
            hint={`${LIST_HINT} El pie mínimo se agrega después de la tercera, calculado de las condiciones.`}
          />
          <TextAreaField
            name="financingPage.directo.requirements"
            label="Requisitos"
            rows={5}
            defaultValue={joinLines(texts.directo.requirements)}
            hint={LIST_HINT}
          />
        </SettingsGroup>
        <SettingsGroup legend="Crédito Convencional">
          <TextAreaField
            name="financingPage.convencional.intro"
            label="Presentación"
            rows={3}
            defaultValue={texts.convencional.intro}
            maxLength={600}
            className="sm:col-span-2"
          />
          <TextAreaField
            name="financingPage.convencional.dependent"
            label="Requisitos de trabajadores dependientes"
            rows={4}
            defaultValue={joinLines(texts.convencional.dependent)}
            hint={LIST_HINT}
          />
          <TextAreaField
            name="financingPage.convencional.independent"
            label="Requisitos de trabajadores independientes"
            rows={4}
            defaultValue={joinLines(texts.convencional.independent)}
            hint={LIST_HINT}
          />
        </SettingsGroup>
      </div>
    </Card>
  );
}

const PAGE_NAMES: Record<DescribedPage, string> = {
  home: 'Inicio',
  vehicles: 'Nuestro Stock',
  financing: 'Financiamiento',
  insurance: 'Seguros',
  sellYourCar: 'Compramos tu auto',
  commercialAdvisory: 'Asesoría Comercial',
  contact: 'Contacto',
};

/** The descriptions search engines and shared links show; a blank one keeps the site's own. */
export function DescriptionsCard({ descriptions }: { descriptions: Dealership['pageDescriptions'] }) {
  return (
    <Card id="descripciones" title="Descripciones para buscadores">
      <p className="mb-4 text-slate-600 text-sm">
        El texto bajo el título en Google y al compartir un enlace. En blanco, el sitio escribe uno con el
        nombre de la automotora. Lo ideal: entre 70 y 160 caracteres.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {(Object.keys(PAGE_NAMES) as DescribedPage[]).map((page) => (
          <TextAreaField
            key={page}
            name={`pageDescriptions.${page}`}
            label={PAGE_NAMES[page]}
            required={false}
            rows={3}
            defaultValue={descriptions[page] ?? ''}
            maxLength={300}
          />
        ))}
      </div>
    </Card>
  );
}
