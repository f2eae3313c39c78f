import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { apiMessages } from '@common/messages.js';
import type { PublicParentFields, SignUpPayload } from '@common/schemas/public.js';
import { readRows, type Database, type Executor } from '../../db/client.js';
import { sameNationalNumber } from '../../db/sql.js';
import { familyAccounts, familyLinks, familySessions, loginFailures } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, invalidFields } from '../../lib/errors.js';
import { readSettings } from '../../lib/settings.js';
import { withOutbox, type OutboxDeps, type Outbox } from '../../domain/outbox.js';
import { insertParent } from '../../domain/parents.js';
import { writeAudit } from '../../lib/audit.js';
import { recordAttempt } from '../../lib/login-attempts.js';
import { hashPassword, unknownAccountHash, verifyPassword } from '../../lib/passwords.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashToken, sessionExpiry, type AuthSettings } from '../../lib/session-expiry.js';
import type { FamilyUser } from '../../lib/session-user.js';
import { publicMessages as messages } from './messages.js';

/**
 * The families' own accounts on the public booking site (issue 40, docs/decisions.md 'Issue 40'): sign-up, sign-in
 * by password or by a mailed one-time link, the confirmation of the e-mail address, and the family's session, a
 * Bearer token of its own kind (`gezin.` and 43 characters) kept in `family_sessions`, which no staff call accepts
 * (a staff token has no dot) and which accepts no staff token; domain/sessions.ts reads it back on every call.
 */

export interface AccountDeps extends OutboxDeps {
  db: Database;
  clock: Clock;
  auth: AuthSettings;
}

const newSessionToken = () => `gezin.${randomBytes(32).toString('base64url')}`;
const normalise = (email: string) => email.trim().toLowerCase();

/** A confirmation link works this long; a sign-in link much shorter, as it signs in whoever holds it. */
const CONFIRM_LINK_HOURS = 72;
const SIGN_IN_LINK_MINUTES = 30;

/** The keys the attempts of the public site count under in `login_failures`: never a staff e-mail address. */
const signInKey = (email: string) => `gezin:${email}`;
const signUpKey = 'gezin-aanmaak';
const linkKey = (email: string) => `gezin-link:${email}`;

async function startSession(db: Executor, settings: AuthSettings, now: Date, accountId: number) {
  const token = newSessionToken();
  const expiresAt = sessionExpiry(settings, now, now);
  await db.insert(familySessions).values({ tokenHash: hashToken(token), accountId, createdAt: now, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function signOut(db: Database, sessionId: number) {
  await db.update(familySessions).set({ revokedAt: new Date() }).where(eq(familySessions.id, sessionId));
}

/** Refuses (429) an attempt over the limits of the address and the (key, address) pair; answers its bookkeeping. */
async function countAttempt(deps: Pick<AccountDeps, 'db' | 'auth' | 'clock'>, key: string, address: string) {
  const attempt = await recordAttempt(deps.db, deps.auth, deps.clock.now(), key, address);
  if (!attempt) throw new AppError('TOO_MANY_ATTEMPTS', apiMessages.tooManyAttempts);
  return attempt;
}

/**
 * The parent the organiser already knows for this family, by e-mail address or national number, that no other
 * account holds yet; null when none (or only held ones).
 */
async function knownParent(tx: Executor, email: string, nationalnr: string | null): Promise<number | null> {
  const [row] = await readRows(
    tx,
    sql`select p.id from parents p
        where (lower(p.email) = ${email} ${nationalnr ? sql`or ${sameNationalNumber(sql`p.nationalnr`, nationalnr)}` : sql``})
          and not exists (select 1 from family_accounts a where a.parent_id = p.id)
        order by p.id desc limit 1`,
    z.object({ id: z.number() }),
  );
  return row?.id ?? null;
}

/** Whether the organiser knows this family already: then its records wait for the confirmed address. */
async function anyKnownParent(tx: Executor, email: string, nationalnr: string | null): Promise<boolean> {
  const [row] = await readRows(
    tx,
    sql`select count(*)::int as n from parents p
        where lower(p.email) = ${email} ${nationalnr ? sql`or ${sameNationalNumber(sql`p.nationalnr`, nationalnr)}` : sql``}`,
    z.object({ n: z.number() }),
  );
  return (row?.n ?? 0) > 0;
}

/** A mailed link's token, stored as its hash. */
async function newLink(tx: Executor, accountId: number, purpose: 'confirm' | 'signin', now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const validMs = purpose === 'confirm' ? CONFIRM_LINK_HOURS * 3600_000 : SIGN_IN_LINK_MINUTES * 60_000;
  await tx
    .insert(familyLinks)
    .values({ accountId, purpose, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + validMs) });
  return token;
}

/** The public site's address with a fragment (never sent to a server, so never in a log): `…/inschrijven/#bevestig=…`. */
async function siteLink(tx: Executor, deps: OutboxDeps, fragment: string): Promise<string> {
  const settings = await readSettings(tx, deps.settingsDefaults);
  const base = settings.PUBLIC_SITE_URL.replace(/#.*$/, '');
  return `${base}#${fragment}`;
}

async function mailConfirmLink(tx: Executor, outbox: Outbox, deps: OutboxDeps, email: string, token: string) {
  const link = await siteLink(tx, deps, `bevestig=${token}`);
  await outbox.enqueueText({
    templateId: 'gezin-bevestigen',
    to: email,
    subject: messages.confirmSubject,
    text: messages.confirmText(link),
  });
}

/**
 * signUp: a family's account with the parent's data. A family the organiser does not know yet gets its parent record
 * at once and may book; a known one (same e-mail address, or same national number) is linked to its records only
 * once the address is confirmed through the mailed link (`confirmEmail`), never before: else anyone could sign up
 * with a parent's address and read their children. Counted per address (sign-ups are not undone).
 */
export async function signUp(deps: AccountDeps, payload: SignUpPayload, address: string) {
  const problem = passwordProblem(payload.password);
  if (problem) throw invalidFields({ password: problem });
  const email = normalise(payload.email);
  // A school or office behind one address signs up several families on opening day: three times the sign-in limit.
  await countAttempt({ ...deps, auth: { ...deps.auth, maxFailures: deps.auth.maxFailures * 3 } }, signUpKey, address);
  const passwordHash = await hashPassword(payload.password);
  const now = deps.clock.now();
  const { email: _email, password: _password, ...fields } = payload;
  return withOutbox(deps.db, deps, async (tx, outbox) => {
    // Two sign-ups of one address queue here; the second finds the first's account.
    await tx.execute(sql`select pg_advisory_xact_lock(3, hashtext(${email}))`);
    const [existing] = await tx.select({ id: familyAccounts.id }).from(familyAccounts).where(eq(familyAccounts.email, email));
    if (existing) throw new AppError('ACCOUNT_EXISTS', messages.accountExists);
    const known = await anyKnownParent(tx, email, fields.SUBSCRIBER_PARENT_NATIONALNR ?? null);
    const parentId = known ? null : await insertParent(tx, email, fields);
    const [account] = await tx
      .insert(familyAccounts)
      .values({ email, passwordHash, parentId, pendingParent: known ? fields : null, createdAt: now })
      .returning({ id: familyAccounts.id });
    if (parentId !== null)
      await writeAudit(tx, {
        adminId: null,
        action: 'signUpFamily',
        entity: 'parent',
        entityId: parentId,
        before: null,
        after: { ...fields, SUBSCRIBER_PARENT_EMAIL: email },
      });
    await mailConfirmLink(tx, outbox, deps, email, await newLink(tx, account!.id, 'confirm', now));
    return startSession(tx, deps.auth, now, account!.id);
  });
}

/**
 * signIn: as staff's sign-in (issue 23 §4), counted per (account, address) and per address under the same locks;
 * an account that failed as often from anywhere is slowed, never locked, so a family that knows its password
 * still signs in from home.
 */
export async function signIn(deps: AccountDeps, emailGiven: string, password: string, address: string) {
  const email = normalise(emailGiven);
  const attempt = await countAttempt(deps, signInKey(email), address);
  if (attempt.accountUnderAttack) await deps.clock.sleep(deps.auth.slowdownSeconds * 1000);
  const [account] = await deps.db
    .select({ id: familyAccounts.id, passwordHash: familyAccounts.passwordHash })
    .from(familyAccounts)
    .where(eq(familyAccounts.email, email));
  const valid = await verifyPassword(password, account?.passwordHash ?? unknownAccountHash);
  if (!account?.passwordHash || !valid) throw new AppError('UNAUTHORIZED', messages.signInFailed);
  await deps.db.delete(loginFailures).where(and(eq(loginFailures.email, signInKey(email)), eq(loginFailures.address, address)));
  return startSession(deps.db, deps.auth, deps.clock.now(), account.id);
}

/**
 * requestSignInLink: mails a one-time sign-in link when the address has an account, and answers the same either
 * way (no one learns which addresses have one). Counted per address and (address, account); an account gets at
 * most LOGIN_MAX_FAILURES links in the window, from anywhere.
 */
export async function requestSignInLink(deps: AccountDeps, emailGiven: string, address: string) {
  const email = normalise(emailGiven);
  await countAttempt(deps, linkKey(email), address);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - deps.auth.windowMinutes * 60_000);
  await withOutbox(deps.db, deps, async (tx, outbox) => {
    const [account] = await tx.select({ id: familyAccounts.id }).from(familyAccounts).where(eq(familyAccounts.email, email));
    if (!account) return;
    const [recent] = await readRows(
      tx,
      sql`select count(*)::int as n from family_links where account_id = ${account.id} and purpose = 'signin' and created_at > ${since.toISOString()}`,
      z.object({ n: z.number() }),
    );
    if ((recent?.n ?? 0) >= deps.auth.maxFailures) return;
    const link = await siteLink(tx, deps, `aanmelden=${await newLink(tx, account.id, 'signin', now)}`);
    await outbox.enqueueText({
      templateId: 'gezin-aanmeldlink',
      to: email,
      subject: messages.signInLinkSubject,
      text: messages.signInLinkText(link),
    });
  });
  return { sent: true as const };
}

/** The unused, unexpired link of this token and purpose, locked; null otherwise. */
async function takeLink(tx: Executor, token: string, purpose: 'confirm' | 'signin', now: Date) {
  const [link] = await tx
    .select()
    .from(familyLinks)
    .where(
      and(
        eq(familyLinks.tokenHash, hashToken(token)),
        eq(familyLinks.purpose, purpose),
        isNull(familyLinks.usedAt),
        gt(familyLinks.expiresAt, now),
      ),
    )
    .for('update');
  if (!link) return null;
  await tx.update(familyLinks).set({ usedAt: now }).where(eq(familyLinks.id, link.id));
  return link;
}

/**
 * The address is confirmed: a known family's account is linked to its parent record (the newest of the organiser's
 * parents with that address or national number that no other account holds); when none is left, the data given at
 * sign-up become a new parent record.
 */
async function confirmAccount(tx: Executor, accountId: number, now: Date) {
  const [account] = await tx.select().from(familyAccounts).where(eq(familyAccounts.id, accountId)).for('update');
  if (!account) return;
  let parentId = account.parentId;
  if (parentId === null && account.pendingParent) {
    const pending = account.pendingParent as PublicParentFields;
    parentId =
      (await knownParent(tx, account.email, pending.SUBSCRIBER_PARENT_NATIONALNR ?? null)) ??
      (await insertParent(tx, account.email, pending));
    await writeAudit(tx, {
      adminId: null,
      action: 'linkFamilyAccount',
      entity: 'parent',
      entityId: parentId,
      before: null,
      after: { SUBSCRIBER_PARENT_EMAIL: account.email },
    });
  }
  await tx
    .update(familyAccounts)
    .set({ emailConfirmedAt: account.emailConfirmedAt ?? now, parentId, pendingParent: null })
    .where(eq(familyAccounts.id, accountId));
}

/**
 * confirmEmail: the token of the confirmation mail, sent by the signed-in family itself (so a parent who clicks a
 * link of a sign-up they never made links nothing to the stranger's account). 404 for a token of another account,
 * used or expired.
 */
export async function confirmEmail(deps: AccountDeps, family: FamilyUser, token: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const link = await takeLink(tx, token, 'confirm', now);
    if (!link || link.accountId !== family.accountId) throw new AppError('NOT_FOUND', messages.linkInvalid);
    await confirmAccount(tx, family.accountId, now);
  });
}

/**
 * signInWithLink: a sign-in link proves the mailbox. For an account whose address was not confirmed yet, whoever
 * signed up with it had proven nothing: its password is dropped and its other sessions end before the address is
 * confirmed, so nobody who signed up with someone else's address keeps a way in.
 */
export async function signInWithLink(deps: AccountDeps, token: string, address: string) {
  const now = deps.clock.now();
  const attempt = await countAttempt(deps, 'gezin-linkgebruik', address);
  return deps.db.transaction(async (tx) => {
    const link = await takeLink(tx, token, 'signin', now);
    if (!link) throw new AppError('UNAUTHORIZED', messages.linkInvalid);
    const [account] = await tx.select().from(familyAccounts).where(eq(familyAccounts.id, link.accountId));
    if (!account!.emailConfirmedAt) {
      await tx.update(familyAccounts).set({ passwordHash: null }).where(eq(familyAccounts.id, account!.id));
      await tx
        .update(familySessions)
        .set({ revokedAt: now })
        .where(and(eq(familySessions.accountId, account!.id), isNull(familySessions.revokedAt)));
      await confirmAccount(tx, account!.id, now);
    }
    await tx.delete(loginFailures).where(eq(loginFailures.id, attempt.failureId));
    return startSession(tx, deps.auth, now, account!.id);
  });
}
