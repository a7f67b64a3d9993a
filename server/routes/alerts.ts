import { createHmac } from 'node:crypto';
import {
  ALERT_CONFIRMED_MESSAGE,
  ALERT_LINK_INVALID,
  ALERT_SENT_MESSAGE,
  AlertTokenSchema,
  SaveSearchSchema,
} from '@contracts/saved-searches.ts';
import { zodSpanish } from '@contracts/zod-spanish.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendApiError } from '../http/api-error.ts';
import {
  ONE_CLICK_WORDING,
  REMOVE_ALL_BUTTON,
  REMOVE_ONE_BUTTON,
  withdrawAlerts,
} from '../services/alerts/manage-alerts.ts';
import {
  AlertsRateLimited,
  confirmSavedSearch,
  InvalidSavedSearch,
  saveSearch,
} from '../services/alerts/save-search.ts';
import { readPersonToken, signPersonToken } from '../services/privacy/person-link.ts';
import { sendInvalid } from './admin/staff.ts';

const FORM = 'application/x-www-form-urlencoded';
const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith(FORM);
const seeOther = (reply: FastifyReply, location: string) =>
  reply.code(303).header('Location', location).send();

export const ALERTS_NEW_PAGE = '/alertas/nueva';
export const ALERTS_PAGE = '/alertas/gestionar';

const ManageSchema = z.object({
  t: z.string({ error: 'Falta el enlace de tus alertas.' }).max(400),
  alerta: z.union([z.literal('todas'), z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)], {
    error: 'Elige una alerta de la lista.',
  }),
});

/** Where a refused form goes back to: the same search (or favourites) with the field in error, never the address. */
function backToForm(body: Record<string, unknown>, field: string): string {
  const params = new URLSearchParams();
  for (const key of ['consulta', 'favoritos', 'origen'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.length <= 2000) params.set(key, value);
  }
  params.set('error', field);
  return `${ALERTS_NEW_PAGE}?${params}#alerta`;
}

/**
 * Saved searches and alerts (issue 33, ADR 0039). The forms post here and work without JavaScript (CSRF token in the
 * form body, Post/Redirect/Get); the sold car's page posts JSON. The one-click unsubscribe of RFC 8058 is a POST from
 * the person's mail provider, with no cookie and no page: the signed link is its authority.
 */
export const alertRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, catalogue } = app.services;
  const client = (request: FastifyRequest) =>
    createHmac('sha256', config.sessionSecret).update(request.ip).digest('hex').slice(0, 32);

  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const save = async (request: FastifyRequest, reply: FastifyReply, form: boolean) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const parsed = SaveSearchSchema.safeParse(body, { error: zodSpanish });
    if (!parsed.success) {
      if (!form) return sendInvalid(reply, parsed.error);
      return seeOther(reply, backToForm(body, String(parsed.error.issues[0]?.path[0] ?? 'correo')));
    }
    try {
      await saveSearch(db, parsed.data, {
        now: new Date(),
        client: client(request),
        clientLimit: config.leadRateLimit,
        publicUrl: config.publicUrl,
        secret: config.sessionSecret,
        dealership: (await catalogue.dealership()).name,
      });
    } catch (error) {
      if (error instanceof InvalidSavedSearch) {
        if (form) return seeOther(reply, backToForm(body, error.field));
        return sendApiError(reply, 400, error.message, { [error.field]: error.message });
      }
      if (!(error instanceof AlertsRateLimited)) throw error;
      if (form) return seeOther(reply, backToForm(body, 'limite'));
      reply.header('Retry-After', String(error.retryAfter));
      return sendApiError(reply, 429, error.message);
    }
    app.services.outbox.poke();
    return form ? seeOther(reply, '/alertas/enviada') : reply.code(202).send({ mensaje: ALERT_SENT_MESSAGE });
  };

  app.post('/alertas', { config: { csrf: 'form' } }, (request, reply) =>
    save(request, reply, isForm(request)),
  );
  app.post('/api/alertas/', (request, reply) => save(request, reply, false));

  app.post('/alertas/confirmar', { config: { csrf: 'form' } }, async (request, reply) => {
    const form = isForm(request);
    const token = AlertTokenSchema.safeParse((request.body as Record<string, unknown> | undefined)?.t);
    const email = token.success ? await confirmSavedSearch(db, token.data) : null;
    if (form) {
      if (!email) return seeOther(reply, '/alertas/confirmar?error=enlace');
      const link = signPersonToken(config.sessionSecret, 'alertas', email);
      return seeOther(reply, `${ALERTS_PAGE}?t=${link}&confirmada=1`);
    }
    if (!email) return sendApiError(reply, 410, ALERT_LINK_INVALID);
    return { mensaje: ALERT_CONFIRMED_MESSAGE };
  });

  app.post(ALERTS_PAGE, { config: { csrf: 'form' } }, async (request, reply) => {
    const parsed = ManageSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return sendApiError(reply, 400, 'Revisa el formulario de tus alertas.', {
        [String(issue?.path[0] ?? 'alerta')]: issue?.message ?? 'Elige una alerta de la lista.',
      });
    }
    const { t, alerta } = parsed.data;
    const email = readPersonToken(config.sessionSecret, 'alertas', t);
    if (!email) return seeOther(reply, ALERTS_PAGE);
    const removed = await withdrawAlerts(db, {
      email,
      which: alerta,
      wording: alerta === 'todas' ? REMOVE_ALL_BUTTON : REMOVE_ONE_BUTTON,
    });
    const outcome = removed === 0 ? 'sin-cambios=1' : `eliminada=${alerta}`;
    return seeOther(reply, `${ALERTS_PAGE}?t=${encodeURIComponent(t)}&${outcome}`);
  });

  // RFC 8058: the mail provider POSTs "List-Unsubscribe=One-Click" to the List-Unsubscribe address, without
  // cookies or a page; the signed link names the person. Every alert stops, recorded as a withdrawal.
  app.post<{ Querystring: { t?: unknown } }>(
    '/alertas/baja',
    { config: { csrf: false } },
    async (request, reply) => {
      const email = readPersonToken(config.sessionSecret, 'baja', request.query.t);
      if (!email) return sendApiError(reply, 400, 'El enlace para darte de baja no es válido.');
      await withdrawAlerts(db, { email, which: 'todas', wording: ONE_CLICK_WORDING });
      return reply
        .header('Cache-Control', 'no-store')
        .send({ mensaje: 'Listo: te diste de baja de todas tus alertas.' });
    },
  );
  // The same address opened in a browser (a person, or a scanner that follows links): nothing changes; the person's
  // page of alerts, where removing is one button, opens instead.
  app.get<{ Querystring: { t?: unknown } }>('/alertas/baja', async (request, reply) => {
    const email = readPersonToken(config.sessionSecret, 'baja', request.query.t);
    if (!email) return seeOther(reply, ALERTS_PAGE);
    return seeOther(reply, `${ALERTS_PAGE}?t=${signPersonToken(config.sessionSecret, 'alertas', email)}`);
  });
};
