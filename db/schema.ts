// Every table in one file, grouped by area (stock, leads, e-mail, staff, audit, limits): drizzle-kit reads this one
// schema to write the migrations, and the tables reference each other across areas. Longer than ~300 lines for that.
import type { Dealership } from '@contracts/dealership.ts';
import { CONSENT_PURPOSES, LEAD_KINDS } from '@contracts/lead-options.ts';
import { RIGHTS, RIGHTS_REQUEST_STATUSES } from '@contracts/rights.ts';
import type { StoredSimulation } from '@domain/credit-quotation.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Image bytes live in the database (ADR 0003), so every instance serves the same files. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- catalogue lookups

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
});

export const bodyTypes = pgTable('body_types', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
});

export const fuels = pgTable('fuels', {
  id: serial('id').primaryKey(),
  tipo: text('tipo').notNull().unique(),
});

/** Names carry the 'Transmisión ' prefix, as the public API contract requires. */
export const transmissions = pgTable('transmissions', {
  id: serial('id').primaryKey(),
  tipo: text('tipo').notNull().unique(),
});

export const features = pgTable('features', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
});

// ---------------------------------------------------------------- vehicles

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The model as staff type it under "Modelo", without its version: "Accent", "Ranger". */
    modelName: text('model_name').notNull(),
    /** The version (trim) as staff type it under "Versión": "GL", "XLT 4x4"; null when there is none. */
    version: text('version'),
    /**
     * The model as the site shows it and the public API's `modelo` ("Accent GL", "Ranger XLT 4x4"): the model and
     * its version, kept by the database so every reader (pages, search, lists, e-mails) has one text. The ad-catalog
     * feeds, which ask for the two apart, read `modelName` and `version` (ADR 0021).
     */
    model: text('model')
      .notNull()
      .generatedAlwaysAs(
        sql`case when "version" is null then "model_name" else "model_name" || ' ' || "version" end`,
      ),
    year: smallint('year').notNull(),
    /** Whole Chilean pesos. */
    price: bigint('price', { mode: 'number' }).notNull(),
    mileage: integer('mileage').notNull(),
    condition: text('condition', { enum: ['Nuevo', 'Usado'] }).notNull(),
    transmissionId: integer('transmission_id')
      .notNull()
      .references(() => transmissions.id),
    fuelId: integer('fuel_id')
      .notNull()
      .references(() => fuels.id),
    bodyTypeId: integer('body_type_id')
      .notNull()
      .references(() => bodyTypes.id),
    engine: text('engine').notNull(),
    color: text('color').notNull(),
    featured: boolean('featured').notNull().default(false),
    /** Vehicle identification number (ISO 3779), upper-case; ad-catalog feeds list only vehicles that have one. */
    vin: text('vin'),
    /** The dealership's own stock reference (its spreadsheet or DMS), matched by the stock import. */
    externalRef: text('external_ref'),
    /** The Chilean plate, normalised ("BBCD12"); staff only, never on the public site (ADR 0040). */
    plate: text('plate'),
    doors: smallint('doors'),
    previousOwners: smallint('previous_owners'),
    /** Free text the vehicle page shows (line breaks kept). */
    description: text('description'),
    /**
     * One more with every change of the vehicle's data (form, quick change, import, sale), not of its photos: the
     * stock spreadsheet carries it per row, so an import knows a row is older than the vehicle (ADR 0040).
     */
    revision: integer('revision').notNull().default(1),
    status: text('status', { enum: ['draft', 'published', 'sold'] })
      .notNull()
      .default('draft'),
    /** Order of the 'Destacados' sort: lower first, then newest id. */
    sortOrder: integer('sort_order').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vehicles_status_idx').on(t.status, t.sortOrder, t.id),
    index('vehicles_featured_idx').on(t.featured).where(sql`${t.status} = 'published'`),
    // NULLs never collide: a vehicle without a VIN or reference is allowed any number of times.
    uniqueIndex('vehicles_vin_unique').on(t.vin),
    uniqueIndex('vehicles_external_ref_unique').on(t.externalRef),
    // The contract's rules (contracts/admin-stock.ts), kept by the database too against any other writer.
    check('vehicles_vin_format', sql`${t.vin} ~ '^[A-HJ-NPR-Z0-9]{17}$'`),
    check('vehicles_external_ref_length', sql`char_length(${t.externalRef}) between 1 and 40`),
    uniqueIndex('vehicles_plate_unique').on(t.plate),
    check('vehicles_plate_format', sql`${t.plate} ~ '^([A-Z]{4}[0-9]{2}|[A-Z]{2}[0-9]{4})$'`),
    check('vehicles_doors_range', sql`${t.doors} between 2 and 6`),
    check('vehicles_previous_owners_range', sql`${t.previousOwners} between 0 and 15`),
    check('vehicles_description_length', sql`char_length(${t.description}) between 1 and 2000`),
  ],
);

export const vehicleFeatures = pgTable(
  'vehicle_features',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.featureId] })],
);

/**
 * Every change of a vehicle's price by staff, written in the transaction that changes it: the back office shows the
 * history, and the site shows "Bajó de precio" for a while after a decrease (domain/price-drop.ts).
 */
export const vehiclePriceChanges = pgTable(
  'vehicle_price_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    /** Whole Chilean pesos, before and after the change. */
    previousPrice: bigint('previous_price', { mode: 'number' }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    changedBy: integer('changed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vehicle_price_changes_vehicle_idx').on(t.vehicleId, t.changedAt)],
);

// ---------------------------------------------------------------- images

/** A validated, metadata-free master image. `hash` (sha-256 of the master bytes) names it in URLs. */
export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull().unique(),
  format: text('format', { enum: ['jpeg', 'png'] }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** Responsive variants, encoded on first request and kept. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['avif', 'webp', 'jpeg'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.format, t.width] })],
);

export const vehicleImages = pgTable(
  'vehicle_images',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id),
    /** 0 is the main photo. */
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.imageId] }),
    index('vehicle_images_order_idx').on(t.vehicleId, t.position),
  ],
);

// ---------------------------------------------------------------- staff

export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['admin', 'ventas'] }).notNull(),
  active: boolean('active').notNull().default(true),
  /** E-mails about leads (issue 21): a lead given to them, or, for 'ventas', one that arrives unassigned. */
  leadEmails: boolean('lead_emails').notNull().default(true),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Only a hash of the session token is stored, so a database leak does not leak live sessions. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Links to set a new password (issue 31): asked for on "¿Olvidaste tu contraseña?" or sent by an admin. Single use,
 * they expire; only a hash of the token (32 random bytes) is stored. `requestedBy` is the admin who sent it, null
 * when the holder asked.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    requestedBy: integer('requested_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- leads

export const LEAD_STATUSES = ['nuevo', 'contactado', 'cerrado', 'descartado'] as const;

/** Common columns of the six request kinds; the kind-specific fields are in `details`. */
export const leads = pgTable(
  'leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: LEAD_KINDS }).notNull(),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('nuevo'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    /** A financing request's credit simulation, computed by the server from the inputs the visitor sent. */
    simulation: jsonb('simulation').$type<StoredSimulation>(),
    /** A test drive's slot start (kind 'prueba', ADR 0020). */
    testDriveAt: timestamp('test_drive_at', { withTimezone: true }),
    sourcePage: text('source_page'),
    // Where the visit the lead came from began (contracts/attribution.ts): sent by the visitor's browser with the
    // lead, each value checked on its own; null when not sent or refused.
    landingPage: text('landing_page'),
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    ipHash: text('ip_hash'),
    /** When first contact is promised: 24 h after arrival, 48 h for appraisals. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    firstContactAt: timestamp('first_contact_at', { withTimezone: true }),
    /** Who made the first contact (issue 31): the team figures credit it to them, whoever owns the lead now. */
    firstContactBy: integer('first_contact_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The staff member who owns the lead (issue 21), or nobody; set by round-robin on arrival or by staff. */
    ownerId: integer('owner_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** When the reminder at 75% of the promised time was queued (issue 21); null until then, set once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the retention job (or an erasure) anonymised the request (ADR 0031); its personal fields are gone. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /**
     * The socio-economic detail fields (ADR 0031) the person filled in without ticking their express consent (art.
     * 16): their values were dropped before anything was stored; only that they were not kept is, so staff ask.
     */
    withheldDetails: jsonb('withheld_details').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt),
    // 'Mis solicitudes' and the team figures of the dashboard read one owner's leads.
    index('leads_owner_idx').on(t.ownerId, t.createdAt),
    // The reminder job looks only at unanswered leads not yet reminded.
    index('leads_reminder_idx').on(t.dueAt).where(sql`${t.status} = 'nuevo' and ${t.reminderSentAt} is null`),
    index('leads_kind_status_idx').on(t.kind, t.status),
    index('leads_email_idx').on(t.email),
    index('leads_test_drive_idx').on(t.testDriveAt),
    // The retention rule (server/services/privacy/retention-rule.ts) looks for requests of a kind whose activity on
    // the row ended before a cut-off, among those not anonymised yet; the expression is the rule's, word for word.
    index('leads_retention_idx')
      .on(t.kind, sql`greatest("created_at", "status_changed_at", "first_contact_at", "test_drive_at")`)
      .where(sql`${t.anonymizedAt} is null`),
    // An anonymised request keeps no way back to the person (art. 2 k): whatever writes anonymized_at must have
    // emptied these. The e-mail stays NOT NULL for every reader of a live request, and is '' once anonymised.
    check(
      'leads_anonymized_empty',
      sql`${t.anonymizedAt} is null or (${t.email} = '' and ${t.phone} is null and ${t.message} is null
        and ${t.simulation} is null and ${t.testDriveAt} is null and ${t.ipHash} is null and ${t.sourcePage} is null
        and ${t.landingPage} is null and ${t.referrerHost} is null and ${t.utmSource} is null
        and ${t.utmMedium} is null and ${t.utmCampaign} is null)`,
    ),
  ],
);

/**
 * Views of each vehicle's page per Chilean calendar day: counted in memory by each instance and added here every few
 * seconds (server/services/catalogue/view-counter.ts). Nothing about the visitor: no address, agent or cookie.
 */
export const vehicleViews = pgTable(
  'vehicle_views',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.day] }), index('vehicle_views_day_idx').on(t.day)],
);

/**
 * One row per test-drive slot ever asked for: the booking locks it (SELECT … FOR UPDATE) so that concurrent bookings
 * of one slot, on any instance, count its places one after the other (ADR 0020).
 */
export const testDriveSlots = pgTable('test_drive_slots', {
  startsAt: timestamp('starts_at', { withTimezone: true }).primaryKey(),
  createdAt: createdAt(),
});

export const leadPhotos = pgTable(
  'lead_photos',
  {
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.imageId] })],
);

export const leadNotes = pgTable(
  'lead_notes',
  {
    id: serial('id').primaryKey(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  // A lead's page reads its notes (and erasing a lead cascades) without scanning every note.
  (t) => [index('lead_notes_lead_idx').on(t.leadId)],
);

/** A replayed submission (same Idempotency-Key) gets the first answer back instead of a second lead. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  statusCode: smallint('status_code').notNull(),
  response: jsonb('response').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- e-mail outbox

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: bigint('lead_id', { mode: 'number' }).references(() => leads.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Image ids to attach (appraisal photos). */
    attachments: jsonb('attachments').$type<number[]>().notNull().default([]),
    /**
     * The staff member who wrote it to the person from the request («Escribir correo», ADR 0041); null for the
     * messages the site writes itself (staff notices, receipts, reminders).
     */
    writtenBy: integer('written_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // A lead's page shows the delivery state of its e-mail; the outbox keeps every message ever sent.
    index('email_outbox_lead_idx').on(t.leadId),
    // Whether an image is still some e-mail's attachment (deleteUnusedImages) without reading the whole outbox.
    index('email_outbox_attachments_idx').using('gin', t.attachments.op('jsonb_path_ops')),
  ],
);

// ---------------------------------------------------------------- operations

/** Sliding-window counters shared by every instance (lead and password-change rate limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Failed back office sign-ins, one row per lane (an account's e-mail, a client address, a remembered browser), shared
 * by every instance: how many failures since the lane was last quiet, and until when its next attempt must wait
 * (ADR 0028). Keys are HMACs, never the address or e-mail themselves.
 */
export const signInThrottle = pgTable('signin_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // The history of one thing (a lead's status changes) without scanning the whole trail.
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

/**
 * The dealership's site settings (contracts/dealership.ts), one row per saved version: the newest is the one in use.
 * Saving or restoring adds a row, so every earlier version stays and can be restored (ADR 0025).
 */
export const siteSettings = pgTable('site_settings', {
  version: serial('version').primaryKey(),
  data: jsonb('data').$type<Dealership>().notNull(),
  /** Null for the first version, taken from DEALERSHIP_FILE or the demo default. */
  createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  /** Set when this version is a restore of an earlier one. */
  restoredFrom: integer('restored_from'),
  createdAt: createdAt(),
});

/** Photos uploaded for the site itself (home slides): public under /media like vehicle photos (ADR 0025). */
export const siteImages = pgTable('site_images', {
  imageId: integer('image_id')
    .primaryKey()
    .references(() => images.id),
  createdAt: createdAt(),
});

/** Small durable facts about this installation, e.g. the progress of the demo photo rendering. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- personal data (Ley 21.719, ADR 0031)

/** Each published wording of /privacidad (art. 14 ter a): a new version whenever the rendered text changes. */
export const privacyPolicyVersions = pgTable('privacy_policy_versions', {
  version: integer('version').primaryKey(),
  /** The Markdown as published, placeholders filled from the settings of that moment. */
  text: text('text').notNull(),
  /** sha256 of `text`: the publisher compares it with the newest version's to know whether anything changed. */
  textHash: text('text_hash').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every consent given or withdrawn, never updated (art. 12: the controller proves the consent). A consent's state is
 * its latest event for the person (and the request, for the purposes given with one).
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The person, by the e-mail address they gave, lower-cased. */
    email: text('email').notNull(),
    /** The request the consent was given with, when any; marketing consents outlive their request. */
    leadId: bigint('lead_id', { mode: 'number' }).references(() => leads.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    action: text('action', { enum: ['otorga', 'retira'] }).notNull(),
    /** The sentence the person saw beside the box (or the button they pressed), as it was. */
    wording: text('wording').notNull(),
    policyVersion: integer('policy_version').references(() => privacyPolicyVersions.version),
    /** Where it happened: a form's lead kind, 'correo' (a link in an e-mail), 'derechos' (the rights page). */
    channel: text('channel').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('consent_events_email_idx').on(t.email, t.purpose, t.createdAt),
    index('consent_events_lead_idx').on(t.leadId),
  ],
);

/** The register of cessions (art. 15): each request passed to a lender or insurer, to whom, when, which data. */
export const leadCessions = pgTable(
  'lead_cessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null once the request was erased: the register keeps that a cession happened, with nothing personal. */
    leadId: bigint('lead_id', { mode: 'number' }).references(() => leads.id, { onDelete: 'set null' }),
    /** The partner's name as the settings held it when the request was passed. */
    recipient: text('recipient').notNull(),
    /** The categories of data passed, in Spanish ('identificación y contacto', 'datos del crédito'…). */
    categories: jsonb('categories').$type<string[]>().notNull(),
    /** The consent relied on (its 'otorga' event). */
    consentEventId: bigint('consent_event_id', { mode: 'number' }).references(() => consentEvents.id, {
      onDelete: 'set null',
    }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lead_cessions_lead_idx').on(t.leadId), index('lead_cessions_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- rights requests (arts. 4–11, ADR 0031 decision 6)

/**
 * A person's request under a right, made on /derechos without an account. It exists unconfirmed until the link sent
 * to the address is opened (only a hash of that token is kept); confirming receives it and starts its legal clock.
 */
export const rightsRequests = pgTable(
  'rights_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The address the person gave, lower-cased: it names the person and receives every answer. */
    email: text('email').notNull(),
    right: text('right', { enum: RIGHTS }).notNull(),
    /** What to correct and how, the ground for a suppression or opposition, as the person wrote it. */
    details: text('details'),
    /** Art. 8 ter: processing blocked while a rectification, suppression or opposition is decided. */
    blockRequested: boolean('block_requested').notNull().default(false),
    status: text('status', { enum: RIGHTS_REQUEST_STATUSES }).notNull().default('sin_confirmar'),
    /** sha256 of the single-use confirmation token; null once used. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    /** When the link was confirmed: the request is received and its clock starts (art. 11). */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    extensionReason: text('extension_reason'),
    /** 2 business days after receipt, when a block was asked for. */
    blockDueAt: timestamp('block_due_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    unblockedAt: timestamp('unblocked_at', { withTimezone: true }),
    /** sha256 of the download link's token (access, portability), valid until `exportExpiresAt`. */
    exportTokenHash: text('export_token_hash'),
    exportExpiresAt: timestamp('export_expires_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** What staff did, or the reasons of a refusal, as the person was told. */
    resolutionNote: text('resolution_note'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    blockReminderSentAt: timestamp('block_reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rights_requests_token_idx').on(t.tokenHash),
    uniqueIndex('rights_requests_export_token_idx').on(t.exportTokenHash),
    index('rights_requests_status_idx').on(t.status, t.dueAt),
    // A lead's page asks whether its address is blocked.
    index('rights_requests_blocked_idx')
      .on(t.email)
      .where(sql`${t.blockedAt} is not null and ${t.unblockedAt} is null`),
    index('rights_requests_email_idx').on(t.email, t.createdAt),
  ],
);

/** Every step of a rights request, never updated: who, when, what, and the e-mail that told the person (art. 11). */
export const rightsRequestEvents = pgTable(
  'rights_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => rightsRequests.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** Null for the person's own steps and the system's. */
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The outbox row of the e-mail sent at this step; its subject is kept in `details` should the row be erased. */
    emailId: bigint('email_id', { mode: 'number' }).references(() => emailOutbox.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('rights_request_events_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * The breach register (art. 14 sexies): each security incident that touched personal data, as the admins recorded
 * it. Edits go to the audit trail (entity 'vulneracion'), which is the incident's history.
 */
export const securityBreaches = pgTable('security_breaches', {
  id: serial('id').primaryKey(),
  /** What happened, in the admin's words. */
  summary: text('summary').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
  /** Keys of BREACH_CATEGORIES (contracts/admin-registers.ts). */
  categories: jsonb('categories').$type<string[]>().notNull(),
  /** The approximate number of people affected. */
  affectedPeople: integer('affected_people').notNull(),
  /** Its possible consequences for the people affected: the notices say them (art. 14 sexies). */
  consequences: text('consequences').notNull(),
  /** What was done to contain it and to keep it from happening again. */
  measures: text('measures').notNull(),
  /** When the Agencia de Protección de Datos Personales was told; null while it was not. */
  agencyNotifiedAt: timestamp('agency_notified_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One notice per incident and person (art. 14 sexies): the unique index is what makes "Preparar avisos" send each
 * person one notice however often, and on however many instances, it is pressed. The person is kept as a SHA-256 of
 * the lower-cased address (the outbox row holds the address until an erasure removes it).
 */
export const breachNotices = pgTable(
  'breach_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    breachId: integer('breach_id')
      .notNull()
      .references(() => securityBreaches.id),
    emailHash: text('email_hash').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => emailOutbox.id, {
      onDelete: 'set null',
    }),
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('breach_notices_once').on(t.breachId, t.emailHash)],
);

// ---------------------------------------------------------------- sales

/**
 * A sale (issue 31, ADR 0038): marking a vehicle 'vendido' writes one, with the day (Chile), the final price, the
 * salesperson and, optionally, the request it came from and the cost. Undoing it keeps the row (`undoneAt`, who and
 * why) and puts the vehicle back on sale: the report counts only live sales, the trail keeps both. At most one live
 * sale per vehicle. What the report groups by is copied at the time of the sale (the list price, the publication
 * day, the request's source), so a later change of the vehicle or an anonymised request does not rewrite history.
 */
export const vehicleSales = pgTable(
  'vehicle_sales',
  {
    id: serial('id').primaryKey(),
    // No ON DELETE: a vehicle with a sale, live or undone, cannot be deleted (stock-commands.ts says so).
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    /** The Chilean calendar day of the sale. */
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    /** Whole Chilean pesos: what the buyer paid, and the vehicle's price on the site at the time. */
    price: bigint('price', { mode: 'number' }).notNull(),
    listPrice: bigint('list_price', { mode: 'number' }).notNull(),
    /** What the vehicle cost the dealership (admins only); null when not entered. */
    cost: bigint('cost', { mode: 'number' }),
    salespersonId: integer('salesperson_id')
      .notNull()
      .references(() => staffUsers.id),
    leadId: bigint('lead_id', { mode: 'number' }).references(() => leads.id, { onDelete: 'set null' }),
    /** The request's source as the reports name it ('Facebook', 'Directo'), copied at the sale; null: no request. */
    source: text('source'),
    /** When the vehicle was first published, copied at the sale (days in stock); null: never published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    recordedBy: integer('recorded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    undoReason: text('undo_reason'),
  },
  (t) => [
    uniqueIndex('vehicle_sales_live_unique').on(t.vehicleId).where(sql`${t.undoneAt} is null`),
    index('vehicle_sales_sold_on_idx').on(t.soldOn).where(sql`${t.undoneAt} is null`),
    check('vehicle_sales_price_positive', sql`${t.price} > 0 and ${t.listPrice} > 0`),
    check('vehicle_sales_cost_positive', sql`${t.cost} is null or ${t.cost} > 0`),
  ],
);
