import { personalEmail } from '@contracts/admin-staff.ts';
import { exportPersonalData } from '@server/services/admin/personal-data.ts';
import { readablePersonalData } from '@server/services/admin/personal-data-readable.ts';
import { Link } from 'react-router';
import { AdminPage, adminMeta, EmptyState } from '~/components/admin/ui';
import { ChevronLeft } from '~/components/icons';
import { PersonalDataView } from '~/components/rights/personal-data-view';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/personal-data-view';

export const meta = () => adminMeta('Datos personales para leer e imprimir');

/** The export of one address as a page (ADR 0041), recorded in the audit trail like the JSON download. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context, 'admin');
  const parsed = personalEmail.safeParse(url.searchParams.get('correo') ?? '');
  if (!parsed.success) return { data: null, error: parsed.error.issues[0]?.message ?? 'Ingresa un correo.' };
  const document = await exportPersonalData(
    context.services.db,
    staff,
    parsed.data,
    (await context.services.catalogue.dealership()).legalName,
  );
  return { data: readablePersonalData(document), error: null };
}

export default function PersonalDataViewPage({ loaderData }: Route.ComponentProps) {
  const { data, error } = loaderData;
  const back = data
    ? `/admin/datos-personales?correo=${encodeURIComponent(data.correo)}`
    : '/admin/datos-personales';
  return (
    <AdminPage
      title="Datos personales para leer e imprimir"
      description="Lo mismo que el archivo JSON, en palabras. Para entregarlo en papel o en PDF, usa «Imprimir» del navegador: se imprimen solo los datos."
    >
      <div className="max-w-4xl">
        <Link
          to={back}
          className="mb-4 inline-flex items-center gap-1 font-medium text-brand-700 text-sm underline underline-offset-2 print:hidden"
        >
          <ChevronLeft aria-hidden className="size-4" />
          Volver a Datos personales
        </Link>
        {data ? <PersonalDataView data={data} /> : <EmptyState>{error}</EmptyState>}
      </div>
    </AdminPage>
  );
}
