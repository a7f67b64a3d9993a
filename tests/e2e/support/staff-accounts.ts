// The staff accounts of the shared e2e server, created in its data directory before it starts (see
// seed-staff.ts and playwright.config.ts), the way a dealership creates its first admin with `npm run admin:create`.
export const E2E_STAFF = {
  admin: { email: 'admin@e2e.automotora.cl', name: 'Administradora E2E', password: 'clave-admin-e2e-2026' },
  ventas: { email: 'ventas@e2e.automotora.cl', name: 'Vendedor E2E', password: 'clave-ventas-e2e-2026' },
} as const;
