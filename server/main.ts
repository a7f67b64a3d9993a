import { openDatabase } from '@db/client.ts';
import { renderDemoPhotos } from '@db/seed/render-demo-photos.ts';
import { isCatalogueEmpty, seedDemoCatalogue } from '@db/seed/seed-demo.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  (error: Error) => fail(`No se pudo abrir la base de datos: ${error.message}`),
);

const demoStock = process.env.DEMO_STOCK !== 'off';
if (demoStock && (await isCatalogueEmpty(database.db))) {
  const { vehicles } = await seedDemoCatalogue(database.db);
  if (vehicles > 0) console.info(`Stock de demostración cargado: ${vehicles} vehículos.`);
}

const app = await buildApp({
  config,
  database,
  pages: config.env === 'development' ? 'development' : 'production',
  buildDir: process.env.BUILD_DIR,
  logger: true,
});
await app.listen({ port: config.port, host: config.host });
app.services.outbox.start();
app.services.reminders.start();
app.services.retention.start((error) => app.log.error({ err: error }, 'retention run failed'));
app.services.alerts.start((error) => app.log.error({ err: error }, 'alerts run failed'));

// Demo photos are rendered after the server is up, so the first start serves pages at once.
const stopRendering = new AbortController();
const rendering = demoStock
  ? renderDemoPhotos(database.db, {
      signal: stopRendering.signal,
      onVehicle: ({ done, total }) => {
        app.services.catalogue.invalidate();
        if (done === total) app.log.info(`Fotos de demostración listas (${total} vehículos).`);
      },
    }).catch((error: Error) => app.log.error({ err: error }, 'demo photo rendering failed'))
  : Promise.resolve();

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: cerrando (las solicitudes en curso terminan primero)`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  stopRendering.abort();
  await app.close();
  await rendering;
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
