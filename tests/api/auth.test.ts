import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/database.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';

describe.each(backends)('sign-in on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
  });
  afterAll(async () => t?.close());

  it('signs in, answers /me, and logs out', async () => {
    const me = await t.call('GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({ email: TEST_ADMIN.email });
  });
});
