import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '@common/schemas/users.js';
import type { Role } from '@common/roles.js';
import { readRows } from '../../server/src/db/client.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createMonitor } from '../helpers/factory.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { addUser, signIn, USER_PASSWORD } from '../helpers/users.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';

const NEW_PASSWORD = 'zomerkamp aan de kust';
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(backends)('users, invites and passwords on %s', (backend) => {
  let t: TestApp;
  let clock: ControlledClock;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    clock = controlledClock(new Date('2026-03-02T09:00:00Z'));
    t = await startTestApp(backend, { seed: 'none', clock, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const invite = (email: string, role: Role = 'medewerker', extra: { monitorId?: number } = {}) =>
    t.api.inviteUser({ email, role, ...extra });

  it('invites by mail with a one-time link: the user sets a password once and signs in with the role', async () => {
    const answer = await invite('Nieuw@Kampbeheer.be');
    expect(answer.status).toBe(200);
    const { user, inviteLink } = answer.body.data;
    expect(user).toMatchObject({ email: 'nieuw@kampbeheer.be', role: 'medewerker', status: 'uitgenodigd' });
    expect(user.inviteExpiresAt).toBe('2026-03-04T09:00:00.000Z');
    expect(inviteLink).toMatch(/^http:\/\/[^/]+\/accept-invite\?token=[A-Za-z0-9_-]{43}$/);
    // The mail is recorded at the commit and the relay sends it (its own loop may be sending it already).
    const mailTo = () => smtp.received.find((m) => m.envelopeTo.includes('nieuw@kampbeheer.be'));
    for (let tries = 0; !mailTo() && tries < 100; tries++) {
      await t.app.mailRelay.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mailTo()!.text).toContain(inviteLink);
    // The invite table keeps only the token's hash.
    const hashes = await readRows(t.db, sql`select token_hash as "hash" from user_invites`, z.object({ hash: z.string() }));
    expect(hashes.map((h) => h.hash)).not.toContain(tokenOf(inviteLink));

    // Invited, not yet able to sign in.
    expect((await t.api.login({ username: 'nieuw@kampbeheer.be', password: NEW_PASSWORD }, { token: null })).status).toBe(401);
    const weak = await t.api.acceptInvite({ token: tokenOf(inviteLink), password: 'kort' }, { token: null });
    expect([weak.status, Object.keys(weak.body.error.fields)]).toEqual([400, ['password']]);
    const accepted = await t.api.acceptInvite({ token: tokenOf(inviteLink), password: NEW_PASSWORD }, { token: null });
    expect([accepted.status, accepted.body.data]).toEqual([200, { email: 'nieuw@kampbeheer.be' }]);
    const again = await t.api.acceptInvite({ token: tokenOf(inviteLink), password: 'nog een ander wachtwoord' }, { token: null });
    expect([again.status, again.body.error.message]).toEqual([404, userMessages.inviteInvalid]);

    const token = await signIn(t, 'nieuw@kampbeheer.be', NEW_PASSWORD);
    expect((await t.api.me(undefined, { token })).body.data).toEqual({ email: 'nieuw@kampbeheer.be', role: 'medewerker' });
    expect((await t.api.getUsers(undefined, { token })).status).toBe(403);
    const listed = (await t.api.getUsers()).body.data.find((u: { email: string }) => u.email === 'nieuw@kampbeheer.be');
    expect(listed).toMatchObject({ status: 'actief', inviteExpiresAt: null });
  });

  it('accepts an invite link for 48 hours and refuses it after; a new invite replaces the old link', async () => {
    const inTime = (await invite('optijd@kampbeheer.be')).body.data.inviteLink;
    const late = (await invite('laat@kampbeheer.be')).body.data.inviteLink;
    clock.advance(47 * 3600_000);
    expect((await t.api.acceptInvite({ token: tokenOf(inTime), password: NEW_PASSWORD }, { token: null })).status).toBe(200);
    clock.advance(3600_000 + 1000);
    const expired = await t.api.acceptInvite({ token: tokenOf(late), password: NEW_PASSWORD }, { token: null });
    expect([expired.status, expired.body.error.message]).toEqual([404, userMessages.inviteInvalid]);

    // The beheerder's session lasts less than two days.
    t.token = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const renewed = (await invite('laat@kampbeheer.be')).body.data.inviteLink;
    const newest = (await invite('laat@kampbeheer.be')).body.data.inviteLink;
    expect((await t.api.acceptInvite({ token: tokenOf(renewed), password: NEW_PASSWORD }, { token: null })).status).toBe(404);
    expect((await t.api.acceptInvite({ token: tokenOf(newest), password: NEW_PASSWORD }, { token: null })).status).toBe(200);
    // An address that already has a password is refused.
    const taken = await invite('nieuw@kampbeheer.be');
    expect([taken.status, taken.body.error.message]).toEqual([409, userMessages.exists]);
  });

  it('a monitor user needs a monitor; the link is kept on the user', async () => {
    const missing = await invite('monitor@kampbeheer.be', 'monitor');
    expect([missing.status, missing.body.error.fields]).toEqual([400, { monitorId: userMessages.monitorRequired }]);
    const monitorId = await createMonitor(t.db, { firstname: 'Lotte', lastname: 'Peeters' });
    const answer = await invite('monitor@kampbeheer.be', 'monitor', { monitorId });
    expect(answer.body.data.user).toMatchObject({ role: 'monitor', monitorId, monitorName: 'Lotte Peeters' });
  });

  it('changes the role, disables with an end to the sessions, removes, and never leaves the product without a beheerder', async () => {
    const userId = await addUser(t.db, 'tweede@kampbeheer.be', 'medewerker');
    const session = await signIn(t, 'tweede@kampbeheer.be');
    const promoted = await t.api.updateUser({ userId, role: 'beheerder', disabled: false });
    expect(promoted.body.data).toMatchObject({ role: 'beheerder', status: 'actief' });
    // The role counts from the next call on, in the same session.
    expect((await t.api.getUsers(undefined, { token: session })).status).toBe(200);

    const disabled = await t.api.updateUser({ userId, role: 'beheerder', disabled: true });
    expect(disabled.body.data.status).toBe('uitgeschakeld');
    expect((await t.api.me(undefined, { token: session })).status).toBe(401);
    expect((await t.api.login({ username: 'tweede@kampbeheer.be', password: USER_PASSWORD }, { token: null })).status).toBe(401);

    // The test administrator is now the only active beheerder.
    const [me] = await readRows(t.db, sql`select id from admins where email = ${TEST_ADMIN.email}`, z.object({ id: z.number() }));
    const refusals = [
      await t.api.updateUser({ userId: me!.id, role: 'medewerker', disabled: false }),
      await t.api.updateUser({ userId: me!.id, role: 'beheerder', disabled: true }),
      await t.api.removeUser({ userId: me!.id }),
    ];
    expect(refusals.map((r) => [r.status, r.body.error.message])).toEqual(Array(3).fill([409, userMessages.lastBeheerder]));
    expect((await t.api.me()).body.data.role).toBe('beheerder');

    // With a second active beheerder, the first may step down.
    await t.api.updateUser({ userId, role: 'beheerder', disabled: false });
    expect((await t.api.removeUser({ userId: me!.id })).status).toBe(200);
    expect((await t.api.me()).status).toBe(401);
    t.token = await signIn(t, 'tweede@kampbeheer.be');
    expect((await t.api.removeUser({ userId })).status).toBe(409);
    const audit = await readRows(
      t.db,
      sql`select action from audit_log where entity = 'user' order by id`,
      z.object({ action: z.string() }),
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['inviteUser', 'acceptInvite', 'updateUser', 'removeUser']));
  });

  it("changes one's own password under the password rules and ends the other sessions", async () => {
    await addUser(t.db, 'eigen@kampbeheer.be', 'monitor');
    const here = await signIn(t, 'eigen@kampbeheer.be');
    const elsewhere = await signIn(t, 'eigen@kampbeheer.be');
    const wrong = await t.api.changePassword({ currentPassword: 'fout', newPassword: NEW_PASSWORD }, { token: here });
    expect([wrong.status, wrong.body.error.fields]).toEqual([400, { currentPassword: userMessages.wrongPassword }]);
    const common = await t.api.changePassword({ currentPassword: USER_PASSWORD, newPassword: 'password1234' }, { token: here });
    expect([common.status, Object.keys(common.body.error.fields)]).toEqual([400, ['newPassword']]);
    const changed = await t.api.changePassword({ currentPassword: USER_PASSWORD, newPassword: NEW_PASSWORD }, { token: here });
    expect(changed.body.data).toEqual({ changed: true });
    expect((await t.api.me(undefined, { token: here })).status).toBe(200);
    expect((await t.api.me(undefined, { token: elsewhere })).status).toBe(401);
    await signIn(t, 'eigen@kampbeheer.be', NEW_PASSWORD);
  });

  it('the Logboek reads what these tests did in words staff understand (issue 39)', async () => {
    // The test administrator removed itself above; the second beheerder reads the log.
    expect(await auditLogNotInWords(t, await signIn(t, 'tweede@kampbeheer.be'))).toEqual([]);
  });
});
