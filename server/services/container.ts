import path from 'node:path';
import type { Database, Db } from '@db/client.ts';
import type { AppConfig } from '../config/env.ts';
import { type StockService, stockService } from './admin/stock-service.ts';
import { AlertsJob } from './alerts/alerts-job.ts';
import { Catalogue } from './catalogue/catalogue.ts';
import { ViewCounter } from './catalogue/view-counter.ts';
import { createMailTransport } from './email/mail-transport.ts';
import { OutboxRelay } from './email/outbox-relay.ts';
import { VariantStore } from './images/get-variant.ts';
import { LeadReminders } from './leads/lead-reminders.ts';
import { type LeadService, leadService } from './leads/submit-lead.ts';
import { RetentionJob } from './privacy/retention-job.ts';
import { type RightsService, rightsService } from './rights/rights-service.ts';

/** Everything a route handler or a page loader may call, built once per process. */
export interface Services {
  config: AppConfig;
  database: Database;
  db: Db;
  catalogue: Catalogue;
  /** The stock's changes; each empties the catalogue once it has committed. */
  stock: StockService;
  variants: VariantStore;
  /** Sends the staff e-mails; started by main.ts (tests start it when they need it). */
  outbox: OutboxRelay;
  /** The visitors' requests: judged, stored with their staff e-mail, and the outbox woken. */
  leads: LeadService;
  /** The reminders at 75% of the promised time (issue 21); started by main.ts. */
  reminders: LeadReminders;
  /** Anonymises the requests past their retention period, daily (ADR 0031); started by main.ts. */
  retention: RetentionJob;
  /** Saved searches' matching and e-mails of alerts (ADR 0039); started by main.ts. */
  alerts: AlertsJob;
  /** Rights exercised on /derechos and answered by staff (ADR 0031 decision 6). */
  rights: RightsService;
  /** Views of the vehicle pages, counted in memory and added to the database every few seconds (app.ts starts it). */
  views: ViewCounter;
}

export function createServices(config: AppConfig, database: Database): Services {
  const { db } = database;
  const catalogue = new Catalogue(db, config.dealership);
  const outbox = new OutboxRelay(
    db,
    createMailTransport({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') }),
    {
      from: async () => {
        const { name, email } = await catalogue.dealership();
        return `"${name.replaceAll('"', "'")}" <${email}>`;
      },
      domain: new URL(config.publicUrl).hostname,
    },
  );
  return {
    config,
    database,
    db,
    catalogue,
    stock: stockService(db, catalogue),
    variants: new VariantStore(db),
    outbox,
    leads: leadService({ db, catalogue, outbox, config }),
    reminders: new LeadReminders(db, config.publicUrl, () => outbox.poke()),
    retention: new RetentionJob(db, {
      privacy: async () => (await catalogue.dealership()).privacy,
      mailFiles: outbox,
    }),
    alerts: new AlertsJob(db, {
      dealership: () => catalogue.dealership(),
      publicUrl: config.publicUrl,
      secret: config.sessionSecret,
      gatherMs: config.alertGatherMs,
      everyMs: config.alertsEveryMs,
      wake: () => outbox.poke(),
    }),
    rights: rightsService({
      db,
      catalogue,
      outbox,
      publicUrl: config.publicUrl,
      secret: config.sessionSecret,
      clientLimit: config.rightsRateLimit,
    }),
    views: new ViewCounter(db),
  };
}
