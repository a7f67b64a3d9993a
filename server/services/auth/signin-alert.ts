import type { Db } from '@db/client.ts';
import { emailOutbox } from '@db/schema.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import { waitInWords } from '@domain/sign-in-wait.ts';
import { escapeHtml } from '../email/escape-html.ts';
import { MAX_DELAY_MS, recordFailure, type ThrottleLane } from './signin-throttle.ts';

export interface SignInAlert {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SignInAlertInput {
  user: { name: string; email: string };
  failures: number;
  /** The failures came from a browser that had signed in to the account before (its device cookie). */
  rememberedBrowser: boolean;
  firstFailureAt: Date;
  lastFailureAt: Date;
  dealershipName: string;
  publicUrl: string;
}

/**
 * The e-mail an account holder gets when failed sign-ins to their account first start to be slowed down (ADR 0028):
 * how many and when, that the browsers they already signed in from still work, and what to do. Failures from a
 * remembered browser (its own lane) are told apart: that browser, or a copy of its cookie, is the one guessing.
 */
export function buildSignInAlert(input: SignInAlertInput): SignInAlert {
  const { user, failures } = input;
  const account = `${input.publicUrl}/admin/cuenta`;
  const when =
    `entre el ${formatChileLongDateTime(input.firstFailureAt)} y el ` +
    `${formatChileLongDateTime(input.lastFailureAt)} (hora de Chile)`;
  const paragraphs = input.rememberedBrowser
    ? [
        `Hola, ${user.name}:`,
        `Hubo ${failures} intentos fallidos de iniciar sesión en tu cuenta del panel de ${input.dealershipName} ` +
          `(${user.email}) desde un navegador en el que ya habías iniciado sesión antes, ${when}.`,
        'Si fuiste tú, no tienes que hacer nada más que esperar unos segundos entre intentos. Si no fuiste tú, ' +
          'alguien usa ese navegador o copió sus datos: sus intentos ahora deben esperar cada vez más ' +
          `(hasta ${waitInWords(MAX_DELAY_MS / 1000)}), y tus otros navegadores no se ven afectados.`,
        `Qué hacer si no fuiste tú: cambia tu contraseña en «Mi cuenta» (${account}); al cambiarla, ningún ` +
          'navegador sigue siendo reconocido y se cierran tus otras sesiones. Cuéntale también al administrador del sitio.',
      ]
    : [
        `Hola, ${user.name}:`,
        `Hubo ${failures} intentos fallidos de iniciar sesión en tu cuenta del panel de ${input.dealershipName} ` +
          `(${user.email}), ${when}.`,
        'Si fuiste tú y olvidaste la contraseña, no tienes que hacer nada más que esperar unos segundos entre ' +
          'intentos. Si no fuiste tú, alguien podría estar intentando adivinar tu contraseña: desde ahora, cada ' +
          'nuevo intento desde un navegador desconocido debe esperar cada vez más ' +
          `(hasta ${waitInWords(MAX_DELAY_MS / 1000)}).`,
        'Los navegadores en los que ya iniciaste sesión antes siguen funcionando con normalidad: entra desde ellos ' +
          'como siempre, sin esperas.',
        `Qué hacer: si tu contraseña es corta o la usas en otro sitio, cámbiala en «Mi cuenta» (${account}); ` +
          'al cambiarla, los demás navegadores dejan de ser reconocidos y se cierran tus otras sesiones. ' +
          'Si recibes más avisos como este, cuéntale al administrador del sitio.',
      ];
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1e293b">
${paragraphs
  .map((p) =>
    p.includes(account)
      ? `<p>${escapeHtml(p).replace(escapeHtml(account), `<a href="${escapeHtml(account)}">${escapeHtml(account)}</a>`)}</p>`
      : `<p>${escapeHtml(p)}</p>`,
  )
  .join('\n')}
</body></html>`;
  return {
    to: user.email,
    subject: `Intentos fallidos de inicio de sesión en tu cuenta de ${input.dealershipName}`,
    text: paragraphs.join('\n\n'),
    html,
  };
}

export interface FailedSignIn {
  /** Every lane the attempt counts in; `ownLane` is the account's, or the remembered browser's. */
  lanes: readonly ThrottleLane[];
  ownLane: ThrottleLane;
  /** The active account the e-mail named, or null (unknown or inactive: nobody is told). */
  holder: { name: string; email: string } | null;
  rememberedBrowser: boolean;
  dealershipName: string;
  publicUrl: string;
  now?: number;
}

/**
 * Counts a failed sign-in in its lanes and, when the attempt's own lane first reaches its free budget, queues the
 * holder's alert in the same transaction (once per burst, ADR 0028). Says whether an e-mail was queued.
 */
export async function recordFailedSignIn(db: Db, failed: FailedSignIn): Promise<boolean> {
  const now = failed.now ?? Date.now();
  let queued = false;
  await recordFailure(db, failed.lanes, now, async (tx, counts) => {
    const count = counts.get(failed.ownLane.key);
    if (!failed.holder || count?.failures !== failed.ownLane.free) return;
    const alert = buildSignInAlert({
      user: failed.holder,
      failures: count.failures,
      rememberedBrowser: failed.rememberedBrowser,
      firstFailureAt: count.firstFailureAt,
      lastFailureAt: new Date(now),
      dealershipName: failed.dealershipName,
      publicUrl: failed.publicUrl,
    });
    await tx
      .insert(emailOutbox)
      .values({ toAddress: alert.to, subject: alert.subject, textBody: alert.text, htmlBody: alert.html });
    queued = true;
  });
  return queued;
}
