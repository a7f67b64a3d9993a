// The dealership's site settings, kept as versions in the database (ADR 0025). The newest version is the one in use;
// the catalogue snapshot carries it, so a change reaches every page, e-mail and feed, on every instance, the way a
// stock change does.
import { type Dealership, parseStoredDealership, withOpeningSchedule } from '@contracts/dealership.ts';
import { missingPrivacyPlaceholders } from '@contracts/legal-texts.ts';
import type { ImageRef } from '@contracts/listing.ts';
import type { Db } from '@db/client.ts';
import { auditLog, images, siteImages, siteSettings, staffUsers } from '@db/schema.ts';
import { type AuditLine, auditLines } from '@domain/audit-text.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { settingsRateIssues } from '@domain/maximum-rate.ts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { type PreparedImage, storeImage } from '../images/ingest-image.ts';
import { type PolicyPublication, publishPolicyVersion } from '../privacy/publish-policy-version.ts';
import { Refusal } from '../refusal.ts';

export interface CurrentSettings {
  /** 0 while the database holds no version yet: the settings are then the configured first version. */
  version: number;
  data: Dealership;
}

/** What a save or a restore left in use, and the privacy policy version in force after it (null: nothing changed). */
export interface SavedSettings extends CurrentSettings {
  policy: PolicyPublication | null;
}

export interface SettingsVersion {
  version: number;
  createdAt: string;
  /** The staff member who saved it; null for the first version (configuration) or a deleted account. */
  createdBy: string | null;
  restoredFrom: number | null;
  /** What it changed from the version before it, in the form's words (its audit entry); empty for the first. */
  changes: AuditLine[];
}

/** How many versions the back office lists (the newest first); older ones stay in the database. */
export const SETTINGS_VERSIONS_SHOWN = 30;

/** The version in use: the newest row, or the configured settings when there is none. */
export async function loadCurrentSettings(db: Db, initial: Dealership): Promise<CurrentSettings> {
  const [row] = await db
    .select({ version: siteSettings.version, data: siteSettings.data })
    .from(siteSettings)
    .orderBy(desc(siteSettings.version))
    .limit(1);
  if (!row) return { version: 0, data: initial };
  // A version written by an older release may miss a field added since: the configured settings fill what is
  // missing, and a version the rules refuse all the same is replaced by them rather than the site failing. A field
  // it has that was removed since is dropped.
  const parsed = parseStoredDealership({ ...initial, ...(withOpeningSchedule(row.data) as object) });
  return { version: row.version, data: parsed.success ? parsed.data : initial };
}

export async function listSettingsVersions(db: Db): Promise<SettingsVersion[]> {
  const rows = await db
    .select({
      version: siteSettings.version,
      createdAt: siteSettings.createdAt,
      createdBy: staffUsers.name,
      restoredFrom: siteSettings.restoredFrom,
    })
    .from(siteSettings)
    .leftJoin(staffUsers, eq(staffUsers.id, siteSettings.createdBy))
    .orderBy(desc(siteSettings.version))
    .limit(SETTINGS_VERSIONS_SHOWN);
  // Each save's audit entry names what it changed (settingsChanges), read as the audit page reads it.
  const entries =
    rows.length === 0
      ? []
      : await db
          .select({ version: auditLog.entityId, action: auditLog.action, details: auditLog.details })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.entity, 'configuracion'),
              inArray(auditLog.action, ['configuracion_guardada', 'configuracion_restaurada']),
              inArray(
                auditLog.entityId,
                rows.map((row) => String(row.version)),
              ),
            ),
          );
  const changesOf = new Map(
    entries.map((entry) => {
      const { restauradaDe: _restored, ...details } = entry.details;
      return [entry.version, auditLines(entry.action, details)] as const;
    }),
  );
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    changes: changesOf.get(String(row.version)) ?? [],
  }));
}

/**
 * What the settings editor shows: the version in use read from the database, not from the catalogue snapshot. A
 * save refuses any version but the newest, and another instance's save reaches this instance's snapshot a moment
 * later; an admin told to reload after losing a save to another instance must be shown the winner, or the next save
 * is refused again.
 */
export async function loadSettingsEditor(
  db: Db,
  initial: Dealership,
): Promise<CurrentSettings & { versions: SettingsVersion[] }> {
  const [current, versions] = await Promise.all([loadCurrentSettings(db, initial), listSettingsVersions(db)]);
  return { ...current, versions };
}

/**
 * Values compared whole: a day's opening hours (read as «Sábado: 10:30-13:30 → cerrado», not range by range) and a
 * photo (its hash and size mean nothing apart).
 */
const WHOLE = [/^schedule\.week\.\d$/, /\.(?:photo|logo)$/];

/**
 * Every leaf that differs between two versions, as `path: [before, after]` (`phones.0.display`). Arrays of different
 * lengths name the array itself. Only what changed goes in the audit trail, so a phone change reads as one line.
 */
export function settingsChanges(
  before: unknown,
  after: unknown,
  path = '',
): Record<string, [unknown, unknown]> {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const bothArrays = Array.isArray(before) && Array.isArray(after) && before.length === after.length;
  const whole = WHOLE.some((rule) => rule.test(path));
  if (!whole && ((isObject(before) && isObject(after)) || bothArrays)) {
    const a = before as Record<string, unknown>;
    const b = after as Record<string, unknown>;
    const changes: Record<string, [unknown, unknown]> = {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      Object.assign(changes, settingsChanges(a[key], b[key], path ? `${path}.${key}` : key));
    }
    return changes;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? {} : { [path || '(todo)']: [before, after] };
}

/**
 * The terms' «Última actualización» (ADR 0041) is the Chilean day their text last changed, set here on every save and
 * restore that changes it; whatever date a client sends is not taken. Unchanged terms keep the date in use.
 */
export function withTermsDate(current: Dealership, next: Dealership, now: Date): Dealership {
  const updated = next.legal.terms === current.legal.terms ? current.legal.updated : chileDayKey(now);
  return updated === next.legal.updated ? next : { ...next, legal: { ...next.legal, updated } };
}

/**
 * Adds a version, one at a time: two admins saving at once are put in a line by the table lock, and the one whose
 * page showed an older version than the newest is refused (409) instead of silently undoing the other's change.
 * The first save also stores the configured settings as version 1, so they can be restored. The privacy policy
 * written from the new settings is published in the same transaction when its text changed (ADR 0031).
 */
async function addVersion(
  db: Db,
  actor: SessionUser,
  initial: Dealership,
  next: { data: Dealership; baseVersion: number; restoredFrom: number | null },
): Promise<SavedSettings> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table site_settings in exclusive mode`);
    const current = await loadCurrentSettings(tx, initial);
    if (current.version !== next.baseVersion) {
      throw new Refusal(
        'conflict',
        'Otra persona guardó la configuración mientras la editabas. Recarga la página para ver la versión actual.',
      );
    }
    const data = withTermsDate(current.data, next.data, new Date());
    const changes = settingsChanges(current.data, data);
    if (Object.keys(changes).length === 0) return { ...current, policy: null };
    checkPrivacyText(data, next.restoredFrom);
    checkMaximumRates(data, next.restoredFrom);
    await checkSitePhotos(tx, data);
    if (current.version === 0) await tx.insert(siteSettings).values({ data: initial });
    const [row] = await tx
      .insert(siteSettings)
      .values({ data, createdBy: actor.id, restoredFrom: next.restoredFrom })
      .returning({ version: siteSettings.version });
    if (!row) throw new Error('the settings version was not stored');
    await recordAudit(tx, {
      actor,
      action: next.restoredFrom === null ? 'configuracion_guardada' : 'configuracion_restaurada',
      entity: 'configuracion',
      entityId: row.version,
      details: {
        ...(next.restoredFrom === null ? {} : { restauradaDe: next.restoredFrom }),
        cambios: changes,
      },
    });
    const policy = await publishPolicyVersion(tx, data, actor);
    return { version: row.version, data, policy };
  });
}

/**
 * The privacy policy takes its retention periods and recipients from the settings: a text that would state them
 * itself could stop being true at the next change of a period or a partner, so it is not put in use.
 */
function checkPrivacyText(data: Dealership, restoredFrom: number | null): void {
  const missing = missingPrivacyPlaceholders(data.legal.privacy);
  if (!missing) return;
  if (restoredFrom !== null) throw new Refusal('invalid', `No se puede restaurar esa versión. ${missing}`);
  throw new Refusal('invalid', 'Revisa los campos marcados.', { 'legal.privacy': missing });
}

/**
 * No rate of the settings may be above the tasa máxima convencional of the credits it applies to (Ley 18.010 art. 6,
 * ADR 0042): each one above it is named under its field with the limit, and nothing is stored. A restore of a version
 * whose rates the table in force refuses is refused the same way.
 */
function checkMaximumRates(data: Dealership, restoredFrom: number | null): void {
  const issues = settingsRateIssues(data);
  const [first] = issues;
  if (!first) return;
  if (restoredFrom !== null)
    throw new Refusal('invalid', `No se puede restaurar esa versión. ${first.sentence}`);
  throw new Refusal(
    'invalid',
    'Revisa los campos marcados.',
    Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])),
  );
}

/** Stores a photo for the site (a home slide, a partner's logo) and makes it public under /media; the settings then name it. */
export async function storeSitePhoto(db: Db, photo: PreparedImage): Promise<ImageRef> {
  return db.transaction(async (tx) => {
    const stored = await storeImage(tx, photo);
    await tx.insert(siteImages).values({ imageId: stored.id }).onConflictDoNothing();
    return { hash: stored.hash, width: stored.width, height: stored.height };
  });
}

/** The site photos the settings name (slides' photos, partners' logos), each with the field that names it. */
function namedSitePhotos(data: Dealership): Array<{ field: string; hash: string }> {
  return [
    ...data.slides.flatMap((slide, index) =>
      slide.photo ? [{ field: `slides.${index}.photo`, hash: slide.photo.hash }] : [],
    ),
    ...data.partners.flatMap((partner, index) =>
      partner.logo ? [{ field: `partners.${index}.logo`, hash: partner.logo.hash }] : [],
    ),
  ];
}

/** A slide or a partner may only show a photo uploaded for the site: not a lead's photo, not a made-up hash. */
async function checkSitePhotos(db: Db, data: Dealership): Promise<void> {
  const named = namedSitePhotos(data);
  if (named.length === 0) return;
  const rows = await db
    .select({ hash: images.hash })
    .from(images)
    .innerJoin(siteImages, eq(siteImages.imageId, images.id))
    .where(
      inArray(
        images.hash,
        named.map((photo) => photo.hash),
      ),
    );
  const known = new Set(rows.map((row) => row.hash));
  const missing = named.filter((photo) => !known.has(photo.hash));
  if (missing.length > 0) {
    throw new Refusal(
      'invalid',
      'Revisa las fotos del sitio.',
      Object.fromEntries(
        missing.map((photo) => [photo.field, 'Esa foto no está entre las subidas al sitio.']),
      ),
    );
  }
}

export function saveSettings(
  db: Db,
  actor: SessionUser,
  initial: Dealership,
  data: Dealership,
  baseVersion: number,
): Promise<SavedSettings> {
  return addVersion(db, actor, initial, { data, baseVersion, restoredFrom: null });
}

/** Makes an earlier version the one in use again, as a new version (the history only grows). */
export async function restoreSettings(
  db: Db,
  actor: SessionUser,
  initial: Dealership,
  version: number,
  baseVersion: number,
): Promise<SavedSettings> {
  const [row] = await db
    .select({ data: siteSettings.data })
    .from(siteSettings)
    .where(eq(siteSettings.version, version));
  if (!row) throw new Refusal('not_found', 'Esa versión de la configuración no existe.');
  const parsed = parseStoredDealership({ ...initial, ...(withOpeningSchedule(row.data) as object) });
  if (!parsed.success)
    throw new Refusal('invalid', 'Esa versión ya no cumple las reglas actuales y no se puede restaurar.');
  return addVersion(db, actor, initial, { data: parsed.data, baseVersion, restoredFrom: version });
}
