import {
  LEGAL_PLACEHOLDERS,
  LEGAL_TEXT_MAX,
  type LegalTexts,
  REQUIRED_PRIVACY_PLACEHOLDERS,
} from '@contracts/legal-texts.ts';
import { dayKeyToChile } from '@domain/chile-time';
import { Card } from '~/components/admin/ui';
import { TextAreaField } from '~/components/forms/fields';

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
        <p className="text-slate-700 text-sm">
          <span className="font-medium text-slate-900">Última actualización de los términos:</span>{' '}
          {dayKeyToChile(legal.updated)}.{' '}
          <span className="text-slate-600">
            Se pone sola con la fecha del día en que se guarda un cambio de su texto. /privacidad muestra la
            fecha de su versión vigente.
          </span>
        </p>
      </div>
    </Card>
  );
}
