// A visitor's request, from the fields and files the HTTP layer read to the stored lead: the honeypot, the rules
// of its kind, its consents (ADR 0031), the vehicle it names, the credit simulation it comes from, its photos' headers, the rate limit for a
// client already over it, the photos' pixels, a retried Idempotency-Key and the rate limit, in that order.
import { readAttribution } from '@contracts/attribution.ts';
import type { LeadCreated } from '@contracts/leads.ts';
import { fieldErrors, HONEYPOT_FIELD } from '@contracts/leads.ts';
import type { Db } from '@db/client.ts';
import type { StoredSimulation } from '@domain/credit-quotation.ts';
import { hoursSentence } from '@domain/hours-text.ts';
import { slotLabel, slotProblem } from '@domain/test-drive.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { OutboxRelay } from '../email/outbox-relay.ts';
import { DecodeBusyError } from '../images/decode-gate.ts';
import {
  decodeImages,
  ImageRejectedError,
  type InspectedImage,
  inspectImages,
  type PreparedImage,
} from '../images/ingest-image.ts';
import { hitRateLimit, peekRateLimit } from '../rate-limit.ts';
import { Refusal } from '../refusal.ts';
import { chileHolidays } from '../rights/chile-holidays.ts';
import { quotationAt } from '../settings/quotation.ts';
import { createLead, findIdempotentReply, hasIdempotencyKey, requestHash } from './create-lead.ts';
import { applyConsents, kindConsentWording } from './lead-consents.ts';
import { buildLeadEmail, buildLeadNotice } from './lead-email.ts';
import type { LeadKindDef } from './lead-kinds.ts';
import { leadSimulation, SIMULATION_FIELD } from './lead-simulation.ts';
import { calendarPath } from './test-drive-calendar.ts';

const RATE_WINDOW_MS = 10 * 60 * 1000;
const REVIEW_FORM = 'Revisa los datos del formulario.';
const PHOTOS = 'Revisa las fotos adjuntas.';

export interface LeadSubmission {
  def: LeadKindDef;
  /** The body's fields as sent (JSON values, or the multipart form's text fields). */
  fields: Record<string, unknown>;
  /** The appraisal's photos, as uploaded. */
  files: Buffer[];
  idempotencyKey: string | null;
  /** Who sent it, as a keyed hash of the address: the rate limit's key, kept with the lead. */
  client: string;
  /** The site's page the form was sent from, when the browser said so. */
  sourcePage: string | null;
}

export type SubmitResult =
  /** Stored with its staff e-mail, a retry of a stored one, or a bot's answered as if it were. */
  | { outcome: 'accepted'; body: LeadCreated }
  | { outcome: 'refused'; refusal: Refusal }
  /** The Idempotency-Key was used before with another submission. */
  | { outcome: 'key_reused' }
  /** A test drive's slot has no place left for it (ADR 0020). */
  | { outcome: 'conflict'; field: string; message: string }
  | { outcome: 'rate_limited'; retryAfter: number }
  /** Every decode slot of the process stayed busy (ADR 0026): nothing was stored or counted. */
  | { outcome: 'busy'; message: string; retryAfter: number };

interface Dependencies {
  db: Db;
  catalogue: Pick<Catalogue, 'snapshot'>;
  outbox: Pick<OutboxRelay, 'poke'>;
  config: Pick<AppConfig, 'leadRateLimit' | 'dealership' | 'publicUrl' | 'sessionSecret'>;
  /** What time it is; tests move it. */
  now?: () => Date;
}

export function leadService({ db, catalogue, outbox, config, now = () => new Date() }: Dependencies) {
  async function submit(submission: LeadSubmission): Promise<SubmitResult> {
    const { def } = submission;
    // A bot filled the field people never see: answer as if accepted and keep nothing.
    const honeypot = submission.fields[HONEYPOT_FIELD];
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      return {
        outcome: 'accepted',
        body: { id: Math.floor(100_000 + Math.random() * 900_000), mensaje: def.accepted },
      };
    }

    const parsed = def.schema.safeParse(submission.fields);
    if (!parsed.success) return refused(REVIEW_FORM, fieldErrors(parsed.error));
    let fields = def.toFields(parsed.data);
    // Optional, and never a reason to refuse: a bad origin value is dropped and the lead kept (contracts/attribution.ts).
    const { attribution } = readAttribution(submission.fields);
    const snapshot = await catalogue.snapshot();
    // The settings of the same snapshot as the vehicle: hours, financing and the e-mail's name (ADR 0025).
    const dealership = snapshot.settings.data;
    // The calendar the opening hours close on (ADR 0036): the test drive's slot and the deadline are checked with it.
    const isHoliday = await chileHolidays();
    // First, before the request is hashed, stored or mailed: a socio-economic value without its consent goes here.
    fields = applyConsents(def, parsed.data as Record<string, unknown>, fields, dealership);
    const vehicle = fields.vehicleId === null ? null : (snapshot.byId.get(fields.vehicleId) ?? null);
    if (fields.vehicleId !== null && !vehicle && def.vehicleField) {
      return refused(REVIEW_FORM, {
        [def.vehicleField]: 'El vehículo indicado no existe o ya no está disponible.',
      });
    }
    let testDrive: { at: Date; capacity: number } | undefined;
    if (fields.testDriveAt !== undefined) {
      const at = new Date(fields.testDriveAt);
      const { schedule, testDrives } = dealership;
      const problem = slotProblem(at, now(), { schedule, isHoliday }, testDrives, hoursSentence(schedule));
      if (problem) return refused(REVIEW_FORM, { horario: problem });
      testDrive = { at, capacity: testDrives.slotCapacity };
      fields = {
        ...fields,
        testDriveAt: at.toISOString(),
        details: { ...fields.details, horario: slotLabel(at) },
      };
    }
    let simulation: StoredSimulation | null = null;
    if (fields.simulationRequest) {
      const computed = leadSimulation(
        dealership.financing,
        fields.simulationRequest,
        vehicle?.price ?? null,
        dealership,
      );
      if (!computed.ok) return refused(REVIEW_FORM, { [SIMULATION_FIELD]: computed.error });
      // The quotation's terms as the settings state them when the request arrives, dated that day (ADR 0032).
      simulation = { ...computed.simulation, quotation: await quotationAt(dealership, now()) };
    }

    // Photos are judged in two steps: every file's header first (format, declared size), then the pixels. Between
    // them, a client already over the rate limit is refused: nothing is decoded for a request that cannot be kept.
    let inspected: InspectedImage[];
    try {
      inspected = await inspectImages(submission.files);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return refusedPhoto(error);
    }
    const key = submission.idempotencyKey;
    const limitKey = `lead:${submission.client}`;
    let counted = false;
    // A retry of a stored key is answered below without counting, whatever the limit says: its photos must be
    // decoded to tell it from another request under the same key.
    if (inspected.length > 0 && !(key && (await hasIdempotencyKey(db, key)))) {
      const peek = await peekRateLimit(db, limitKey, config.leadRateLimit, RATE_WINDOW_MS);
      if (!peek.allowed) {
        // Counted as a limited submission always was: a valid request over the limit is a hit.
        const limit = await hitRateLimit(db, limitKey, config.leadRateLimit, RATE_WINDOW_MS);
        if (!limit.allowed) return { outcome: 'rate_limited', retryAfter: limit.retryAfter };
        counted = true;
      }
    }
    let photos: PreparedImage[];
    try {
      photos = await decodeImages(submission.files, inspected);
    } catch (error) {
      if (error instanceof DecodeBusyError)
        return { outcome: 'busy', message: error.message, retryAfter: error.retryAfter };
      if (!(error instanceof ImageRejectedError)) throw error;
      return refusedPhoto(error);
    }

    // A retry of an acknowledged submission is answered without counting against the limit.
    if (key) {
      const previous = await findIdempotentReply(db, key, requestHash(def, fields, photos));
      if (previous) return accepted(previous);
    }
    if (!counted) {
      const limit = await hitRateLimit(db, limitKey, config.leadRateLimit, RATE_WINDOW_MS);
      if (!limit.allowed) return { outcome: 'rate_limited', retryAfter: limit.retryAfter };
    }

    const result = await createLead(db, {
      def,
      now,
      hours: { schedule: dealership.schedule, isHoliday },
      fields,
      simulation,
      photos,
      sourcePage: submission.sourcePage,
      attribution,
      ipHash: submission.client,
      idempotencyKey: key,
      consentWording: (purpose) => kindConsentWording(def, purpose, dealership),
      testDrive,
      answer: testDrive
        ? (id) => ({
            horario: slotLabel(testDrive.at),
            calendario: `${config.publicUrl}${calendarPath(id, config.sessionSecret)}`,
          })
        : undefined,
      email: ({ id, createdAt, dueAt }) =>
        buildLeadEmail({
          id,
          def,
          fields,
          vehicle,
          simulation,
          photoCount: photos.length,
          createdAt,
          dueAt,
          dealership,
          publicUrl: config.publicUrl,
        }),
      notice: ({ id, createdAt, dueAt }, owner) =>
        buildLeadNotice({ id, def, fields, vehicle, createdAt, dueAt, publicUrl: config.publicUrl, owner }),
      receipt: { dealershipName: dealership.name, publicUrl: config.publicUrl, secret: config.sessionSecret },
    });
    if (result.outcome === 'created' && !result.replayed) outbox.poke();
    if (result.outcome === 'slot_taken')
      return { outcome: 'conflict', field: 'horario', message: result.message };
    return accepted(result);
  }

  return { submit };
}

export type LeadService = ReturnType<typeof leadService>;

function refused(message: string, campos: Record<string, string>): SubmitResult {
  return { outcome: 'refused', refusal: new Refusal('invalid', message, campos) };
}

/** A photo refused by its header or its pixels, named by its place in the form. */
function refusedPhoto(error: ImageRejectedError): SubmitResult {
  return refused(PHOTOS, { images: `Foto ${(error.index ?? 0) + 1}: ${error.message}` });
}

function accepted(result: Awaited<ReturnType<typeof createLead>>): SubmitResult {
  if (result.outcome === 'slot_taken')
    return { outcome: 'conflict', field: 'horario', message: result.message };
  return result.outcome === 'created' ? { outcome: 'accepted', body: result.body } : result;
}
