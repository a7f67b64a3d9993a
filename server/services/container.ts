import type { Database, Db } from '../../db/client.ts';
import type { AppConfig } from '../config/env.ts';
import { Catalogue } from './catalogue/catalogue.ts';
import { VariantStore } from './images/get-variant.ts';

/** Everything a route handler or a page loader may call, built once per process. */
export interface Services {
  config: AppConfig;
  database: Database;
  db: Db;
  catalogue: Catalogue;
  variants: VariantStore;
}

export function createServices(config: AppConfig, database: Database): Services {
  return {
    config,
    database,
    db: database.db,
    catalogue: new Catalogue(database.db),
    variants: new VariantStore(database.db),
  };
}
