import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, auditLog, vouchers } from '../../server/src/db/schema.js';
import { findValidVoucher } from '../../server/src/domain/vouchers.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createCamp } from '../helpers/factory.js';

const DAY = 24 * 3600_000;

describe.each(backends)('generateVoucher on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 5 });
  });
  afterAll(async () => t?.close());

  const generate = async (campId: number) => (await t.api.generateVoucher({ campId, type: 'extraSubscription' })).body.data as string;
  const stored = async (token: string) => (await t.db.select().from(vouchers).where(eq(vouchers.token, token)))[0]!;

  it('stores a fresh voucher for the camp, made by the signed-in administrator, expiring 24 hours after creation', async () => {
    const campId = await createCamp(t.db);
    const started = Date.now();
    const answer = await t.api.generateVoucher({ campId, type: 'extraSubscription' });
    expect(answer.status).toBe(200);
    const token = answer.body.data as string;
    // 24 random bytes: 192 bits, 32 base64url characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [admin] = await t.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
    const voucher = await stored(token);
    expect(voucher).toMatchObject({ campId, type: 'extraSubscription', createdBy: admin!.id, usedAt: null });
    expect(voucher.expiresAt.getTime() - voucher.createdAt.getTime()).toBe(DAY);
    expect(voucher.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(voucher.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // type is optional: extraSubscription is the only kind there is.
    const second = (await t.api.generateVoucher({ campId })).body.data as string;
    expect(second).not.toBe(token);
    expect((await stored(second)).type).toBe('extraSubscription');

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'generateVoucher'), eq(auditLog.entityId, voucher.id)));
    expect(audit).toMatchObject({ entity: 'voucher', adminId: admin!.id, before: null });
    // The log never holds a usable token.
    expect(JSON.stringify(audit!.after)).not.toContain(token);
    expect(audit!.after).toMatchObject({ campId, type: 'extraSubscription' });
  });

  it('is valid for its own camp until it expires or is used', async () => {
    const token = await generate(2);
    const voucher = await stored(token);
    expect(await findValidVoucher(t.db, token, 2)).toMatchObject({ id: voucher.id });
    expect(await findValidVoucher(t.db, token, 2, new Date(voucher.createdAt.getTime() + DAY - 1))).toMatchObject({ id: voucher.id });
    expect(await findValidVoucher(t.db, token, 2, new Date(voucher.createdAt.getTime() + DAY))).toBeNull();
    expect(await findValidVoucher(t.db, token, 3)).toBeNull();
    // Another last character, never the one the token already ends with.
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await findValidVoucher(t.db, altered, 2)).toBeNull();

    const expired = await generate(2);
    await t.db
      .update(vouchers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(vouchers.token, expired));
    expect(await findValidVoucher(t.db, expired, 2)).toBeNull();

    await t.db.update(vouchers).set({ usedAt: new Date() }).where(eq(vouchers.token, token));
    expect(await findValidVoucher(t.db, token, 2)).toBeNull();
  });

  it('refuses an unknown camp with 404 and a missing or bad campId or type with 400, storing nothing', async () => {
    const before = await databaseDigest(t.db);
    const unknown = await t.api.generateVoucher({ campId: 999999, type: 'extraSubscription' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Kamp niet gevonden');
    const cases: [string, Record<string, string>][] = [
      ['type=extraSubscription', { campId: 'Veld verplicht' }],
      ['campId=kamp&type=extraSubscription', { campId: 'Foutief formaat' }],
      ['campId=0', { campId: 'Foutief formaat' }],
      ['campId=1&type=korting', { type: 'Foutief formaat' }],
    ];
    for (const [query, fields] of cases) {
      // Invalid on purpose: a raw call, past the contract's types.
      const answer = await t.call('GET', `/api/generateVoucher?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.fields, query).toEqual(fields);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});
