import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { failureMessages, apiMessages } from '@common/messages.js';
import type { Role } from '@common/roles.js';
import type { LoginAnswer } from '@common/schemas/auth.js';
import type { Database } from '../../db/client.js';
import { admins, loginFailures, sessions } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, unknownAccountHash, verifyPassword } from './passwords.js';

export interface SessionUser {
  adminId: number;
  email: string;
  role: Role;
  /** The monitor a monitor user is linked to (null: none, or another role). */
  monitorId: number | null;
  sessionId: number;
}

export interface AuthSettings {
  /** Hours a session lives without use (sliding). */
  sessionTtlHours: number;
  /** Hours a session lives at most, however much it is used. */
  sessionMaxHours: number;
  maxFailures: number;
  windowMinutes: number;
  /** Seconds every attempt on an account under attack waits before its password is checked. */
  slowdownSeconds: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** An office shares one address, so the address may fail more often than one account from it. */
const ADDRESS_FAILURE_FACTOR = 3;

/**
 * Signs in, counting failures per (account, address) and per address. An account that failed
 * `maxFailures` times from anywhere is slowed, not locked: each attempt on it waits `slowdownSeconds`, and
 * a correct password from an address that is not failing still signs in. Every attempt is recorded as a
 * failure before its password is checked (and the record dropped when it succeeds), under a lock per
 * address and per account, so parallel attempts can never pass the limit.
 */
export async function login(
  db: Database,
  settings: AuthSettings,
  clock: Clock,
  email: string,
  password: string,
  address: string,
): Promise<LoginAnswer> {
  const normalisedEmail = email.trim().toLowerCase();
  const now = clock.now();
  const since = new Date(now.getTime() - settings.windowMinutes * 60_000);
  const attempt = await db.transaction(async (tx) => {
    // Always address first, then account, so two attempts never wait for each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${address}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${normalisedEmail}))`);
    const [failures] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${loginFailures.email} = ${normalisedEmail} and ${loginFailures.address} = ${address})`.mapWith(
          Number,
        ),
        account: sql<number>`count(*) filter (where ${loginFailures.email} = ${normalisedEmail})`.mapWith(Number),
        address: sql<number>`count(*) filter (where ${loginFailures.address} = ${address})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(and(gt(loginFailures.at, since), or(eq(loginFailures.email, normalisedEmail), eq(loginFailures.address, address))));
    if (failures!.pair >= settings.maxFailures || failures!.address >= settings.maxFailures * ADDRESS_FAILURE_FACTOR) return null;
    const [row] = await tx.insert(loginFailures).values({ email: normalisedEmail, address, at: now }).returning({ id: loginFailures.id });
    return { id: row!.id, accountUnderAttack: failures!.account >= settings.maxFailures };
  });
  if (!attempt) throw new AppError('TOO_MANY_ATTEMPTS', apiMessages.tooManyAttempts);
  if (attempt.accountUnderAttack) await clock.sleep(settings.slowdownSeconds * 1000);

  const [admin] = await db
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, normalisedEmail));
  // An invited user without a password yet, or a disabled one, fails like an unknown account.
  const valid = await verifyPassword(password, admin?.passwordHash ?? unknownAccountHash);
  if (!admin || !admin.passwordHash || admin.disabledAt || !valid) {
    await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - 24 * 3600_000)));
    throw new AppError('UNAUTHORIZED', failureMessages.login);
  }
  // Signed in: this address's failures on this account no longer count against it.
  await db.delete(loginFailures).where(and(eq(loginFailures.email, normalisedEmail), eq(loginFailures.address, address)));

  const token = randomBytes(32).toString('base64url');
  const expiresAt = sessionExpiry(settings, now, now);
  await db.insert(sessions).values({ tokenHash: hashToken(token), adminId: admin.id, createdAt: now.toISOString(), expiresAt });
  return { token, expiresAt: expiresAt.toISOString(), user: { email: admin.email, role: admin.role } };
}

/** A session expires after `sessionTtlHours` without use, and `sessionMaxHours` after sign-in whatever happens. */
function sessionExpiry(settings: AuthSettings, createdAt: Date, lastUse: Date): Date {
  return new Date(
    Math.min(lastUse.getTime() + settings.sessionTtlHours * 3600_000, createdAt.getTime() + settings.sessionMaxHours * 3600_000),
  );
}

/** The session of a bearer token, sliding its expiry; null for an unknown, expired or revoked token. */
export async function resolveSession(db: Database, settings: AuthSettings, clock: Clock, token: string): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const now = clock.now();
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
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(admins.disabledAt)),
    );
  if (!row) return null;
  const renewed = sessionExpiry(settings, new Date(row.createdAt), now);
  // Sliding expiry, written at most once a minute per session.
  if (renewed.getTime() - row.expiresAt.getTime() > 60_000) {
    await db.update(sessions).set({ expiresAt: renewed }).where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, adminId: row.adminId, email: row.email, role: row.role, monitorId: row.monitorId };
}

export async function logout(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function addAdmin(db: Database, email: string, password: string, role: Role = 'beheerder'): Promise<number> {
  const [row] = await db
    .insert(admins)
    .values({ email: email.trim().toLowerCase(), passwordHash: await hashPassword(password), role })
    .returning({ id: admins.id });
  return row!.id;
}

export async function changeAdminPassword(db: Database, email: string, password: string): Promise<boolean> {
  const normalised = email.trim().toLowerCase();
  const updated = await db
    .update(admins)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(sql`lower(${admins.email})`, normalised))
    .returning({ id: admins.id });
  if (updated[0])
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.adminId, updated[0].id), isNull(sessions.revokedAt)));
  return updated.length > 0;
}

export async function listAdmins(db: Database): Promise<{ email: string; role: Role; createdAt: string }[]> {
  return db.select({ email: admins.email, role: admins.role, createdAt: admins.createdAt }).from(admins).orderBy(admins.email);
}

export async function removeAdmin(db: Database, email: string): Promise<boolean> {
  const removed = await db
    .delete(admins)
    .where(eq(sql`lower(${admins.email})`, email.trim().toLowerCase()))
    .returning({ id: admins.id });
  return removed.length > 0;
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(admins);
  return row?.n ?? 0;
}
