import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { failureMessages, apiMessages } from '@common/messages.js';
import { roles, type Role } from '@common/roles.js';
import type { LoginAnswer } from '@common/schemas/auth.js';
import { readRows, type Database } from '../../db/client.js';
import { admins, loginFailures, sessions } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { ADDRESS_FAILURE_FACTOR } from '../../lib/login-attempts.js';
import { hashPassword, unknownAccountHash, verifyPassword } from '../../lib/passwords.js';
import { hashToken, sessionExpiry, type AuthSettings } from '../../lib/session-expiry.js';

/** What the attempt's bookkeeping answers with the account: no failure id when the attempt was refused; no admin id for an unknown account. */
const loginAttempt = z.object({
  failureId: z.number().nullable(),
  accountUnderAttack: z.boolean().nullable(),
  adminId: z.number().nullable(),
  email: z.string().nullable(),
  role: z.enum(roles).nullable(),
  passwordHash: z.string().nullable(),
  disabled: z.boolean().nullable(),
});

/** A browser stays a known device this long after it last signed in (docs/decisions.md, issue 33). */
export const KNOWN_DEVICE_DAYS = 90;
const DAY_MS = 24 * 3600_000;

/** The known device of this account that the token names, while it is known (KNOWN_DEVICE_DAYS); null otherwise. */
async function knownDevice(db: Database, email: string, token: string | null, now: Date): Promise<number | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await readRows(
    db,
    sql`select d.id from known_devices d join admins a on a.id = d.admin_id
        where d.token_hash = ${hashToken(token)} and lower(a.email) = ${email}
          and d.last_used_at > ${new Date(now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS).toISOString()}`,
    z.object({ id: z.number() }),
  );
  return row?.id ?? null;
}

export interface SignIn {
  answer: LoginAnswer;
  /** A new known device's token, for the browser's cookie; null when the sign-in came from a known device. */
  newDeviceToken: string | null;
}

/**
 * Signs in. From a known device of the account (the token of an earlier sign-in of this account in this browser,
 * `deviceToken`), failures count per device: `maxFailures` in the window, and the address's failures do not
 * matter, so an office address flooded by someone else does not lock out its staff. Otherwise failures count per
 * (account, address) and per address (issue 23 §4): an account that failed `maxFailures` times from anywhere is
 * slowed, not locked (each attempt waits `slowdownSeconds`), and a correct password from an address that is not
 * failing still signs in. Every attempt is recorded as a failure before its password is checked (and the record
 * dropped when it succeeds), under a lock, so parallel attempts can never pass a limit. A sign-in from an unknown
 * device makes it known: its token goes back for the browser's cookie.
 */
export async function login(
  db: Database,
  settings: AuthSettings,
  clock: Clock,
  email: string,
  password: string,
  address: string,
  deviceToken: string | null = null,
): Promise<SignIn> {
  const normalisedEmail = email.trim().toLowerCase();
  const now = clock.now();
  const since = new Date(now.getTime() - settings.windowMinutes * 60_000);
  const deviceId = await knownDevice(db, normalisedEmail, deviceToken, now);
  // One round trip: the attempt recorded under its locks (migrations 0014 and 0017), and the account it names.
  const counted = deviceId
    ? sql`select "failureId", false as "accountUnderAttack" from record_device_login_attempt(${deviceId}, ${normalisedEmail}, ${address},
            ${since.toISOString()}, ${now.toISOString()}, ${settings.maxFailures})`
    : sql`select "failureId", "accountUnderAttack" from record_login_attempt(${normalisedEmail}, ${address}, ${since.toISOString()},
            ${now.toISOString()}, ${settings.maxFailures}, ${settings.maxFailures * ADDRESS_FAILURE_FACTOR})`;
  const [attempt] = await readRows(
    db,
    sql`select f."failureId", f."accountUnderAttack", a.id as "adminId", a.email, a.role, a.password_hash as "passwordHash",
          a.disabled_at is not null as "disabled"
        from (select 1) one
        left join (${counted}) f on true
        left join admins a on lower(a.email) = ${normalisedEmail}`,
    loginAttempt,
  );
  if (attempt!.failureId === null) throw new AppError('TOO_MANY_ATTEMPTS', apiMessages.tooManyAttempts);
  if (attempt!.accountUnderAttack) await clock.sleep(settings.slowdownSeconds * 1000);

  const admin = attempt!.adminId === null ? null : attempt!;
  // An invited user without a password yet, or a disabled one, fails like an unknown account.
  const valid = await verifyPassword(password, admin?.passwordHash ?? unknownAccountHash);
  if (!admin || !admin.passwordHash || admin.disabled || !valid) {
    await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - 24 * 3600_000)));
    throw new AppError('UNAUTHORIZED', failureMessages.login);
  }

  // Signed in, in one statement: this address's (or device's) failures on this account no longer count against it;
  // the device is seen now, or a new one is known; devices unused for KNOWN_DEVICE_DAYS are forgotten; the session.
  const token = randomBytes(32).toString('base64url');
  const newDeviceToken = deviceId ? null : randomBytes(32).toString('base64url');
  const expiresAt = sessionExpiry(settings, now, now);
  const stamp = now.toISOString();
  await db.execute(
    sql`with cleared as (delete from login_failures
                         where email = ${normalisedEmail} and ${deviceId ? sql`device_id = ${deviceId}` : sql`address = ${address}`}),
          forgotten as (delete from known_devices where admin_id = ${admin.adminId}
                          and last_used_at < ${new Date(now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS).toISOString()}),
          device as (${
            deviceId
              ? sql`update known_devices set last_used_at = ${stamp} where id = ${deviceId}`
              : sql`insert into known_devices (admin_id, token_hash, created_at, last_used_at)
                    values (${admin.adminId}, ${hashToken(newDeviceToken!)}, ${stamp}, ${stamp})`
          })
        insert into sessions (token_hash, admin_id, created_at, expires_at)
        values (${hashToken(token)}, ${admin.adminId}, ${stamp}, ${expiresAt.toISOString()})`,
  );
  return { answer: { token, expiresAt: expiresAt.toISOString(), user: { email: admin.email!, role: admin.role! } }, newDeviceToken };
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
