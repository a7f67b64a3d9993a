import { personalEmail } from '@contracts/admin-staff.ts';
import { summarizePersonalData } from '@server/services/admin/personal-data.ts';
import { PersonalDataPanel, PersonalDataSearch } from '~/components/admin/staff/personal-data-panel';
import { AdminPage, adminMeta } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/personal-data';

export const meta = () => adminMeta('Datos personales');

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  const typed = url.searchParams.get('correo');
  if (typed === null || typed.trim() === '') return { email: '', error: undefined, summary: null };
  const parsed = personalEmail.safeParse(typed);
  if (!parsed.success) return { email: typed, error: parsed.error.issues[0]?.message, summary: null };
  return {
    email: parsed.data,
    error: undefined,
    summary: await summarizePersonalData(context.services.db, parsed.data),
  };
}

export default function PersonalDataPage({ loaderData }: Route.ComponentProps) {
  const { email, error, summary } = loaderData;
  return (
    <AdminPage
      title="Datos personales"
      description="Atiende las solicitudes de acceso y de eliminación de datos (Ley 19.628 y Ley 21.719): busca el correo de la persona, descarga una copia de todo lo que guardamos o elimínalo."
    >
      <div className="max-w-4xl">
        <PersonalDataSearch key={email} email={email} error={error} />
        {summary ? <PersonalDataPanel key={summary.email} summary={summary} /> : null}
      </div>
    </AdminPage>
  );
}
