// `npm run db:seed [-- --reset]`: loads the demo stock into an empty database and renders all its photos.
// With --reset it first deletes every row (stock, leads, staff). Stop the server first when using PGlite.
import { openDatabase } from '@db/client.ts';
import { renderDemoPhotos } from '@db/seed/render-demo-photos.ts';
import { isCatalogueEmpty, resetDatabase, seedDemoCatalogue } from '@db/seed/seed-demo.ts';
import { ConfigError, loadConfig } from '@server/config/env.ts';

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (process.argv.includes('--reset')) {
      await resetDatabase(database.db);
      console.info('Base de datos vaciada.');
    }
    if (await isCatalogueEmpty(database.db)) {
      const { vehicles } = await seedDemoCatalogue(database.db);
      console.info(`Stock de demostración: ${vehicles} vehículos.`);
    } else {
      console.info('La base ya tiene vehículos: solo se completan las fotos pendientes.');
    }
    const rendered = await renderDemoPhotos(database.db, {
      onVehicle: ({ done, total }) => process.stdout.write(`\rFotos: ${done}/${total} vehículos`),
    });
    console.info(`\nListo: fotos de ${rendered} vehículos.`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
