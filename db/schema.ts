// Every table in one file, grouped by area (stock, leads, e-mail, staff, audit, limits): drizzle-kit reads this one
// schema to write the migrations, and the tables reference each other across areas. Longer than ~300 lines for that.
import type { CreditSimulation } from '@domain/credit.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
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
    model: text('model').notNull(),
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

// ---------------------------------------------------------------- leads

export const LEAD_KINDS = [
  'contacto',
  'vehiculo',
  'financiamiento',
  'seguro',
  'vendeauto',
  'asesoria',
] as const;
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
    simulation: jsonb('simulation').$type<CreditSimulation>(),
    sourcePage: text('source_page'),
    ipHash: text('ip_hash'),
    /** When first contact is promised: 24 h after arrival, 48 h for appraisals. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    firstContactAt: timestamp('first_contact_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt),
    index('leads_kind_status_idx').on(t.kind, t.status),
    index('leads_email_idx').on(t.email),
  ],
);

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
  ],
);

// ---------------------------------------------------------------- operations

/** Fixed-window counters shared by every instance (lead and sign-in rate limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

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

/** Small durable facts about this installation, e.g. the progress of the demo photo rendering. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});
