import { StockImport } from '~/components/admin/stock/stock-import';
import { AdminPage, adminMeta } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/stock-import';

export const meta = () => adminMeta('Importar y exportar stock');

export function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context);
  return null;
}

export default function StockImportPage() {
  return (
    <AdminPage
      title="Importar y exportar stock"
      description="Trae tu stock desde una planilla (.xlsx o .csv) o descárgalo entero. Nada cambia hasta que confirmas la importación."
    >
      <StockImport />
    </AdminPage>
  );
}
