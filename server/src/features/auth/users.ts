import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { apiMessages } from '@common/messages.js';
import type { Role } from '@common/roles.js';
import { userMessages, type UserRecord } from '@common/schemas/users.js';
import { readRows, type Database, type Executor } from '../../db/client.js';
import { admins, monitors, sessions, userInvites } from '../../db/schema.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { isoTimestamp } from '../../db/sql.js';
import { writeAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, invalidFields, notFound } from '../../lib/errors.js';
import { readSettings } from '../../lib/settings.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { forgetAttempt, recordAttempt } from '../../lib/login-attempts.js';
import type { AuthSettings } from '../../lib/session-expiry.js';

/** How long an invite link works (issue 20). */
export const INVITE_VALID_HOURS = 48;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page of the web app that takes an invite link's token. */
export const acceptInvitePath = '/accept-invite';

const userRow = z.object({
  userId: z.number(),
  email: z.string(),
  role: z.enum(['beheerder', 'medewerker', 'monitor']),
  monitorId: z.number().nullable(),
  monitorName: z.string().nullable(),
  status: z.enum(['uitgenodigd', 'actief', 'uitgeschakeld']),
  inviteExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});

const userSelect = sql`select a.id as "userId", a.email, a.role, a.monitor_id as "monitorId",
    case when m.id is null then null else m.firstname || ' ' || m.lastname end as "monitorName",
    case when a.disabled_at is not null then 'uitgeschakeld' when a.password_hash is null then 'uitgenodigd' else 'actief' end as "status",
    (select ${isoTimestamp('max(i.expires_at)')} from user_invites i where i.admin_id = a.id and i.used_at is null) as "inviteExpiresAt",
    ${isoTimestamp('a.created_at')} as "createdAt"
  from admins a left join monitors m on m.id = a.monitor_id`;

export async function listUsers(db: Executor): Promise<UserRecord[]> {
  return readRows(db, sql`${userSelect} order by lower(a.email)`, userRow);
}

async function findUser(db: Executor, userId: number): Promise<UserRecord> {
  const [user] = await readRows(db, sql`${userSelect} where a.id = ${userId}`, userRow);
  if (!user) throw notFound(userMessages.notFound);
  return user;
}

/**
 * Changes to users wait for each other, so two beheerders demoting each other at once cannot leave the
 * product without one.
 */
async function lockUsers(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(3, 0)`);
}

/** Refuses a change that would leave no active beheerder (one who can sign in). */
async function keepOneBeheerder(tx: Executor, user: UserRecord, after: { role: Role; active: boolean } | null): Promise<void> {
  if (user.role !== 'beheerder' || user.status !== 'actief') return;
  if (after && after.role === 'beheerder' && after.active) return;
  const [others] = await readRows(
    tx,
    sql`select count(*)::int as n from admins
        where role = 'beheerder' and disabled_at is null and password_hash is not null and id <> ${user.userId}`,
    z.object({ n: z.number() }),
  );
  if (others!.n === 0) throw conflict(userMessages.lastBeheerder);
}

async function assertMonitorExists(tx: Executor, monitorId: number | undefined): Promise<void> {
  if (monitorId === undefined) return;
  const [row] = await tx.select({ id: monitors.id }).from(monitors).where(eq(monitors.id, monitorId));
  if (!row) throw notFound(userMessages.monitorNotFound);
}

async function endSessions(tx: Executor, userId: number, except?: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.adminId, userId), isNull(sessions.revokedAt), except === undefined ? undefined : ne(sessions.id, except)));
}

export interface InviteResult {
  user: UserRecord;
  inviteLink: string;
}

/**
 * Invites a user: a row without password and a one-time link valid INVITE_VALID_HOURS, recorded in the
 * outbox in the same transaction (the mail relay sends it). Inviting an address that is still invited
 * renews its link (the old one stops working); an address of a user who set a password is refused. The
 * invite table keeps only the token's hash.
 */
export async function inviteUser(
  db: Database,
  clock: Clock,
  byUserId: number,
  invite: { email: string; role: Role; monitorId?: number | undefined },
  appOrigin: string,
  deps: OutboxDeps,
): Promise<InviteResult> {
  const email = invite.email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const inviteLink = `${appOrigin}${acceptInvitePath}?token=${token}`;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + INVITE_VALID_HOURS * 3600_000);
  return withOutbox(db, deps, async (tx, outbox) => {
    await lockUsers(tx);
    await assertMonitorExists(tx, invite.monitorId);
    const monitorId = invite.role === 'monitor' ? (invite.monitorId ?? null) : null;
    const [existing] = await tx
      .select({ id: admins.id, passwordHash: admins.passwordHash })
      .from(admins)
      .where(eq(sql`lower(${admins.email})`, email));
    if (existing?.passwordHash) throw conflict(userMessages.exists);
    let userId: number;
    if (existing) {
      userId = existing.id;
      await tx.update(admins).set({ role: invite.role, monitorId, disabledAt: null }).where(eq(admins.id, userId));
      await tx.delete(userInvites).where(and(eq(userInvites.adminId, userId), isNull(userInvites.usedAt)));
    } else {
      const [row] = await tx.insert(admins).values({ email, role: invite.role, monitorId }).returning({ id: admins.id });
      userId = row!.id;
    }
    await tx.insert(userInvites).values({ adminId: userId, tokenHash: hashToken(token), createdAt: now.toISOString(), expiresAt });
    const user = await findUser(tx, userId);
    await writeAudit(tx, { adminId: byUserId, action: 'inviteUser', entity: 'user', entityId: userId, before: null, after: user });

    const organiser = await readSettings(tx, deps.settingsDefaults);
    const subject = `Uitnodiging voor Kampbeheer van ${organiser.ORGANISER_NAME || 'de organisatie'}`;
    const mailText = [
      'Hallo,',
      '',
      `Je bent uitgenodigd om Kampbeheer te gebruiken als ${user.role}.`,
      `Kies je wachtwoord via deze link; hij werkt één keer en ${INVITE_VALID_HOURS} uur lang:`,
      inviteLink,
      '',
      `Daarna meld je aan met ${email}.`,
    ].join('\n');
    await outbox.enqueueText({ templateId: 'uitnodiging', to: email, subject, text: mailText });
    return { user, inviteLink };
  });
}

/** Role, linked monitor and disabled state; disabling ends the user's sessions at once. */
export async function updateUser(
  db: Database,
  clock: Clock,
  byUserId: number,
  change: { userId: number; role: Role; disabled: boolean; monitorId?: number | undefined },
): Promise<UserRecord> {
  return db.transaction(async (tx) => {
    await lockUsers(tx);
    const before = await findUser(tx, change.userId);
    await assertMonitorExists(tx, change.monitorId);
    await keepOneBeheerder(tx, before, { role: change.role, active: !change.disabled });
    const wasDisabled = before.status === 'uitgeschakeld';
    await tx
      .update(admins)
      .set({
        role: change.role,
        monitorId: change.role === 'monitor' ? (change.monitorId ?? null) : null,
        disabledAt: change.disabled ? (wasDisabled ? sql`disabled_at` : clock.now().toISOString()) : null,
      })
      .where(eq(admins.id, change.userId));
    if (change.disabled) await endSessions(tx, change.userId);
    const after = await findUser(tx, change.userId);
    await writeAudit(tx, { adminId: byUserId, action: 'updateUser', entity: 'user', entityId: change.userId, before, after });
    return after;
  });
}

/** Removes a user; their sessions and invite links go with them. */
export async function removeUser(db: Database, byUserId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUsers(tx);
    const before = await findUser(tx, userId);
    await keepOneBeheerder(tx, before, null);
    await tx.delete(admins).where(eq(admins.id, userId));
    await writeAudit(tx, { adminId: byUserId, action: 'removeUser', entity: 'user', entityId: userId, before, after: null });
  });
}

/** What wrong invite tokens are counted under in the sign-in limits (no e-mail address looks like it). */
const INVITE_ATTEMPTS = '(uitnodiging)';

/**
 * Sets the password of an invited user. The token is looked up first (its hash), so a wrong one costs a
 * lookup, not a password hash; wrong tokens are counted per address like failed sign-ins (LOGIN_MAX_FAILURES in
 * the window, then 429). The link works once (it is marked used in the same statement that checks it again),
 * until it expires, and not for a disabled user; the password follows the password rules.
 */
export async function acceptInvite(
  db: Database,
  clock: Clock,
  settings: AuthSettings,
  input: { token: string; password: string; address: string },
): Promise<{ email: string }> {
  const problem = passwordProblem(input.password);
  if (problem) throw invalidFields({ password: problem });
  const now = clock.now();
  const attempt = await recordAttempt(db, settings, now, INVITE_ATTEMPTS, input.address);
  if (!attempt) throw new AppError('TOO_MANY_ATTEMPTS', apiMessages.tooManyAttempts);
  const usable = and(
    eq(userInvites.tokenHash, hashToken(input.token)),
    isNull(userInvites.usedAt),
    sql`${userInvites.expiresAt} > ${now.toISOString()}`,
    sql`exists (select 1 from admins a where a.id = ${userInvites.adminId} and a.disabled_at is null and a.password_hash is null)`,
  );
  const [found] = await db.select({ id: userInvites.id }).from(userInvites).where(usable);
  if (!found) throw notFound(userMessages.inviteInvalid);
  const passwordHash = await hashPassword(input.password);
  const accepted = await db.transaction(async (tx) => {
    const [invite] = await tx
      .update(userInvites)
      .set({ usedAt: now })
      .where(and(eq(userInvites.id, found.id), usable))
      .returning({ adminId: userInvites.adminId });
    if (!invite) throw notFound(userMessages.inviteInvalid);
    const [user] = await tx.update(admins).set({ passwordHash }).where(eq(admins.id, invite.adminId)).returning({ email: admins.email });
    await writeAudit(tx, {
      adminId: invite.adminId,
      action: 'acceptInvite',
      entity: 'user',
      entityId: invite.adminId,
      before: null,
      after: null,
    });
    return { email: user!.email };
  });
  await forgetAttempt(db, attempt.failureId);
  return accepted;
}

/**
 * The signed-in user's own password: the current one first, counted like a sign-in of the account from this
 * address (a stolen session cannot guess it without limit); every other session of theirs ends.
 */
export async function changeOwnPassword(
  db: Database,
  clock: Clock,
  settings: AuthSettings,
  user: { adminId: number; sessionId: number; email: string },
  input: { currentPassword: string; newPassword: string; address: string },
): Promise<void> {
  const problem = passwordProblem(input.newPassword);
  if (problem) throw invalidFields({ newPassword: problem });
  const attempt = await recordAttempt(db, settings, clock.now(), user.email.trim().toLowerCase(), input.address);
  if (!attempt) throw new AppError('TOO_MANY_ATTEMPTS', apiMessages.tooManyAttempts);
  if (attempt.accountUnderAttack) await clock.sleep(settings.slowdownSeconds * 1000);
  const [row] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, user.adminId));
  if (!row?.passwordHash || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw invalidFields({ currentPassword: userMessages.wrongPassword });
  }
  await forgetAttempt(db, attempt.failureId);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, user.adminId));
    await endSessions(tx, user.adminId, user.sessionId);
    await writeAudit(tx, {
      adminId: user.adminId,
      action: 'changePassword',
      entity: 'user',
      entityId: user.adminId,
      before: null,
      after: null,
    });
  });
}
