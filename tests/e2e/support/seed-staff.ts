// Runs before the shared e2e server starts (same DATA_DIR): one admin and one sales account, see staff-accounts.ts.
import { openDatabase } from '@db/client.ts';
import { loadConfig } from '@server/config/env.ts';
import { createStaffUser, StaffUserExistsError } from '@server/services/auth/create-staff-user.ts';
import { E2E_STAFF } from './staff-accounts.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  for (const [role, account] of Object.entries(E2E_STAFF)) {
    try {
      await createStaffUser(
        database.db,
        { ...account, role: role as 'admin' | 'ventas' },
        config.dealership.name,
      );
    } catch (error) {
      if (!(error instanceof StaffUserExistsError)) throw error;
    }
  }
} finally {
  await database.close();
}
