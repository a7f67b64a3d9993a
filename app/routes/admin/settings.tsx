import { chileDayKey } from '@domain/chile-time.ts';
import { chileHolidayList } from '@server/services/rights/chile-holidays.ts';
import { loadSettingsEditor } from '@server/services/settings/site-settings.ts';
import { useState } from 'react';
import { SettingsForm } from '~/components/admin/settings/settings-form';
import { SettingsVersions } from '~/components/admin/settings/settings-versions';
import type { Notice } from '~/components/admin/staff/use-api-form';
import { AdminPage, adminMeta } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/settings';

export const meta = () => adminMeta('Sitio');

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  const { config, db } = context.services;
  const editor = await loadSettingsEditor(db, config.dealership);
  // The holidays of the coming year, listed under the box that closes them (ADR 0041).
  const today = chileDayKey(new Date());
  const holidays = await chileHolidayList(today, `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
  return {
    version: editor.version,
    settings: editor.data,
    versions: editor.versions,
    holidays,
  };
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { version, settings, versions, holidays } = loaderData;
  const [saved, setSaved] = useState<Notice>(null);
  return (
    <AdminPage
      title="Sitio"
      description="Los datos de la automotora que muestran las páginas, los correos y los avisos. Cada cambio se guarda como una versión nueva, que se puede restaurar."
    >
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-4">
          {/* A new version (saved or restored) remounts the form, so its fields show what is now in use. */}
          {/* The sentence of a save is shown (and focused) beside the form's save button, in its sticky bar. */}
          <SettingsForm
            key={version}
            version={version}
            settings={settings}
            holidays={holidays}
            saved={saved?.text ?? null}
            onSaved={(text) => setSaved({ tone: 'success', text })}
          />
        </div>
        <SettingsVersions current={version} versions={versions} />
      </div>
    </AdminPage>
  );
}
