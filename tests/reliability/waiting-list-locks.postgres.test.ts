import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/client.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { familyWithChild } from '../helpers/family.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';

/**
 * The waiting list (issue 34) under concurrent cancellations, on PostgreSQL only (PGlite runs one transaction at a
 * time): each cancellation offers the freed seat under the camp's row lock, so two seats freed at the same moment reach
 * the first two in line, one offer each, and no seat is offered twice. Without the lock both cancellations read the
 * same line and offer their seat to the same child.
 */
describe('cancellations at the same moment and the waiting list on PostgreSQL', () => {
  let t: TestApp;
  const year = new Date().getFullYear() + 1;
  beforeAll(async () => {
    t = await startTestApp('postgres', { seed: 'none' });
  });
  afterAll(async () => t?.close());

  async function waitingFamily(campId: number, name: string) {
    const { token, childId } = await familyWithChild(t, { firstname: name, lastname: 'Wacht', birthdate: `${year - 9}-05-05` });
    const joined = await t.api.joinWaitingList({ CHILD_IDS: [childId], CAMP_ID: campId }, { token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  }
  const cancel = async (id: number) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await t.api.cancelSubscription({ SUBSCRIPTION_ID: id });
      if (answer.status !== 503 || attempt === 5) return answer.status;
    }
  };

  it('two seats freed at once are offered to the first two in line, once each, in every one of 8 camps', async () => {
    for (let round = 0; round < 8; round++) {
      const campId = await createCamp(t.db, {
        seatsAvailable: 2,
        periodId: await createPeriod(t.db, { startDate: `${year}-07-0${1 + (round % 7)}` }),
      });
      const booked = [
        (await createSubscription(t.db, { campId })).subscriptionId,
        (await createSubscription(t.db, { campId })).subscriptionId,
      ];
      await waitingFamily(campId, `Eerste${round}`);
      await waitingFamily(campId, `Tweede${round}`);
      await waitingFamily(campId, `Derde${round}`);

      expect(await Promise.all(booked.map(cancel))).toEqual([200, 200]);

      const offers = await queryRows<{ id: number; seats: number; entries: number }>(
        t.db,
        sql`select o.id, o.seats, (select count(*)::int from waiting_entries w where w.offer_id = o.id and w.state = 'offered') as entries
            from waiting_offers o where o.camp_id = ${campId} and o.state = 'open' order by o.id`,
      );
      const entries = await queryRows<{ name: string; state: string }>(
        t.db,
        sql`select ch.firstname as name, w.state from waiting_entries w join children ch on ch.id = w.child_id
            where w.camp_id = ${campId} order by w.position, w.id`,
      );
      // Two seats, two offers, each held for one child who has it: never a seat offered twice or to nobody.
      expect(offers.map((o) => [o.seats, o.entries])).toEqual([
        [1, 1],
        [1, 1],
      ]);
      expect(entries).toEqual([
        { name: `Eerste${round}`, state: 'offered' },
        { name: `Tweede${round}`, state: 'offered' },
        { name: `Derde${round}`, state: 'waiting' },
      ]);
    }
  });
});
