import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';

// Raw calls throughout (t.call): these probe the headers and limits of any answer, pages and unknown paths included.

/** Security headers on every answer, 413 for oversized bodies, and no internals in any error. */
describe('security headers, body limits and error hygiene', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { subscriptionsPerYear: 5 });
  });
  afterAll(async () => t?.close());

  function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
    const csp = String(headers['content-security-policy'] ?? '');
    expect(csp, label).toContain("default-src 'self'");
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(csp, label).toContain("script-src 'self'");
    expect(csp, label).toMatch(/style-src 'self'(;|$)/);
    expect(csp, label).not.toContain('unsafe-inline');
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['referrer-policy'], label).toBe('same-origin');
  }

  it('sets the security headers on API answers, errors, the web app and unknown paths', async () => {
    const requests: [string, 'GET' | 'POST', unknown, string | null][] = [
      ['/api/me', 'GET', undefined, t.token],
      ['/api/me', 'GET', undefined, null],
      ['/api/login', 'POST', { username: 'x@y.be', password: 'nope' }, null],
      ['/api/does-not-exist', 'GET', undefined, t.token],
      ['/api/health', 'GET', undefined, null],
      ['/subscription-overview', 'GET', undefined, null],
      ['/login', 'GET', undefined, null],
    ];
    for (const [url, method, body, token] of requests) {
      const answer = await t.call(method, url, body, token);
      expectSecurityHeaders(answer.headers, `${method} ${url} (${answer.status})`);
    }
    console.log(`security headers checked on ${requests.length} kinds of answer`);
  });

  it('answers 413 with the error shape to a body over the limit, and changes nothing', async () => {
    const huge = { username: 'a'.repeat(300 * 1024), password: 'x' };
    const answer = await t.call('POST', '/api/login', huge, null);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: { code: 'BODY_TOO_LARGE', message: expect.any(String) } });
  });

  it('answers malformed JSON and wrong content types with a 400 that reveals nothing internal', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", ',
    });
    expect(malformed.statusCode).toBe(400);
    const body = malformed.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|SyntaxError|stack|select |insert /i);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongType.statusCode).toBeLessThan(500);
    expect(wrongType.json().error.code).toBeDefined();
  });

  it('refuses NUL characters and lone surrogates, which PostgreSQL cannot store, with 400 on the field', async () => {
    for (const username of ['a\u0000b@x.be', '\uD800@x.be']) {
      const answer = await t.call('POST', '/api/login', { username, password: 'x' }, null);
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toEqual({ username: 'Foutief formaat' });
    }
    const query = await t.call('GET', '/api/me?x=%00');
    expect(query.status).toBe(400);
  });

  it('marks every API answer no-store, the sign-in answer and answers with personal data included', async () => {
    const answers = [
      await t.call('POST', '/api/login', { username: TEST_ADMIN.email, password: TEST_ADMIN.password }, null),
      await t.call('POST', '/api/login', { username: TEST_ADMIN.email, password: 'wrong' }, null),
      await t.call('GET', '/api/getSubscriptions'),
      await t.call('GET', '/api/getSubscriptionFullDetail?id=1'),
      await t.call('GET', '/api/getMonitors'),
      await t.call('GET', '/api/me', undefined, null),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], String(answer.status)).toBe('no-store');
    expect(answers[0]!.status).toBe(200);
    // The web app's files keep their own caching.
    expect((await t.call('GET', '/login', undefined, null)).headers['cache-control']).toBe('no-cache');
  });

  it('sends no HSTS by default', async () => {
    expect((await t.call('GET', '/api/health', undefined, null)).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind HTTPS', () => {
  it('sends Strict-Transport-Security when HSTS_MAX_AGE_SECONDS is set', async () => {
    const t = await startTestApp('pglite', { seed: 'none', env: { HSTS_MAX_AGE_SECONDS: '31536000' } });
    try {
      for (const url of ['/api/health', '/login']) {
        const answer = await t.call('GET', url, undefined, null);
        expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await t.close();
    }
  });
});
