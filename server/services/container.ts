import path from 'node:path';
import type { Database, Db } from '../../db/client.ts';
import type { AppConfig } from '../config/env.ts';
import { type StockService, stockService } from './admin/stock-service.ts';
import { Catalogue } from './catalogue/catalogue.ts';
import { createMailTransport } from './email/mail-transport.ts';
import { OutboxRelay } from './email/outbox-relay.ts';
import { VariantStore } from './images/get-variant.ts';

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
}

export function createServices(config: AppConfig, database: Database): Services {
  const catalogue = new Catalogue(database.db);
  return {
    config,
    database,
    db: database.db,
    catalogue,
    stock: stockService(database.db, catalogue),
    variants: new VariantStore(database.db),
    outbox: new OutboxRelay(
      database.db,
      createMailTransport({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') }),
      {
        from: `"${config.dealership.name}" <${config.dealership.email}>`,
        domain: new URL(config.publicUrl).hostname,
      },
    ),
  };
}
