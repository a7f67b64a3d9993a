import {
  LEGAL_PLACEHOLDERS,
  LEGAL_TEXT_MAX,
  type LegalTexts,
  REQUIRED_PRIVACY_PLACEHOLDERS,
} from '@contracts/legal-texts.ts';
import { Card } from '~/components/admin/ui';
import { TextAreaField, TextField } from '~/components/forms/fields';

const PLACEHOLDERS_HINT = `Datos que se completan solos: ${Object.keys(LEGAL_PLACEHOLDERS)
  .map((name) => `{${name}}`)
  .join(', ')}.`;

const REQUIRED_HINT = REQUIRED_PRIVACY_PLACEHOLDERS.map((name) => `{${name}}`)
  .join(', ')
  .replace(/, ([^,]*)$/, ' y $1');

/** What staff may write in a legal text: the subset contracts/legal-texts.ts accepts. */
const FORMATS: Array<[string, string]> = [
  ['## Título', 'una sección numerada, con su entrada en el índice'],
  ['### Subtítulo', 'un subtítulo dentro de una sección'],
  ['- elemento', 'una lista; 1. elemento, una lista numerada'],
  ['**negrita** y *cursiva*', 'para destacar'],
  ['[texto](https://…)', 'un enlace a otro sitio, a mailto: o a una página del sitio como /contact'],
];

/** The terms and privacy texts (/terminos and /privacidad), in a small Markdown subset, and their date. */
export function LegalTextsCard({ legal }: { legal: LegalTexts }) {
  return (
    <Card id="textos-legales" title="Textos legales">
      <div className="mb-4 text-slate-600 text-sm">
        <p>
          Los términos y condiciones y la política de privacidad del sitio. Deja una línea en blanco entre
          párrafos. El formato permitido es:
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {FORMATS.map(([example, meaning]) => (
            <li key={example}>
              <code className="rounded bg-slate-100 px-1 text-slate-800">{example}</code>: {meaning}.
            </li>
          ))}
          {Object.entries(LEGAL_PLACEHOLDERS).map(([name, meaning]) => (
            <li key={name}>
              <code className="rounded bg-slate-100 px-1 text-slate-800">{`{${name}}`}</code>: {meaning}.
            </li>
          ))}
        </ul>
        <p className="mt-2">El HTML no se permite y otros enlaces se rechazan.</p>
      </div>
      <div className="grid gap-4">
        <TextAreaField
          name="legal.terms"
          label="Términos y condiciones"
          rows={16}
          defaultValue={legal.terms}
          maxLength={LEGAL_TEXT_MAX}
          hint={`Se muestra en /terminos. ${PLACEHOLDERS_HINT}`}
        />
        <TextAreaField
          name="legal.privacy"
          label="Política de privacidad"
          rows={16}
          defaultValue={legal.privacy}
          maxLength={LEGAL_TEXT_MAX}
          hint={`Se muestra en /privacidad, como una versión nueva cada vez que cambia. Debe incluir ${REQUIRED_HINT}. ${PLACEHOLDERS_HINT}`}
        />
        <TextField
          name="legal.updated"
          label="Última actualización"
          type="date"
          defaultValue={legal.updated}
          hint="La fecha que muestra /terminos; cámbiala cuando cambies su texto. /privacidad muestra la fecha de su versión vigente."
          className="sm:max-w-xs"
        />
      </div>
    </Card>
  );
}
