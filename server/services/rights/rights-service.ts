// The rights requests as the routes and pages call them: one function per step, each with the clock, the site's
// address and the dealership's name it needs. `now` is the one clock of the whole flow; tests replace it.
import type { RightsCompleteInput, RightsListFilter, RightsRequestInput } from '@contracts/rights.ts';
import type { Db } from '@db/client.ts';
import type { Actor } from '../auth/sessions.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { OutboxRelay } from '../email/outbox-relay.ts';
import { blockRightsRequest, unblockRightsRequest } from './block-rights-request.ts';
import { completeRightsRequest } from './complete-rights-request.ts';
import { confirmRightsRequest, peekRightsLink } from './confirm-rights-request.ts';
import { extendRightsRequest } from './extend-rights-request.ts';
import { listRightsRequests } from './list-rights-requests.ts';
import { refuseRightsRequest } from './refuse-rights-request.ts';
import {
  downloadRightsExport,
  type ExportFormat,
  openRightsExport,
  viewRightsExport,
} from './rights-export.ts';
import { getRightsRequest } from './rights-request-detail.ts';
import { sendConsentsLink } from './send-consents-link.ts';
import { submitRightsRequest } from './submit-rights-request.ts';

export function rightsService(deps: {
  db: Db;
  catalogue: Catalogue;
  outbox: OutboxRelay;
  publicUrl: string;
  /** SESSION_SECRET: signs the consents link at the end of every e-mail to the person. */
  secret?: string;
  /** Requests one client may make on the rights page per hour (RIGHTS_RATE_LIMIT). */
  clientLimit: number;
}) {
  const { db, catalogue, outbox, publicUrl } = deps;
  const privacy = deps.secret ? { publicUrl, secret: deps.secret } : undefined;
  const dealership = async () => (await catalogue.dealership()).name;
  const staffContext = async () => ({ now: service.now(), dealership: await dealership(), privacy });
  /** Every step that queues an e-mail wakes the outbox once it has committed. */
  const thenSend = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    outbox.poke();
    return result;
  };
  const service = {
    now: () => new Date(),
    submit: async (input: RightsRequestInput, client: string) =>
      thenSend(
        submitRightsRequest(db, input, {
          now: service.now(),
          client,
          clientLimit: deps.clientLimit,
          publicUrl,
          dealership: await dealership(),
          privacy,
        }),
      ),
    /** The link to the person's consents, by e-mail (withdrawal from the rights page). */
    sendConsentsLink: async (email: string, client: string) => {
      if (!privacy) throw new Error('the consents link needs SESSION_SECRET');
      return thenSend(
        sendConsentsLink(db, email, {
          now: service.now(),
          client,
          clientLimit: deps.clientLimit,
          dealership: await dealership(),
          links: privacy,
        }),
      );
    },
    peek: (token: string) => peekRightsLink(db, token, service.now()),
    confirm: async (token: string) =>
      thenSend(
        confirmRightsRequest(db, token, {
          now: service.now(),
          publicUrl,
          dealership: await dealership(),
          privacy,
        }),
      ),
    openExport: (token: string) => openRightsExport(db, token, service.now()),
    download: async (token: string, format: ExportFormat) =>
      downloadRightsExport(db, token, format, {
        now: service.now(),
        controller: (await catalogue.dealership()).legalName,
      }),
    view: async (token: string) =>
      viewRightsExport(db, token, {
        now: service.now(),
        controller: (await catalogue.dealership()).legalName,
      }),
    list: (filter: RightsListFilter) => listRightsRequests(db, filter),
    detail: (id: number) => getRightsRequest(db, id),
    block: async (actor: Actor, id: number) =>
      thenSend(blockRightsRequest(db, actor, id, await staffContext())),
    unblock: async (actor: Actor, id: number, input: { motivo: string }) =>
      thenSend(unblockRightsRequest(db, actor, id, input, await staffContext())),
    extend: async (actor: Actor, id: number, input: { motivo: string }) =>
      thenSend(extendRightsRequest(db, actor, id, input, await staffContext())),
    refuse: async (actor: Actor, id: number, input: { motivos: string }) =>
      thenSend(refuseRightsRequest(db, actor, id, input, await staffContext())),
    complete: async (actor: Actor, id: number, input: RightsCompleteInput) =>
      thenSend(completeRightsRequest(db, actor, id, input, { ...(await staffContext()), mailFiles: outbox })),
  };
  return service;
}

export type RightsService = ReturnType<typeof rightsService>;
