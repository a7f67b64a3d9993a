// The stock and leads of a grown dealership, for the load bench and for profiling the server against it.

import { openDatabase } from '@db/client.ts';
import { vehicleImages } from '@db/schema.ts';
import { ingestImage } from '@server/services/images/ingest-image.ts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { seedManyVehicles } from './seed-many.ts';

/** A grown dealership in the database at `url`: published stock with three photos each, and a year of leads. */
export async function seedGrownDealership(
  url: string,
  { vehicles, leads }: { vehicles: number; leads: number },
): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
  const { db } = database;
  await seedManyVehicles(db, vehicles);
  // Eight photos shared by the whole stock: the pages carry their URLs, which is what the bench measures.
  const images: Array<{ id: number }> = [];
  for (let i = 0; i < 8; i++) {
    const jpeg = await sharp({
      create: { width: 1600, height: 1067, channels: 3, background: { r: 40 + i * 20, g: 60, b: 120 } },
    })
      .jpeg()
      .toBuffer();
    images.push(await ingestImage(db, jpeg));
  }
  const ids = (await db.execute(sql`select id from vehicles order by id`)) as unknown as {
    rows: { id: number }[];
  };
  for (let start = 0; start < ids.rows.length; start += 2_000) {
    await db.insert(vehicleImages).values(
      ids.rows.slice(start, start + 2_000).flatMap(({ id }) =>
        [0, 1, 2].map((position) => ({
          vehicleId: id,
          imageId: images[(id + position) % images.length]?.id ?? 0,
          position,
        })),
      ),
    );
  }
  // Leads every five minutes back from now (100,000 is about a year), every kind and status, a fifth about a vehicle.
  await db.execute(sql`
    insert into leads (kind, status, name, email, phone, message, vehicle_id, details, due_at, created_at)
    select (array['contacto','vehiculo','financiamiento','seguro','vendeauto','asesoria'])[1 + n % 6],
           (array['nuevo','contactado','cerrado','descartado'])[1 + (n / 7) % 4],
           'Cliente ' || n, 'cliente' || n || '@example.cl', '+56 9 ' || (10000000 + n), 'Mensaje de prueba ' || n,
           case when n % 5 = 0 then (select min(id) from vehicles) + n % ${vehicles} end,
           jsonb_build_object('asunto', 'compra'),
           now() - (n || ' minutes')::interval * 5 + interval '24 hours',
           now() - (n || ' minutes')::interval * 5
    from generate_series(1, ${leads}) as n`);
  await database.close();
}
