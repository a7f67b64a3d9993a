import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The admin connection to the machine's PostgreSQL that the tests and benches create their databases with. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of its own on a PostgreSQL server, for one test file or bench run; dropped at the end.
 * Subclasses add the queries their owner needs, and `create` makes one of them.
 */
export class ThrowawayPostgres {
  constructor(
    private readonly adminUrl: string,
    readonly name: string,
    readonly url: string,
  ) {}

  /** `prefix` names its owner, so a database left by a crashed run can be told apart. */
  static async create<T extends ThrowawayPostgres>(
    this: new (
      adminUrl: string,
      name: string,
      url: string,
    ) => T,
    prefix: string,
    adminUrl = POSTGRES_ADMIN_URL,
  ): Promise<T> {
    const name = `${prefix}_${randomBytes(5).toString('hex')}`;
    await withClient(adminUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return new this(adminUrl, name, url.toString());
  }

  /** Where the server listens, for a proxy put in front of it. */
  get server(): { host: string; port: number } {
    const url = new URL(this.url);
    return { host: url.hostname, port: Number(url.port || 5432) };
  }

  /** The same database reached through another port of this machine (a proxy in front of the server). */
  urlThroughPort(port: number): string {
    const url = new URL(this.url);
    url.port = String(port);
    return url.toString();
  }

  async drop(): Promise<void> {
    await withClient(this.adminUrl, (client) =>
      client.query(`drop database if exists ${this.name} with (force)`),
    );
  }
}
