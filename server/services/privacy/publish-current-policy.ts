// At start, the settings in use may write a different policy than the newest version: a new release changed the
// default text or how a placeholder reads, or DEALERSHIP_FILE changed before any save. Then it is published.
import type { Dealership } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { loadCurrentSettings } from '../settings/site-settings.ts';
import {
  lockPolicyPublication,
  type PolicyPublication,
  publishPolicyVersion,
} from './publish-policy-version.ts';

/**
 * Publishes the policy of the settings in use when it changed, with the server itself as the actor. The settings are
 * read once the lock is held, so an instance starting while an admin saves never publishes the older text last.
 */
export function publishCurrentPolicy(db: Db, initial: Dealership): Promise<PolicyPublication> {
  return db.transaction(async (tx) => {
    await lockPolicyPublication(tx);
    const { data } = await loadCurrentSettings(tx, initial);
    return publishPolicyVersion(tx, data, null);
  });
}
