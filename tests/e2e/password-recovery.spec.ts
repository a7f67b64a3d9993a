import { expect, type Page, test } from '@playwright/test';
import { freshBrowser, hydrated, signInAs, staffCall } from './support/admin.ts';
import { wcagViolations } from './support/axe.ts';
import { findOutboxMail } from './support/outbox.ts';

// Issue 31: an admin who forgot the password recovers it from the sign-in page with the e-mailed link, and an admin
// sends a colleague the link and changes their e-mail. Desktop and phone run at the same time against one server:
// each run makes its own accounts (the shared e2e accounts keep their passwords).
const unique = (prefix: string, project: string) =>
  `${prefix}-${project}-${Date.now().toString(36)}@e2e.automotora.cl`;

// Accounts are created and passwords checked and hashed (zxcvbn, argon2id): give the stories room on 2 cores.
test.describe.configure({ timeout: 120_000 });
const slow = expect.configure({ timeout: 30_000 });

/** A full-page picture of the step, kept with the test's results, to look at. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The link e-mailed to `email` (an address of this run alone), read from the server's .eml outbox. */
async function linkMailedTo(email: string): Promise<string> {
  const mail = await findOutboxMail(
    (m) =>
      JSON.stringify(m.to ?? '').includes(email) && (m.subject ?? '').startsWith('Crea una nueva contraseña'),
  );
  const link = /https?:\/\/\S+\/admin\/clave-nueva\?t=[\w-]{43}/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  return new URL(link ?? '').pathname + new URL(link ?? '').search;
}

test(
  'an admin who forgot the password recovers it from the sign-in page and signs in with the new one',
  {
    tag: '@phone',
  },
  async ({ page, browser }, info) => {
    const email = unique('olvido', info.project.name);
    const oldPassword = 'clave-antigua-olvidada-2026';
    const newPassword = 'tortuga violeta cruza el puente';
    // The admin who will forget, created as any colleague is.
    await signInAs(page, 'admin');
    await staffCall(page.request, 'POST', '/admin/api/usuarios', {
      email,
      name: `Olvido ${info.project.name}`,
      password: oldPassword,
      role: 'admin',
    });
    // A session left open on another device: it ends when the password changes.
    const other = await freshBrowser(browser);
    await other.goto('/admin/ingresar');
    await hydrated(other);
    await other.getByLabel('Correo electrónico').fill(email);
    await other.getByLabel('Contraseña').fill(oldPassword);
    await other.getByRole('button', { name: 'Ingresar' }).click();
    await slow(other).toHaveURL(/\/admin$/);

    const me = await freshBrowser(browser);
    await me.goto('/admin/ingresar');
    await hydrated(me);
    await me.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(me).toHaveURL(/\/admin\/clave-olvidada$/);
    await expect(me.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
    await hydrated(me);
    expect(await wcagViolations(me)).toEqual([]);

    // A typo is refused beside the field; the real address gets the one answer every address gets.
    await me.getByLabel('Correo electrónico').fill('olvido@');
    await me.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(me.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expect(me.getByText('Ingresa un correo válido.')).toBeVisible();
    await me.getByLabel('Correo electrónico').fill(email);
    await me.getByRole('button', { name: 'Enviar enlace' }).click();
    const answer = me
      .getByRole('status')
      .filter({ hasText: 'Si ese correo corresponde a una cuenta activa' });
    await slow(answer).toBeVisible();
    expect(await wcagViolations(me)).toEqual([]);
    await shot(me, 'clave-olvidada');

    const link = await linkMailedTo(email);
    await me.goto(link);
    await hydrated(me);
    await expect(me.getByRole('heading', { name: 'Crea una nueva contraseña' })).toBeVisible();
    await expect(me.getByText(`Para la cuenta ${email}.`)).toBeVisible();
    expect(await wcagViolations(me)).toEqual([]);
    await shot(me, 'clave-nueva');

    // The staff password rule, the same as everywhere: a guessable one is refused and the link stays usable.
    await me.getByLabel('Nueva contraseña', { exact: true }).fill('1234567890');
    await me.getByLabel('Repite la nueva contraseña').fill('1234567890');
    await me.getByRole('button', { name: 'Guardar contraseña' }).click();
    await slow(me.getByText('Es una de las contraseñas más usadas.')).toBeVisible();
    await expect(me.getByLabel('Nueva contraseña', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(await wcagViolations(me)).toEqual([]);

    await me.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
    await me.getByLabel('Repite la nueva contraseña').fill(newPassword);
    await me.getByRole('button', { name: 'Guardar contraseña' }).click();
    await slow(me).toHaveURL(/\/admin\/ingresar\?clave=cambiada$/);
    await expect(me.getByRole('status')).toContainText(
      'Tu contraseña se cambió. Ingresa con la nueva contraseña.',
    );
    await hydrated(me);
    expect(await wcagViolations(me)).toEqual([]);
    await shot(me, 'ingresar-clave-cambiada');

    // The old password no longer opens the account; the new one does.
    await me.getByLabel('Correo electrónico').fill(email);
    await me.getByLabel('Contraseña').fill(oldPassword);
    await me.getByRole('button', { name: 'Ingresar' }).click();
    await slow(me.getByRole('alert')).toContainText('Correo o contraseña incorrectos.');
    await me.getByLabel('Contraseña').fill(newPassword);
    await me.getByRole('button', { name: 'Ingresar' }).click();
    await slow(me).toHaveURL(/\/admin$/);

    // The session on the other device ended; the link does not work twice.
    await other.goto('/admin/cuenta');
    await expect(other).toHaveURL(/\/admin\/ingresar\?siguiente=/);
    await me.goto(link);
    await expect(me.getByRole('heading', { name: 'El enlace no sirve' })).toBeVisible();
    await expect(me.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();
    expect(await wcagViolations(me)).toEqual([]);
    await shot(me, 'enlace-usado');
    await other.context().close();
    await me.context().close();
  },
);

test(
  "an admin changes a colleague's e-mail and sends them the link from «Editar»",
  {
    tag: '@phone',
  },
  async ({ page, browser }, info) => {
    const email = unique('colega', info.project.name);
    const moved = unique('colega-nuevo', info.project.name);
    const name = `Colega ${info.project.name} ${Date.now().toString(36)}`;
    await signInAs(page, 'admin');
    await staffCall(page.request, 'POST', '/admin/api/usuarios', {
      email,
      name,
      password: 'clave-colega-olvidada-2026',
      role: 'ventas',
    });
    await page.goto('/admin/usuarios');
    await hydrated(page);
    const row = page.getByRole('listitem').filter({ hasText: email });
    await row.getByRole('button', { name: `Editar a ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Editar a ${name}` });
    await expect(dialog).toBeVisible();
    // Another account's address is refused beside the field, in Spanish.
    await dialog.getByLabel('Correo electrónico').fill('admin@e2e.automotora.cl');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await slow(dialog.getByText('Ya existe otra cuenta con este correo.')).toBeVisible();
    await expect(dialog.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(await wcagViolations(page)).toEqual([]);

    await dialog.getByLabel('Correo electrónico').fill(moved);
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    // The colleague's old address is told (issue 31 item 4).
    await slow(
      page.getByRole('status').filter({
        hasText: `Se guardaron los cambios de ${name}: ahora ingresa con ${moved}. Le avisamos a ${email}, su correo anterior.`,
      }),
    ).toBeVisible();
    const told = await findOutboxMail(
      (m) => JSON.stringify(m.to ?? '').includes(email) && (m.subject ?? '').startsWith('Cambió el correo'),
    );
    expect(told.text).toContain(`Desde ahora es ${moved}`);
    const movedRow = page.getByRole('listitem').filter({ hasText: moved });
    await expect(movedRow).toBeVisible();

    await movedRow.getByRole('button', { name: `Editar a ${name}` }).click();
    const again = page.getByRole('dialog', { name: `Editar a ${name}` });
    await again.getByRole('button', { name: 'Enviar enlace para cambiar contraseña' }).click();
    await slow(again.getByRole('region', { name: 'Contraseña' }).getByRole('status')).toContainText(
      `Enviamos a ${name} (${moved}) un enlace`,
    );
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'editar-enviar-enlace');

    // The colleague, at the new address, sets a new password with the link and signs in.
    const link = await linkMailedTo(moved);
    const colleague = await freshBrowser(browser);
    await colleague.goto(link);
    await hydrated(colleague);
    await colleague.getByLabel('Nueva contraseña', { exact: true }).fill('girasol azul bajo la lluvia');
    await colleague.getByLabel('Repite la nueva contraseña').fill('girasol azul bajo la lluvia');
    await colleague.getByRole('button', { name: 'Guardar contraseña' }).click();
    await slow(colleague).toHaveURL(/\/admin\/ingresar\?clave=cambiada$/);
    await hydrated(colleague);
    await colleague.getByLabel('Correo electrónico').fill(moved);
    await colleague.getByLabel('Contraseña').fill('girasol azul bajo la lluvia');
    await colleague.getByRole('button', { name: 'Ingresar' }).click();
    await slow(colleague).toHaveURL(/\/admin$/);
    await colleague.context().close();
  },
);
