import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeRecord } from '@common/schemas/themes.js';
import { admins, auditLog } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createCamp, createTheme } from '../helpers/factory.js';

describe.each(backends)('crudTheme on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 5 });
  });
  afterAll(async () => t?.close());

  const themeById = async (themeId: number) => (await t.api.getTaxonomy({ type: 'theme', themeId })).body.data as ThemeRecord[];

  it('creates, renames, reads and deletes a theme, each written to the audit log', async () => {
    const created = await t.api.crudTheme({ THEME_NAME: '  Skaten  ' });
    expect(created.status).toBe(200);
    const themeId = (created.body.data as { themeId: number }).themeId;
    expect(await themeById(themeId)).toEqual([{ THEME_ID: themeId, THEME_VERSION: 1, THEME_NAME: 'Skaten' }]);

    const fifty = 'Skaten & steppen '.padEnd(50, 'x');
    expect((await t.api.crudTheme({ THEME_ID: themeId, THEME_NAME: fifty })).body.data).toEqual({ themeId });
    expect((await t.api.crudTheme({ action: 'read', THEME_ID: themeId })).body.data).toEqual([
      { THEME_ID: themeId, THEME_VERSION: 2, THEME_NAME: fifty },
    ]);
    expect((await t.api.crudTheme({ action: 'update', THEME_ID: String(themeId), THEME_NAME: 'Skaten' })).status).toBe(200);
    expect((await t.api.crudTheme({ action: 'delete', THEME_ID: themeId })).body.data).toEqual({ themeId });
    expect(await themeById(themeId)).toEqual([]);

    const [admin] = await t.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'theme'), eq(auditLog.entityId, themeId)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.adminId, a.before, a.after])).toEqual([
      ['crudTheme:create', admin!.id, null, { THEME_ID: themeId, THEME_VERSION: 1, THEME_NAME: 'Skaten' }],
      [
        'crudTheme:update',
        admin!.id,
        { THEME_ID: themeId, THEME_VERSION: 1, THEME_NAME: 'Skaten' },
        { THEME_ID: themeId, THEME_VERSION: 2, THEME_NAME: fifty },
      ],
      [
        'crudTheme:update',
        admin!.id,
        { THEME_ID: themeId, THEME_VERSION: 2, THEME_NAME: fifty },
        { THEME_ID: themeId, THEME_VERSION: 3, THEME_NAME: 'Skaten' },
      ],
      ['crudTheme:delete', admin!.id, { THEME_ID: themeId, THEME_VERSION: 3, THEME_NAME: 'Skaten' }, null],
    ]);
  });

  it('refuses a missing, blank or too long name and a bad id or action with the Dutch message, changing nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ THEME_NAME: '' }, { THEME_NAME: 'Veld verplicht' }],
      [{ THEME_NAME: '   ' }, { THEME_NAME: 'Veld verplicht' }],
      [{}, { THEME_NAME: 'Veld verplicht' }],
      [{ THEME_NAME: 'x'.repeat(51) }, { THEME_NAME: 'Inhoud te lang.' }],
      [{ THEME_ID: 'drie', THEME_NAME: 'Voetbal' }, { THEME_ID: 'Foutief formaat' }],
      [{ THEME_ID: -1, THEME_NAME: 'Voetbal' }, { THEME_ID: 'Foutief formaat' }],
      [{ action: 'update', THEME_NAME: 'Voetbal' }, { THEME_ID: 'Veld verplicht' }],
      [{ action: 'delete' }, { THEME_ID: 'Veld verplicht' }],
      [{ action: 'verwijder', THEME_ID: 1 }, { action: 'Foutief formaat' }],
    ];
    const before = await databaseDigest(t.db);
    for (const [body, fields] of cases) {
      // Invalid on purpose: past the contract's types.
      const answer = await t.unchecked.crudTheme(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('answers 404 for an unknown theme and 409 for deleting a theme camps use, changing nothing', async () => {
    const usedTheme = await createTheme(t.db);
    await createCamp(t.db, { themeId: usedTheme });
    const before = await databaseDigest(t.db);
    const rename = await t.api.crudTheme({ THEME_ID: 99999, THEME_NAME: 'Nieuw' });
    expect(rename.status).toBe(404);
    expect(rename.body.error.message).toBe('Thema niet gevonden');
    expect((await t.api.crudTheme({ action: 'delete', THEME_ID: 99999 })).status).toBe(404);
    expect((await t.api.crudTheme({ action: 'read', THEME_ID: 99999 })).body.data).toEqual([]);
    const used = await t.api.crudTheme({ action: 'delete', THEME_ID: usedTheme });
    expect(used.status).toBe(409);
    expect(used.body.error.message).toBe('Dit thema wordt nog door kampen gebruikt en kan niet verwijderd worden.');
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});
