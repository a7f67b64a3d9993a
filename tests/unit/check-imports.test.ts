import { describe, expect, it } from 'vitest';
import { checkImports, violation } from '../../scripts/check-imports.ts';

describe('import directions', () => {
  it('refuses the server and the database reaching into the pages', () => {
    expect(violation('server/services/x.ts', '../../app/lib/island.tsx')).toBe(
      'server/ may not import from app/',
    );
    expect(violation('server/services/x.ts', '~/components/icons')).toBe('server/ may not import from app/');
    expect(violation('db/client.ts', '@server/config/env.ts')).toBe('db/ may not import from server/');
    expect(violation('db/schema.ts', '../app/lib/x.ts')).toBe('db/ may not import from app/');
  });

  it('keeps the shared core pure and the contracts zod-only', () => {
    expect(violation('domain/format.ts', '../server/app.ts')).toBe('domain/ may not import from server/');
    expect(violation('domain/format.ts', 'react')).toBe('domain/ imports no package, not react');
    expect(violation('domain/format.ts', 'node:fs')).toBe('domain/ uses no Node module');
    expect(violation('contracts/leads.ts', '../domain/format.ts')).toBe(
      'contracts/ may not import from domain/',
    );
    expect(violation('contracts/leads.ts', 'drizzle-orm')).toBe(
      'contracts/ imports only zod, not drizzle-orm',
    );
    expect(violation('domain/vehicle.ts', '../contracts/listing.ts')).toBeNull();
    expect(violation('contracts/leads.ts', 'zod')).toBeNull();
  });

  it('keeps browser code away from the server, even for a type', () => {
    expect(violation('app/components/a.tsx', '@server/services/auth/sessions')).toMatch(
      /^browser code may not/,
    );
    expect(violation('app/islands/a.ts', '../../db/schema.ts')).toMatch(/^browser code may not/);
    expect(violation('app/lib/meta.ts', '@server/x')).toMatch(/^browser code may not/);
    expect(violation('app/lib/session.server.ts', '@server/services/auth/sessions')).toBeNull();
    expect(violation('app/routes/admin/leads.tsx', '@server/services/admin/leads')).toBeNull();
  });

  it('lets the demo stock use the image pipeline, and tests and scripts import anything', () => {
    expect(violation('db/seed/render.ts', '../../server/services/images/ingest-image.ts')).toBeNull();
    expect(violation('tests/api/x.test.ts', '../../app/lib/x.ts')).toBeNull();
    expect(violation('server/a.ts', '../../../outside.ts')).toBe('leaves the repository');
  });

  it('finds every import of the tree in line with the rules, static, dynamic and type-only', () => {
    expect(checkImports(['domain/vehicle.ts', 'server/services/catalogue/listing.ts'])).toEqual([]);
  });
});
