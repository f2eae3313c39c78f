import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { readNamedRows, type Database } from '../db/client.js';
import { isoTimestamp } from '../db/sql.js';
import { admins, familySessions, sessions } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { SessionCache, StoredSession } from '../lib/session-cache.js';
import { dueRenewal, hashToken, type AuthSettings } from '../lib/session-expiry.js';
import type { FamilyUser, SessionUser } from '../lib/session-user.js';

/**
 * Who a Bearer token signs in: a staff member's session (made by features/auth) or a family's on the public site (made
 * by features/public/accounts.ts), each its own kind of token that the other's routes never accept. The auth plugin
 * (server/src/plugins/auth.ts) asks here on every call.
 */

/** A family's token: `gezin.` and 43 characters; a staff token has no dot. */
const FAMILY_TOKEN = /^gezin\.[A-Za-z0-9_-]{43}$/;

/**
 * The session of a bearer token, sliding its expiry; null for an unknown, expired or revoked token. With a
 * `cache`, a session read in the last few seconds is answered without asking the database, while it has not
 * expired and no renewal of its expiry is due (session-cache.ts says when the cache forgets it).
 */
export async function resolveSession(
  db: Database,
  settings: AuthSettings,
  clock: Clock,
  token: string,
  cache?: SessionCache<SessionUser>,
): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const now = clock.now();
  const tokenHash = hashToken(token);
  const read = async (): Promise<StoredSession<SessionUser> | null> => {
    const [row] = await db
      .select({
        sessionId: sessions.id,
        adminId: admins.id,
        email: admins.email,
        role: admins.role,
        monitorId: admins.monitorId,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
      })
      .from(sessions)
      .innerJoin(admins, eq(admins.id, sessions.adminId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(admins.disabledAt)));
    if (!row) return null;
    const createdAt = new Date(row.createdAt);
    const renewed = dueRenewal(settings, { createdAt, expiresAt: row.expiresAt }, now);
    if (renewed) await db.update(sessions).set({ expiresAt: renewed }).where(eq(sessions.id, row.sessionId));
    const user = { sessionId: row.sessionId, adminId: row.adminId, email: row.email, role: row.role, monitorId: row.monitorId };
    return { user, createdAt, expiresAt: renewed ?? row.expiresAt };
  };
  // A kept session serves while it lives (its idle and absolute lifetimes both end at expiresAt) and its renewal is not due.
  const usable = (session: StoredSession<SessionUser>) => session.expiresAt > now && dueRenewal(settings, session, now) === null;
  const session = cache ? await cache.get(tokenHash, usable, read) : await read();
  return session?.user ?? null;
}

const familySessionRow = z.object({
  sessionId: z.number(),
  accountId: z.number(),
  parentId: z.number().nullable(),
  createdAt: z.coerce.date(),
  expiresAt: z.coerce.date(),
  read: z.unknown(),
});

/**
 * The family of a Bearer token, sliding its expiry; null for anything else (a staff token included). With `alsoRead`,
 * an expression of the family's account (`fa`), the same statement answers it too (`read`): the booking's first read
 * of its Idempotency-Key (plugins/idempotency.ts), one round trip less on every press of a rush (issue 37).
 */
export async function resolveFamilySession(
  db: Database,
  settings: AuthSettings,
  clock: Clock,
  token: string,
  alsoRead?: SQL,
): Promise<(FamilyUser & { read?: unknown }) | null> {
  if (!FAMILY_TOKEN.test(token)) return null;
  const now = clock.now();
  // Named (prepared once per connection): every call of a family asks it, a thousand in an opening rush.
  const [row] = await readNamedRows(
    db,
    alsoRead ? 'family_session_read' : 'family_session',
    sql`select fs.id as "sessionId", fa.id as "accountId", fa.parent_id as "parentId",
          ${isoTimestamp('fs.created_at')} as "createdAt", ${isoTimestamp('fs.expires_at')} as "expiresAt",
          ${alsoRead ?? sql`null`} as read
        from family_sessions fs join family_accounts fa on fa.id = fs.account_id
        where fs.token_hash = ${hashToken(token)} and fs.revoked_at is null and fs.expires_at > ${now.toISOString()}::timestamptz`,
    familySessionRow,
  );
  if (!row) return null;
  const renewed = dueRenewal(settings, row, now);
  if (renewed) await db.update(familySessions).set({ expiresAt: renewed }).where(eq(familySessions.id, row.sessionId));
  const family = { accountId: row.accountId, sessionId: row.sessionId, parentId: row.parentId };
  return alsoRead ? { ...family, read: row.read } : family;
}
