import type { DatabaseHandle } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

/** A ping that succeeded this recently still answers for the database, unless a disruption came after it... */
export const HEALTH_FRESH_MS = 2000;
/** ...and one older than this is renewed in the background, so that under steady checks none waits for it. */
export const HEALTH_RENEW_MS = 500;

/**
 * Whether the database answers, for /api/health. A ping on the embedded database waits for the statement
 * in progress, and any answer waits for the server's busy event loop; under load a load balancer would
 * then take a working server out. So a check answers from a ping that succeeded within the last
 * HEALTH_FRESH_MS, as long as no connection was lost, no worker died and the handle was not closed since
 * (`disruptions`); otherwise it waits for a ping (one at a time, shared by the checks that arrive
 * meanwhile) and fails with it.
 */
export function databaseHealth(database: Pick<DatabaseHandle, 'ping' | 'disruptions'>, clock: Clock): () => Promise<void> {
  let lastAnswer: { at: number; disruptions: number } | null = null;
  let probing: Promise<void> | null = null;

  const probe = () =>
    (probing ??= (async () => {
      const at = clock.now().getTime();
      const disruptions = database.disruptions();
      try {
        await database.ping();
        lastAnswer = { at, disruptions };
      } catch (error) {
        lastAnswer = null;
        throw error;
      } finally {
        probing = null;
      }
    })());

  return async () => {
    const age = lastAnswer && lastAnswer.disruptions === database.disruptions() ? clock.now().getTime() - lastAnswer.at : Infinity;
    if (age >= HEALTH_FRESH_MS) return probe();
    // Its failure shows in the next check, which then finds no recent answer.
    if (age >= HEALTH_RENEW_MS) probe().catch(() => undefined);
  };
}
