import { Link } from 'react-router';
import { BreachForm } from '~/components/admin/privacy/breach-form';
import { AdminPage, adminButton, adminMeta, Card } from '~/components/admin/ui';
import { ArrowLeft } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/breach-new';

export const meta = () => adminMeta('Registrar vulneración');

export function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  return null;
}

export default function NewBreachPage() {
  return (
    <AdminPage
      title="Registrar vulneración"
      description="Anota el incidente apenas se detecte: la ley pide informarlo a la Agencia sin dilaciones indebidas y dejarlo registrado."
      actions={
        <Link to="/admin/vulneraciones" className={adminButton.ghost}>
          <ArrowLeft aria-hidden className="size-4" />
          Volver al registro
        </Link>
      }
    >
      <div className="max-w-4xl">
        <Card>
          <BreachForm />
        </Card>
      </div>
    </AdminPage>
  );
}
