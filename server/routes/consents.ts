import { CONSENT_PURPOSES } from '@contracts/lead-options.ts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendApiError } from '../http/api-error.ts';
import { readPersonToken } from '../services/privacy/person-link.ts';
import { withdrawConsents } from '../services/privacy/withdraw-consents.ts';

export const CONSENTS_PAGE = '/privacidad/consentimientos';

const WithdrawalSchema = z.object({
  t: z.string({ error: 'Falta el enlace de tus autorizaciones.' }).max(400),
  proposito: z.enum([...CONSENT_PURPOSES, 'todas'], {
    error: 'Elige una autorización de la lista.',
  }),
});

/**
 * The withdrawal buttons of /privacidad/consentimientos (ADR 0031, decision 4): a plain HTML form, so withdrawing
 * works without JavaScript. The answer sends the browser back to the page, which says what changed (post, redirect,
 * get: reloading it withdraws nothing twice). A link we did not sign leads to the page's "not valid" answer, which
 * never says whether an address is known.
 */
export const consentRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.services;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(CONSENTS_PAGE, { config: { csrf: 'form' } }, async (request, reply) => {
    const parsed = WithdrawalSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return sendApiError(reply, 400, 'Revisa el formulario de tus autorizaciones.', {
        [String(issue?.path[0] ?? 'proposito')]: issue?.message ?? 'Elige una autorización de la lista.',
      });
    }
    const { t, proposito } = parsed.data;
    const email = readPersonToken(config.sessionSecret, 'consentimientos', t);
    if (!email) return reply.code(303).header('Location', CONSENTS_PAGE).send();
    const result = await withdrawConsents(db, { email, purpose: proposito });
    const outcome = result.withdrawn.length > 0 ? `retirado=${proposito}` : 'sin-cambios=1';
    return reply
      .code(303)
      .header('Location', `${CONSENTS_PAGE}?t=${encodeURIComponent(t)}&${outcome}`)
      .send();
  });
};
