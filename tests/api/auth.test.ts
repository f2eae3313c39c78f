import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@common/contract/index.js';
import { sessions } from '../../server/src/db/schema.js';
import { backends } from '../helpers/database.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';

describe.each(backends)('sign-in and the Bearer guard on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none', env: { LOGIN_MAX_FAILURES: '4' } });
  });
  afterAll(async () => t?.close());

  const signIn = async () => {
    const answer = await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null });
    expect(answer.status).toBe(200);
    return answer.body.data as { token: string; expiresAt: string; user: { email: string } };
  };

  /** Every guarded API route, enumerated from the call table, so later calls are covered too. */
  const guardedRoutes = () =>
    Object.values(contract)
      .filter((c) => !c.public)
      .map((c) => ({ method: c.method, url: c.path }));

  async function expectEveryRouteRefuses(token: string | null, label: string) {
    const routes = guardedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(2);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      // Raw: every route of the table in one loop, whatever its input.
      const answer = await t.call(route.method as 'GET', url, route.method === 'GET' ? undefined : {}, token);
      expect(answer.status, `${route.method} ${route.url} with ${label}`).toBe(401);
      expect(answer.body.error.code).toBe('UNAUTHORIZED');
    }
    console.log(`${routes.length} routes answered 401 with ${label}`);
  }

  it('signs in, answers /me, and stores only a hash of the token', async () => {
    const login = await signIn();
    expect(login.user.email).toBe(TEST_ADMIN.email);
    expect(Date.parse(login.expiresAt)).toBeGreaterThan(Date.now() + 11 * 3600_000);
    const me = await t.api.me(undefined, { token: login.token });
    expect(me.body.data).toEqual({ email: TEST_ADMIN.email, role: 'beheerder' });
    const stored = await t.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === login.token)).toBe(false);
  });

  it('every guarded route answers 401 without a token, with a wrong, expired or revoked one', async () => {
    await expectEveryRouteRefuses(null, 'no token');
    await expectEveryRouteRefuses('not-a-real-token-but-long-enough-123', 'a wrong token');

    const expired = await signIn();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    await expectEveryRouteRefuses(expired.token, 'an expired token');

    const revoked = await signIn();
    expect((await t.api.logout(undefined, { token: revoked.token })).status).toBe(200);
    await expectEveryRouteRefuses(revoked.token, 'a token revoked by logout');
  });

  it('answers the same for an unknown account and a wrong password, then 429 after too many failures', async () => {
    const unknown = await t.api.login({ username: 'nobody@example.be', password: 'whatever' }, { token: null });
    const wrong = await t.api.login({ username: TEST_ADMIN.email, password: 'wrong' }, { token: null });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error.message).toBe('Login niet correct');

    for (let i = 0; i < 3; i++) await t.api.login({ username: TEST_ADMIN.email, password: 'wrong' }, { token: null });
    const limited = await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_ATTEMPTS');
  });
});
