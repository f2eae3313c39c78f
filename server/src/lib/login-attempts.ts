import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { readRows, type Executor } from '../db/client.js';
import { loginFailures } from '../db/schema.js';

/** An office shares one address, so the address may fail more often than one account from it. */
export const ADDRESS_FAILURE_FACTOR = 3;

/** The limits of sign-in attempts (LOGIN_MAX_FAILURES in LOGIN_WINDOW_MINUTES). */
export interface AttemptLimits {
  maxFailures: number;
  windowMinutes: number;
}

/**
 * Counts an attempt against the limits before its password is checked (record_login_attempt, migration 0014):
 * refused (null) when the (account, address) pair or the address is at its limit; otherwise the failure recorded,
 * and whether the account failed as often from anywhere (then it is slowed). Sign-in, a wrong current password
 * a wrong invite token and a family's attempts on the public site (issue 40) are counted alike: `key` is the
 * account's e-mail address (or a marker: the invite's, `gezin:<e-mail>`).
 */
export async function recordAttempt(db: Executor, settings: AttemptLimits, now: Date, key: string, address: string) {
  const since = new Date(now.getTime() - settings.windowMinutes * 60_000);
  const [row] = await readRows(
    db,
    sql`select "failureId", "accountUnderAttack" from record_login_attempt(${key}, ${address}, ${since.toISOString()},
          ${now.toISOString()}, ${settings.maxFailures}, ${settings.maxFailures * ADDRESS_FAILURE_FACTOR})`,
    z.object({ failureId: z.number(), accountUnderAttack: z.boolean() }),
  );
  return row ?? null;
}

/** Takes a counted attempt back: it succeeded. */
export async function forgetAttempt(db: Executor, failureId: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, failureId));
}
