import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchers } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';

describe.each(backends)('themes and vouchers API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 5 });
  });
  afterAll(async () => t?.close());

  it('creates, renames, reads and deletes a theme', async () => {
    const created = await t.call('POST', '/api/crudTheme', { THEME_NAME: 'Skaten' });
    expect(created.status).toBe(200);
    const themeId = (created.body.data as { themeId: number }).themeId;
    expect((await t.call('GET', `/api/getTaxonomy?type=theme&themeId=${themeId}`)).body.data).toEqual([
      { THEME_ID: themeId, THEME_NAME: 'Skaten' },
    ]);
    expect((await t.call('POST', '/api/crudTheme', { THEME_ID: themeId, THEME_NAME: 'Skaten & steppen' })).body.data).toEqual({ themeId });
    expect((await t.call('POST', '/api/crudTheme', { action: 'read', THEME_ID: themeId })).body.data).toEqual([
      { THEME_ID: themeId, THEME_NAME: 'Skaten & steppen' },
    ]);
    expect((await t.call('POST', '/api/crudTheme', { action: 'delete', THEME_ID: themeId })).status).toBe(200);
    expect((await t.call('GET', `/api/getTaxonomy?type=theme&themeId=${themeId}`)).body.data).toEqual([]);
  });

  it('refuses an empty or too long name with the Dutch message, 404 for an unknown theme, 409 for a used one, changing nothing', async () => {
    const before = await databaseDigest(t.db);
    const empty = await t.call('POST', '/api/crudTheme', { THEME_NAME: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ THEME_NAME: 'Veld verplicht' });
    const long = await t.call('POST', '/api/crudTheme', { THEME_NAME: 'x'.repeat(51) });
    expect(long.body.error.fields).toEqual({ THEME_NAME: 'Inhoud te lang.' });
    expect((await t.call('POST', '/api/crudTheme', { THEME_ID: 99999, THEME_NAME: 'Nieuw' })).status).toBe(404);
    expect((await t.call('POST', '/api/crudTheme', { action: 'delete', THEME_ID: 1 })).status).toBe(409);
    expect((await t.call('POST', '/api/crudTheme', { action: 'verwijder', THEME_ID: 1 })).status).toBe(400);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('stores a voucher for a camp that expires 24 hours after creation', async () => {
    const started = Date.now();
    const answer = await t.call('GET', '/api/generateVoucher?campId=1&type=extraSubscription');
    expect(answer.status).toBe(200);
    const token = answer.body.data as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [stored] = await t.db.select().from(vouchers).where(eq(vouchers.token, token));
    expect(stored).toMatchObject({ campId: 1, type: 'extraSubscription', usedAt: null });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(24 * 3600_000);
    expect(stored!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const second = (await t.call('GET', '/api/generateVoucher?campId=1')).body.data as string;
    expect(second).not.toBe(token);
    expect((await t.call('GET', '/api/generateVoucher?campId=999999')).status).toBe(404);
    expect((await t.call('GET', '/api/generateVoucher?campId=1&type=other')).status).toBe(400);
    expect(TEST_ADMIN.email).toBeTruthy();
  });
});
