import { z } from 'zod';
import { DealershipSchema } from './dealership.ts';
import { normalizePhone, PHONE_ERROR } from './phone.ts';

/** PUT /admin/api/sitio: the whole settings, and the version the editor started from (a stale page gets 409). */
export const SettingsSaveSchema = z.strictObject({
  version: z.number().int().min(0).max(2_147_483_647),
  // A save states each insurance's insurer and coverage (the quotation shows them, ADR 0032); a stored version from
  // before they existed still reads.
  datos: DealershipSchema.superRefine((settings, context) => {
    // A number saved now is one people can call (ADR 0041); an older version's odd number still reads.
    settings.phones.forEach((phone, index) => {
      if (normalizePhone(phone.e164) !== phone.e164)
        context.addIssue({ code: 'custom', path: ['phones', index, 'e164'], message: PHONE_ERROR });
      const shown = normalizePhone(phone.display);
      if (shown !== null && shown !== phone.e164)
        context.addIssue({
          code: 'custom',
          path: ['phones', index, 'display'],
          message:
            'Dice otro número que el de «Número»: corrígelo o déjalo en blanco para mostrar el número.',
        });
    });
    if (normalizePhone(`+${settings.whatsapp}`) === null)
      context.addIssue({ code: 'custom', path: ['whatsapp'], message: PHONE_ERROR });
    settings.financing.insurances.forEach((insurance, index) => {
      if (insurance.insurer === undefined)
        context.addIssue({
          code: 'custom',
          path: ['financing', 'insurances', index, 'insurer'],
          message: 'Ingresa la aseguradora.',
        });
      if (insurance.coverage === undefined)
        context.addIssue({
          code: 'custom',
          path: ['financing', 'insurances', index, 'coverage'],
          message: 'Ingresa la cobertura del seguro.',
        });
    });
  }),
});

/** POST /admin/api/sitio/versiones/:version/restaurar: the version the page showed as the one in use. */
export const SettingsRestoreSchema = z.object({
  version: z.number().int().min(0).max(2_147_483_647),
});

export { zodSpanish } from './zod-spanish.ts';

/** The sentence of a field the settings do not have, under the field's own name (`pageDescriptions.inicio`). */
export const UNKNOWN_SETTING = 'Este campo no existe en la configuración.';

/** The refusal of settings whose only fault is fields they do not have. */
export const UNKNOWN_SETTINGS = 'La configuración trae campos que no existen.';

/**
 * One Spanish sentence per field, keyed by its path inside the settings (`phones.0.display`), the first issue of each;
 * an issue about the whole body is under `_`. A field the settings do not have is named by its own path: the
 * name is in the key, never in the sentence, so whatever a caller called it is not echoed as text.
 */
export function settingsFieldErrors(error: z.ZodError, prefix = 'datos'): Record<string, string> {
  const campos: Record<string, string> = {};
  const keyOf = (path: readonly PropertyKey[]) => {
    const [head, ...rest] = path.map(String);
    return head === prefix && rest.length > 0
      ? rest.join('.')
      : head === undefined
        ? '_'
        : [head, ...rest].join('.');
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) campos[keyOf([...issue.path, name])] ??= UNKNOWN_SETTING;
      continue;
    }
    const key = keyOf(issue.path);
    // A list the form edits one item per line shows its item's error on the list, naming the line.
    const item = LINE_LIST_ITEM.exec(key);
    // A day's hours are one field of the form: a range's error shows on its day.
    const day = WEEK_DAY_RANGE.exec(key)?.[1];
    if (item?.[1] && item[2]) campos[item[1]] ??= `Línea ${Number(item[2]) + 1}: ${issue.message}`;
    else if (day) campos[day] ??= issue.message;
    else campos[key] ??= issue.message;
  }
  return campos;
}

/** An item of a list typed one per line: /financing's (`financingPage.directo.conditions.2`), the insurers. */
const LINE_LIST_ITEM = /^(financingPage\.\w+\.\w+|privacy\.insurers|schedule\.closedDates)\.(\d+)$/;

/** A range of one day of the opening hours (`schedule.week.1.0.open`): the form edits the day as one field. */
const WEEK_DAY_RANGE = /^(schedule\.week\.\d+)\.\d+(?:\.\w+)?$/;

/** The sentence above the fields: one naming unknown fields when nothing else is wrong. */
export function settingsRefusal(error: z.ZodError): string {
  return error.issues.every((issue) => issue.code === 'unrecognized_keys')
    ? UNKNOWN_SETTINGS
    : 'Revisa los campos marcados.';
}
