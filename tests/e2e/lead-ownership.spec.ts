import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { hydrated, sendContactLead, signInAs, staffCall } from './support/admin.ts';
import { wcagViolations } from './support/axe.ts';
import { findOutboxMail } from './support/outbox.ts';

// Issue 31, ownership that holds: an admin assigns a request by hand and its new owner gets the e-mail; deactivating
// that salesperson hands their open requests to a colleague, who gets the e-mail too; an account deactivated without a
// handover is marked beside its requests. Each run makes its own accounts and requests.
test.describe.configure({ timeout: 120_000 });
const slow = expect.configure({ timeout: 30_000 });

const mailTo = (email: string, subject: string) =>
  findOutboxMail((m) => JSON.stringify(m.to ?? '').includes(email) && (m.subject ?? '').startsWith(subject));

test(
  'an admin assigns a request by hand, then deactivates its owner and hands it to a colleague; both are e-mailed',
  {
    tag: '@phone',
  },
  async ({ page }, info) => {
    const tag = `${info.project.name}-${randomBytes(3).toString('hex')}`;
    const account = async (who: string) => {
      const email = `${who}-${tag}@e2e.automotora.cl`;
      const name = `${who[0]?.toUpperCase()}${who.slice(1)} ${tag}`;
      const { usuario } = (await staffCall(page.request, 'POST', '/admin/api/usuarios', {
        email,
        name,
        password: 'clave-del-equipo-de-ventas-2026',
        role: 'ventas',
      })) as { usuario: { id: number } };
      return { id: usuario.id, email, name };
    };
    await signInAs(page, 'admin');
    const leaving = await account('saliente');
    const heir = await account('heredera');
    const quiet = await account('ausente');
    const client = `Cliente Traspaso ${tag}`;
    const id = await sendContactLead(page, client, `traspaso-${tag}@example.cl`);

    // Assigned by hand: the new owner gets the e-mail with the request's link.
    await staffCall(page.request, 'PATCH', `/admin/api/solicitudes/${id}/responsable`, {
      responsable: leaving.id,
    });
    const assigned = await mailTo(leaving.email, `Te asignaron la solicitud #${id}`);
    expect(assigned.text).toContain(`/admin/solicitudes/${id}`);

    // Deactivating the owner offers to hand the open requests over.
    await page.goto('/admin/usuarios');
    await hydrated(page);
    await page.getByRole('button', { name: `Desactivar a ${leaving.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Desactivar la cuenta de ${leaving.name}` });
    const handTo = dialog.getByLabel(/¿Quién (la|las) atiende ahora\?/);
    await expect(handTo).toBeVisible();
    await handTo.selectOption({ label: `${heir.name} (Ventas)` });
    expect(await wcagViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('desactivar-traspasar.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Desactivar cuenta' }).click();
    await slow(
      page.getByRole('status').filter({ hasText: `quedaron a cargo de ${heir.name}` }),
    ).toBeVisible();

    const handed = await mailTo(heir.email, 'Te asignaron');
    expect(handed.text).toContain(`#${id}`);
    await page.goto(`/admin/solicitudes/${id}`);
    await expect(page.getByTestId('lead-owner')).toContainText(heir.name);

    // Without a handover the request stays with the deactivated account, marked as such in the list.
    const waiting = await sendContactLead(page, `Cliente Espera ${tag}`, `espera-${tag}@example.cl`);
    await staffCall(page.request, 'PATCH', `/admin/api/solicitudes/${waiting}/responsable`, {
      responsable: quiet.id,
    });
    await staffCall(page.request, 'PATCH', `/admin/api/usuarios/${quiet.id}`, { active: false });
    await page.goto(`/admin/solicitudes?q=${encodeURIComponent(`Cliente Espera ${tag}`)}`);
    await hydrated(page);
    // The table on a desktop, a card on a phone: the one shown names the owner and marks the account.
    const owner = page
      .getByText('Cuenta desactivada', { exact: true })
      .filter({ visible: true })
      .first()
      .locator('..');
    await expect(owner).toContainText(quiet.name);
    expect(await wcagViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('solicitudes-desactivada.png'), fullPage: true });
  },
);
