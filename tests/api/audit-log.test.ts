import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@common/format.js';
import { admins, auditLog, lunchPreferences } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type InputOf, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { createCamp, createMonitor, createSubscription, parentPayload } from '../helpers/factory.js';

describe.each(backends)('getAuditLog on %s', (backend) => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
    adminId = (await t.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0]!.id;
  });
  afterAll(async () => t?.close());

  const log = async (query: InputOf<'getAuditLog'>) => {
    const answer = await t.api.getAuditLog(query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  it("answers a subscription's history with its child's and parent's changes, each field in Dutch: old → new, national numbers masked", async () => {
    const s = await createSubscription(t.db, { childFirstname: 'Lotte' });
    const other = await createSubscription(t.db);
    expect((await t.api.updateSubscriberParent(parentPayload(s.parentId))).status).toBe(200);
    expect(
      (
        await t.api.updateSubscriber({
          SUBSCRIBER_ID: s.childId,
          SUBSCRIBER_FIRSTNAME: 'Lotta',
          SUBSCRIBER_LASTNAME: 'Testkind',
        })
      ).status,
    ).toBe(200);
    expect((await t.api.paymentComplete({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    expect((await t.api.paymentComplete({ SUBSCRIPTION_ID: other.subscriptionId })).status).toBe(200);

    const history = await log({ entity: 'subscription', entityId: s.subscriptionId });
    expect(history.entries.map((e) => e.action)).toEqual(['paymentComplete', 'updateSubscriber', 'updateSubscriberParent']);
    expect(history.entries.every((e) => e.userEmail === TEST_ADMIN.email && e.userId === adminId)).toBe(true);
    const [payment, child, parent] = history.entries;
    expect(child!.changes).toEqual([{ field: 'firstname', label: 'Voornaam', old: 'Lotte', new: 'Lotta' }]);
    expect(parent!.changes).toContainEqual({ field: 'street', label: 'Straat', old: 'Kerkstraat', new: 'Molenstraat' });
    expect(parent!.entityLabel).toBe('Ouder');
    expect(payment!.changes).toContainEqual({ field: 'SUBSCRIPTION_PAID', label: 'Betaald', old: 'Nee', new: 'Ja' });
    expect(payment!.changes).toContainEqual({ field: 'SUBSCRIPTION_PAID_AMOUNT', label: 'Betaald bedrag', old: '€ 0,00', new: '€ 150,00' });

    // A created record shows its national number masked, never in full.
    await t.db.insert(auditLog).values({
      adminId,
      action: 'updateSubscriberParent',
      entity: 'parent',
      entityId: s.parentId,
      before: { nationalnr: '84.03.15-101.23' },
      after: { nationalnr: '84.03.15-102.22' },
    });
    const masked = await log({ entity: 'subscription', entityId: s.subscriptionId });
    expect(masked.entries[0]!.changes).toEqual([
      { field: 'nationalnr', label: 'Rijksregisternummer', old: '84.03.15-***.**', new: '84.03.15-***.**' },
    ]);
    expect(JSON.stringify(masked)).not.toContain('101.23');
  });

  it('shows a remark that starts like a date or a moment as written, and one that is a real moment as a Belgian one', async () => {
    const s = await createSubscription(t.db);
    const [lunch] = await t.db.insert(lunchPreferences).values({ description: 'Warme maaltijd' }).returning();
    for (const remark of ['2025-07-01 14:00 gebeld met moeder', '9999-12-31T99:99:99Z', '0000-00-00']) {
      const saved = await t.api.updateSubscription({
        SUBSCRIPTION_ID: s.subscriptionId,
        SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunch!.id,
        SUBSCRIPTION_REMARK: remark,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const history = await log({ entity: 'subscription', entityId: s.subscriptionId });
    expect(history.entries.flatMap((e) => e.changes.filter((c) => c.field === 'SUBSCRIPTION_REMARK').map((c) => c.new))).toEqual([
      '0000-00-00',
      '9999-12-31T99:99:99Z',
      '2025-07-01 14:00 gebeld met moeder',
    ]);
    // A real moment of a snapshot still reads as a Belgian one.
    await t.db.insert(auditLog).values({
      adminId,
      action: 'cancelSubscription',
      entity: 'subscription',
      entityId: s.subscriptionId,
      before: { SUBSCRIPTION_CANCELLATION_DATE: null },
      after: { SUBSCRIPTION_CANCELLATION_DATE: '2025-06-03T08:15:00.000Z' },
    });
    const [cancelled] = (await log({ entity: 'subscription', entityId: s.subscriptionId })).entries;
    expect(cancelled!.changes).toEqual([
      { field: 'SUBSCRIPTION_CANCELLATION_DATE', label: expect.any(String), old: '–', new: formatDateTime('2025-06-03T08:15:00.000Z') },
    ]);
  });

  it('filters the whole log by user, action, entity and day, and pages back 100 at a time', async () => {
    const campId = await createCamp(t.db);
    const monitorId = await createMonitor(t.db);
    await t.db.insert(auditLog).values(
      Array.from({ length: 130 }, (_, i) => ({
        adminId: null,
        action: 'crudCamp:update',
        entity: 'camp',
        entityId: campId,
        before: { seatsAvailable: i },
        after: { seatsAvailable: i + 1 },
      })),
    );
    await t.db.insert(auditLog).values({
      adminId,
      action: 'deleteMonitor',
      entity: 'monitor',
      entityId: monitorId,
      before: { MONITOR_FIRSTNAME: 'An' },
      after: null,
      at: '2024-07-14T22:30:00Z',
    });

    const camp = await log({ entity: 'camp', entityId: campId });
    expect(camp.entries).toHaveLength(100);
    expect(camp.hasMore).toBe(true);
    expect(camp.entries[0]!.changes).toEqual([{ field: 'seatsAvailable', label: 'Aantal plaatsen', old: '129', new: '130' }]);
    expect(camp.entries[0]!.userEmail).toBeNull();
    expect(camp.entries[0]!.actionLabel).toBe('Kamp gewijzigd');
    const rest = await log({ entity: 'camp', entityId: campId, beforeId: camp.entries[99]!.id });
    expect(rest.entries).toHaveLength(30);
    expect(rest.hasMore).toBe(false);

    const byUser = await log({ userId: adminId, action: 'deleteMonitor' });
    expect(byUser.entries.map((e) => [e.entity, e.entityId])).toEqual([['monitor', monitorId]]);
    expect(byUser.entries[0]!.changes).toEqual([{ field: 'MONITOR_FIRSTNAME', label: 'Voornaam', old: 'An', new: '–' }]);
    // 22:30 UTC on 14 July is 00:30 on 15 July in Brussels.
    expect((await log({ from: '2024-07-15', to: '2024-07-15' })).entries.map((e) => e.action)).toEqual(['deleteMonitor']);
    expect((await log({ from: '2024-07-14', to: '2024-07-14' })).entries).toEqual([]);
    expect((await log({ entity: 'monitor' })).entries.map((e) => e.entityId)).toEqual([monitorId]);

    const all = await log({});
    expect(all.users).toContainEqual({ id: adminId, email: TEST_ADMIN.email });
    expect(all.actions).toEqual(expect.arrayContaining(['crudCamp:update', 'deleteMonitor', 'paymentComplete']));
    expect(all.entities).toContainEqual({ entity: 'camp', label: 'Kamp' });
  });

  it('refuses bad filters with a Dutch message per field', async () => {
    const answer = await t.api.getAuditLog({ from: '2024-02-30', entityId: 'abc', entity: 'camp;drop' });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toMatchObject({ from: 'Foutief formaat', entityId: 'Foutief formaat', entity: 'Foutief formaat' });
  });
});
