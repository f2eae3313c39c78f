import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignableSubscriptionsAnswer } from '@common/schemas/bank.js';
import { parents } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';

/**
 * 'Koppelen' of a bank credit searches every open camp year (issue 39 item 13): a credit of November 2026 is for the
 * camps of 2027 as often as for those of 2026, whatever year the navigation bar shows; each result names parent and camp.
 */
describe.each(backends)("'Koppelen' finds subscriptions of every open camp year on %s", (backend) => {
  let t: TestApp;
  const ids: Record<number, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none', clock: controlledClock(new Date('2026-11-26T10:00:00Z')) });
    for (const year of [2024, 2025, 2026, 2027]) {
      const campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: `${year}-07-06`, name: `Zomer ${year}` }) });
      const s = await createSubscription(t.db, { campId, childFirstname: 'Mira', childLastname: 'Koppelmans' });
      await t.db.update(parents).set({ firstname: 'Tine', lastname: 'Overschrijvers' }).where(eq(parents.id, s.parentId));
      ids[year] = s.subscriptionId;
    }
  });
  afterAll(async () => t?.close());

  const find = async (search: string) => {
    const answer = await t.api.findSubscriptionsToAssign({ search });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as AssignableSubscriptionsAnswer;
  };

  it('finds last year, this year and next year, newest first, naming child, parent, camp and year', async () => {
    const found = await find('Mira Koppelmans');
    expect(found.TOTAL).toBe(3);
    expect(found.SUBSCRIPTIONS.map((s) => s.SUBSCRIPTION_ID)).toEqual([ids[2027], ids[2026], ids[2025]]);
    expect(found.SUBSCRIPTIONS[0]).toMatchObject({
      SUBSCRIBER_FIRSTNAME: 'Mira',
      SUBSCRIBER_LASTNAME: 'Koppelmans',
      SUBSCRIBER_PARENT_FIRSTNAME: 'Tine',
      SUBSCRIBER_PARENT_LASTNAME: 'Overschrijvers',
      CAMP_YEAR: 2027,
      SUBSCRIPTION_SALDO: 150,
      SUBSCRIPTION_CANCELLED: false,
    });
    expect(found.SUBSCRIPTIONS[0]!.CAMP_NAME).toMatch(/^Testthema \d+ - Test \d+ \| Test$/);
    // By the payer's name, as a bank credit names the parent, and by reference.
    expect((await find('tine overschrijvers')).TOTAL).toBe(3);
    const [byReference] = (await find('Mira')).SUBSCRIPTIONS.filter((s) => s.SUBSCRIPTION_ID === ids[2027]);
    expect((await find(byReference!.SUBSCRIPTION_REFERENCE)).SUBSCRIPTIONS.map((s) => s.SUBSCRIPTION_ID)).toEqual([ids[2027]]);
    expect((await find('zzqx')).TOTAL).toBe(0);
    expect((await t.api.findSubscriptionsToAssign({ search: 'a' })).status).toBe(400);
  });

  it('shows at most 20 and says how many there are', async () => {
    const campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2027-07-13' }) });
    for (let i = 0; i < 23; i++) await createSubscription(t.db, { campId, childFirstname: 'Veel', childLastname: `Gelijknamig${i}` });
    const found = await find('veel gelijknamig');
    expect([found.SUBSCRIPTIONS.length, found.TOTAL]).toEqual([20, 23]);
  });
});
