import { z } from 'zod';
import { DealershipSchema } from './dealership.ts';

/** PUT /admin/api/sitio: the whole settings, and the version the editor started from (a stale page gets 409). */
export const SettingsSaveSchema = z.object({
  version: z.number().int().min(0).max(2_147_483_647),
  datos: DealershipSchema,
});

/** POST /admin/api/sitio/versiones/:version/restaurar: the version the page showed as the one in use. */
export const SettingsRestoreSchema = z.object({
  version: z.number().int().min(0).max(2_147_483_647),
});

/**
 * Spanish for what the settings' own messages do not cover (a number sent as text, a list too long): zod's Spanish
 * messages, passed to `safeParse`, below every message the schemas set themselves.
 */
export const zodSpanish = z.locales.es().localeError;

/**
 * One Spanish sentence per field, keyed by its path inside the settings (`phones.0.display`), the first issue of each;
 * an issue about the whole body is under `_`.
 */
export function settingsFieldErrors(error: z.ZodError, prefix = 'datos'): Record<string, string> {
  const campos: Record<string, string> = {};
  for (const issue of error.issues) {
    const [head, ...rest] = issue.path.map(String);
    const key =
      head === prefix && rest.length > 0
        ? rest.join('.')
        : head === undefined
          ? '_'
          : [head, ...rest].join('.');
    // A list the form edits one item per line shows its item's error on the list, naming the line.
    const item = LINE_LIST_ITEM.exec(key);
    if (item?.[1] && item[2]) campos[item[1]] ??= `Línea ${Number(item[2]) + 1}: ${issue.message}`;
    else campos[key] ??= issue.message;
  }
  return campos;
}

/** An item of the texts of /financing's lists (`financingPage.directo.conditions.2`). */
const LINE_LIST_ITEM = /^(financingPage\.\w+\.\w+)\.(\d+)$/;
