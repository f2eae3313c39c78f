import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../server/src/config.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { hashPassword } from '../../server/src/lib/passwords.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';

const WINDOW_MS = 15 * 60_000;

/**
 * Password hashing watched, to see that a wrong invite token costs none (scrypt, 16 MB of memory each); and made
 * cheap here (N 1024 instead of 16384, in the stored format verifyPassword reads its cost from, for the accounts
 * and for the unknown-account comparison), since these tests check hundreds of passwords. What they prove does not
 * depend on the cost: every attempt is recorded under its locks before its password is checked (login in
 * server/src/features/auth/service.ts), so parallel attempts meet the limit however fast a check is.
 */
vi.mock('../../server/src/lib/passwords.js', async (original) => {
  const module = await original<typeof import('../../server/src/lib/passwords.js')>();
  const { randomBytes, scrypt } = await import('node:crypto');
  const cheap = { N: 1024, r: 8, p: 1 };
  const hashCheaply = async (password: string) => {
    const salt = randomBytes(16);
    const hash = await new Promise<Buffer>((resolve, reject) =>
      scrypt(password, salt, 64, cheap, (error, key) => (error ? reject(error) : resolve(key))),
    );
    return ['scrypt', cheap.N, cheap.r, cheap.p, salt.toString('base64'), hash.toString('base64')].join('$');
  };
  return {
    ...module,
    hashPassword: vi.fn(hashCheaply),
    unknownAccountHash: module.unknownAccountHash.replace('scrypt$16384$', `scrypt$${cheap.N}$`),
  };
});
const scryptCalls = () => vi.mocked(hashPassword).mock.calls.length;

/** Sign-in limits that hold under real concurrency and cannot be turned against the staff (issue 23 §4). */
describe.each(backends)('sign-in limits on %s', (backend) => {
  let t: TestApp;
  let clock: ControlledClock;
  beforeAll(async () => {
    clock = controlledClock();
    t = await startTestApp(backend, {
      seed: 'none',
      clock,
      env: { LOGIN_MAX_FAILURES: '10', LOGIN_SLOWDOWN_SECONDS: '2', SESSION_TTL_HOURS: '2', SESSION_MAX_HOURS: '12' },
    });
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    // Every test starts after the window of the previous one's failures.
    clock.advance(WINDOW_MS + 1000);
    clock.slept.length = 0;
  });

  // Raw (inject) in this file: each request comes from a client address of its own (remoteAddress), which the limits
  // count and which no option of the typed client sets.
  const attempt = async (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress, headers })).statusCode;
  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

  it('60 parallel wrong passwords for one account from one address: exactly 10 are checked', async () => {
    const statuses = await Promise.all(Array.from({ length: 60 }, () => attempt(TEST_ADMIN.email, 'wrong password', '10.0.0.1')));
    expect(tally(statuses)).toEqual({ 401: 10, 429: 50 });
    console.log(`${backend}: 60 parallel failures of one account and address → ${JSON.stringify(tally(statuses))}`);
  });

  it('200 parallel wrong passwords from one address on 200 accounts: exactly 30 are checked', async () => {
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(`user${i}@example.be`, 'wrong', '10.0.0.2')));
    expect(tally(statuses)).toEqual({ 401: 30, 429: 170 });
    console.log(`${backend}: 200 parallel failures from one address → ${JSON.stringify(tally(statuses))}`);
  });

  it('an attacked account is slowed, not locked: the right password from an address that is not failing signs in', async () => {
    for (let i = 1; i <= 10; i++) expect(await attempt(TEST_ADMIN.email, 'wrong', `10.0.1.${i}`)).toBe(401);
    expect(clock.slept).toEqual([]);
    expect(await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.2.1')).toBe(200);
    expect(clock.slept).toEqual([2000]);
    expect(await attempt(TEST_ADMIN.email, 'wrong', '10.0.1.1')).toBe(401);
    expect(clock.slept).toEqual([2000, 2000]);

    // One address that failed ten times for the account is refused even with the right password, others are not.
    for (let i = 0; i < 10; i++) await attempt(TEST_ADMIN.email, 'wrong', '10.0.3.1');
    expect(await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.3.1')).toBe(429);
    expect(await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.2.2')).toBe(200);
    // After the window that address may try again.
    clock.advance(WINDOW_MS + 1000);
    expect(await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.3.1')).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: it neither escapes the limit nor locks out the address it names', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push(await attempt(`other${i}@example.be`, 'wrong', '10.0.4.1', { 'x-forwarded-for': `10.9.0.${i}` }));
    expect(tally(statuses)).toEqual({ 401: 30, 429: 5 });
    for (let i = 0; i < 12; i++) await attempt(TEST_ADMIN.email, 'wrong', '10.0.4.2', { 'x-forwarded-for': '10.0.5.5' });
    expect(await attempt(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.5.5')).toBe(200);
  });

  /** A sign-in through inject from an address, with cookies; answers the status and the cookie it sets. */
  const signIn = async (username: string, password: string, remoteAddress: string, cookie?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });
    const set = response.headers['set-cookie'];
    return { status: response.statusCode, setCookie: (Array.isArray(set) ? set[0] : set) ?? null, body: response.json() };
  };

  it('a flooded address does not lock out a browser its staff signed in from: a known device counts its own failures', async () => {
    // Monday morning: the office computer signs in and becomes a known device of this account.
    const first = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.6.1');
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(
      /^kampbeheer_device_[0-9a-f]{16}=[\w-]{43}; Path=\/api\/login; HttpOnly; SameSite=Strict; Max-Age=7776000$/,
    );
    const cookie = first.setCookie!.split(';')[0]!;
    // Someone floods the office's one address (a proxy without TRUST_PROXY) with wrong passwords on other accounts.
    for (let i = 0; i < 30; i++) expect((await signIn(`flood${i}@example.be`, 'wrong', '10.0.6.1')).status).toBe(401);
    expect((await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.6.1')).status).toBe(429);
    // The known device still signs in with the right password, and gets no new cookie.
    const known = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.6.1', cookie);
    expect([known.status, known.setCookie]).toEqual([200, null]);
    // Its cookie counts only for its own account: another account from that browser is as unknown as any.
    const [, token] = cookie.split('=');
    await addAdmin(t.db, 'collega@example.be', 'nog een lang wachtwoord');
    const otherName = (await signIn('collega@example.be', 'nog een lang wachtwoord', '10.0.7.1')).setCookie!.split('=')[0];
    expect((await signIn('collega@example.be', 'nog een lang wachtwoord', '10.0.6.1', `${otherName}=${token}`)).status).toBe(429);

    // A known device guessing is limited too: LOGIN_MAX_FAILURES of its own, then 429, the right password included.
    for (let i = 0; i < 10; i++) expect((await signIn(TEST_ADMIN.email, 'wrong', '10.0.6.1', cookie)).status).toBe(401);
    expect((await signIn(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.6.1', cookie)).status).toBe(429);
    console.log(`${backend}: address flooded (30 failures): unknown device 429, known device 200; the device's own 10 failures: 429`);
  });

  it('changePassword counts a wrong current password like a failed sign-in: after LOGIN_MAX_FAILURES, 429', async () => {
    await addAdmin(t.db, 'gestolen@example.be', 'het oude lange wachtwoord');
    const session = (await signIn('gestolen@example.be', 'het oude lange wachtwoord', '10.0.8.1')).body.data.token as string;
    const change = async (currentPassword: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/changePassword',
          payload: { currentPassword, newPassword: 'een nieuw lang wachtwoord' },
          remoteAddress: '10.0.8.2',
          headers: { authorization: `Bearer ${session}` },
        })
      ).statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await change(`gok ${i}`));
    expect(tally(statuses)).toEqual({ 400: 10, 429: 2 });
    expect(await change('het oude lange wachtwoord')).toBe(429);
    clock.advance(WINDOW_MS + 1000);
    const fresh = (await signIn('gestolen@example.be', 'het oude lange wachtwoord', '10.0.8.1')).body.data.token as string;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/changePassword',
      payload: { currentPassword: 'het oude lange wachtwoord', newPassword: 'een nieuw lang wachtwoord' },
      remoteAddress: '10.0.8.2',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('acceptInvite looks the token up before it hashes a password, and counts wrong tokens per address', async () => {
    const accept = async (token: string, remoteAddress: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/acceptInvite',
          payload: { token, password: 'een lang nieuw wachtwoord' },
          remoteAddress,
        })
      ).statusCode;
    const wrong = () => randomBytes(32).toString('base64url');
    const hashes = scryptCalls();
    const statuses = await Promise.all(Array.from({ length: 48 }, () => accept(wrong(), '10.0.9.1')));
    expect(tally(statuses)).toEqual({ 404: 10, 429: 38 });
    expect(scryptCalls() - hashes).toBe(0);
    // Another address still may use its link.
    expect(await accept(wrong(), '10.0.9.2')).toBe(404);
    console.log(
      `${backend}: 48 parallel wrong invite tokens → ${JSON.stringify(tally(statuses))}, ${scryptCalls() - hashes} password hashes`,
    );
  });

  it('a session ends after SESSION_TTL_HOURS without use and SESSION_MAX_HOURS after sign-in, however much it is used', async () => {
    const signIn = async () => {
      const answer = await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null });
      return answer.body.data as { token: string; expiresAt: string };
    };
    const idle = await signIn();
    expect(Date.parse(idle.expiresAt)).toBe(clock.now().getTime() + 2 * 3600_000);
    clock.advance(2 * 3600_000 + 1000);
    expect((await t.api.me(undefined, { token: idle.token })).status).toBe(401);

    const busy = await signIn();
    for (let hour = 1; hour < 12; hour++) {
      clock.advance(3600_000);
      expect((await t.api.me(undefined, { token: busy.token })).status, `after ${hour} h`).toBe(200);
    }
    clock.advance(3600_000 - 60_000);
    expect((await t.api.me(undefined, { token: busy.token })).status, 'a minute before 12 h').toBe(200);
    clock.advance(61_000);
    expect((await t.api.me(undefined, { token: busy.token })).status, 'just after 12 h, used a minute ago').toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, a hop count, or an address list; never everyone', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, ::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/abc' })).toThrow(/TRUST_PROXY/);
  });

  it('with one hop, the address the proxy saw counts, not what the client wrote before it', async () => {
    const t = await startTestApp('pglite', { seed: 'none', env: { TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '3' } });
    try {
      const attempt = async (password: string, forwardedFor: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: TEST_ADMIN.email, password },
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': forwardedFor },
          })
        ).statusCode;
      // The client forges a first address each time; the proxy appends the real one.
      for (let i = 0; i < 3; i++) expect(await attempt('wrong', `10.8.0.${i}, 10.7.7.7`)).toBe(401);
      expect(await attempt(TEST_ADMIN.password, '10.8.0.9, 10.7.7.7')).toBe(429);
      expect(await attempt(TEST_ADMIN.password, '10.7.7.7, 10.7.7.8')).toBe(200);
    } finally {
      await t.close();
    }
  });
});
