import { todayInBelgium } from '@common/calendar.js';
import type { PublicCampsAnswer } from '@common/schemas/public.js';
import type { Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { OrganiserSettings } from '../../lib/settings.js';
import { subscriptionListVersion } from '../../lib/year-answers.js';
import { getPublicCamps } from './family.js';

/** Answers kept: the site's own (no camp year) and a few camp years asked for by other clients. */
const KEPT = 8;

/**
 * getPublicCamps' answers kept per server process (issue 40), so that the public site's page and its call wait for
 * one read of the lists' version instead of the camps, their seats, the lunch preferences and the settings. An answer
 * is served while the lists' version is the one read before it was made (database triggers bump it with every
 * committed change the answer shows: migrations 0011, 0012, 0022) and on the same Belgian day (camps that have
 * ended drop out, the camp year turns). docs/decisions.md, 'The public site's camps in its page'.
 */
export function createPublicCampsCache(deps: { db: () => Executor; settingsDefaults: OrganiserSettings; clock: Clock }) {
  const kept = new Map<string, { version: number; answer: Promise<PublicCampsAnswer> }>();
  return async function publicCamps(campYear?: number): Promise<PublicCampsAnswer> {
    const db = deps.db();
    const now = deps.clock.now();
    const key = `${campYear ?? 'site'}:${todayInBelgium(now)}`;
    const version = await subscriptionListVersion(db);
    const hit = kept.get(key);
    if (hit?.version === version) return hit.answer;
    // Read after the version: at least as new as it, so it may be served under it.
    const answer = getPublicCamps(db, deps.settingsDefaults, now, campYear);
    kept.delete(key);
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { version, answer });
    answer.catch(() => kept.get(key)?.answer === answer && kept.delete(key));
    return answer;
  };
}
export type PublicCamps = ReturnType<typeof createPublicCampsCache>;
