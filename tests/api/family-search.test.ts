import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parents } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { download, readCsv } from '../helpers/files.js';
import { createCamp, createPeriod, createSubscription, type CreatedSubscription } from '../helpers/factory.js';

const YEAR = 2030;

/**
 * searchSubscriptions, the overview's server search, also finds a subscription by its parent (issue 39 item 12): the
 * name, the e-mail address or a phone number in any notation, which staff answering the phone have. Its wire stays as
 * it was: `campYear` and `q` in, the ids out.
 */
describe.each(backends)("the overview's search by the parent on %s", (backend) => {
  let t: TestApp;
  let hilde: CreatedSubscription;
  let other: CreatedSubscription;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
    const campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: `${YEAR}-07-01` }) });
    hilde = await createSubscription(t.db, {
      campId,
      childFirstname: 'Lotte',
      childLastname: 'De Wachter',
      parentEmail: 'hilde.vermeulen@voorbeeld.be',
    });
    await t.db
      .update(parents)
      .set({ firstname: 'Hilde', lastname: 'Vermeulen', phone: '0472 12 34 56', phone2: '+32 9 123 45 67' })
      .where(eq(parents.id, hilde.parentId));
    other = await createSubscription(t.db, {
      campId,
      childFirstname: 'Arne',
      childLastname: 'Vermeulen',
      parentEmail: 'info@voorbeeld.be',
    });
    await t.db
      .update(parents)
      .set({ firstname: 'Bart', lastname: 'Claes', phone: '+32 473 98 76 54', phone2: '' })
      .where(eq(parents.id, other.parentId));
    // Another camp year: never found in this one.
    const later = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: `${YEAR - 1}-07-02` }) });
    const lastYear = await createSubscription(t.db, { campId: later, childFirstname: 'Lotte', childLastname: 'De Wachter' });
    await t.db
      .update(parents)
      .set({ firstname: 'Hilde', lastname: 'Vermeulen', phone: '0472 12 34 56' })
      .where(eq(parents.id, lastYear.parentId));
  });
  afterAll(async () => t?.close());

  const search = async (q: string) => {
    const answer = await t.api.searchSubscriptions({ campYear: YEAR, q });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as number[];
  };

  it("finds a subscription by the parent's name and e-mail address, each word in the child's or the parent's fields", async () => {
    expect(await search('Hilde Vermeulen')).toEqual([hilde.subscriptionId]);
    expect(await search('vermeulen hilde')).toEqual([hilde.subscriptionId]);
    expect(await search('hilde.vermeulen@voorbeeld.be')).toEqual([hilde.subscriptionId]);
    expect(await search('Lotte Vermeulen')).toEqual([hilde.subscriptionId]);
    // Arne Vermeulen is found by his own name in the overview itself; his parent is no Vermeulen.
    expect(await search('Vermeulen')).toEqual([hilde.subscriptionId]);
    expect(await search('Claes')).toEqual([other.subscriptionId]);
    expect(await search('zzqx vermeulen')).toEqual([]);
  });

  it('finds a parent by a phone number in any notation', async () => {
    for (const q of [
      '0472 12 34 56',
      '0472123456',
      '+32472123456',
      '+32 472 12 34 56',
      '0032 472 12 34 56',
      '0472/12.34.56',
      '472 12 34',
    ]) {
      expect(await search(q), q).toEqual([hilde.subscriptionId]);
    }
    for (const q of ['0473 98 76 54', '0473987654', '+32473987654']) expect(await search(q), q).toEqual([other.subscriptionId]);
    expect(await search('09 123 45 67'), 'the second phone number').toEqual([hilde.subscriptionId]);
    expect(await search('0499 99 99 99')).toEqual([]);
  });

  it("the overview's export selects by the parent too: the same rows searchSubscriptions finds", async () => {
    const file = await download(t, `/api/exportSubscriptions?campYear=${YEAR}&format=csv&search=${encodeURIComponent('+32472123456')}`);
    expect(readCsv(file.body).records.map((r) => r.Referentie)).toEqual([hilde.reference]);
  });
});
