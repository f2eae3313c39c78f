import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { queryRows } from '../../server/src/db/client.js';
import { lunchPreferences } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';

const countStatuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

/**
 * The camp's row lock (`lockCamp` in server/src/features/registration/service.ts) decides these outcomes:
 * without it, concurrent registrations on PostgreSQL each count the same free seats and all succeed. PGlite
 * runs one transaction at a time, so there they would pass with or without the lock: this file runs on
 * PostgreSQL only (`*.postgres.test.ts`, left out of a run without TEST_DATABASE_URL, which says so).
 */
describe('seats under concurrent registrations on PostgreSQL', () => {
  const backend = 'postgres';
  let t: TestApp;
  let lunchId: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
    const [row] = await t.db.insert(lunchPreferences).values({ description: 'Boterhammen' }).returning({ id: lunchPreferences.id });
    lunchId = row!.id;
  });
  afterAll(async () => t?.close());

  const year = new Date().getFullYear();
  /** A 503 ('probeer zo opnieuw') changed nothing and is retried, as a client does: on a busy machine a call can wait past the embedded database's connection timeout. */
  const retried = async <A extends { status: number }>(call: () => Promise<A>) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await call();
      if (answer.status !== 503 || attempt === 5) return answer;
    }
  };
  const seatsTaken = async (campId: number) =>
    (
      await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from subscriptions where camp_id = ${campId} and not cancelled`)
    )[0]!.n;
  const newChild = (i: number) => ({
    SUBSCRIBER_PARENT_FIRSTNAME: 'Gelijktijdige',
    SUBSCRIBER_PARENT_LASTNAME: `Ouder ${i}`,
    SUBSCRIBER_PARENT_STREET: 'Stationsstraat',
    SUBSCRIBER_PARENT_HOUSENR: String(i + 1),
    SUBSCRIBER_PARENT_POSTALCODE: '2000',
    SUBSCRIBER_PARENT_CITY: 'Antwerpen',
    SUBSCRIBER_PARENT_COUNTRY: 'België',
    SUBSCRIBER_PARENT_PHONE: '03 123 45 67',
    SUBSCRIBER_PARENT_EMAIL: `ouder${i}@gelijktijdig.be`,
    SUBSCRIBER_FIRSTNAME: 'Kind',
    SUBSCRIBER_LASTNAME: `Nummer ${i}`,
    SUBSCRIBER_GENDER_ID: GENDER_GIRL,
    SUBSCRIBER_BIRTHDATE: `${year - 9}-04-0${1 + (i % 9)}`,
  });

  it('fills a camp of 3 seats with exactly 3 of 12 simultaneous registrations; the other 9 hear that it is full', async () => {
    const campId = await createCamp(t.db, { seatsAvailable: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        retried(() =>
          t.api.createSubscription({
            CAMP_ID: campId,
            ...newChild(i),
            PAYMENTMETHOD_ID: PAYMENT_METHOD.cash,
            SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunchId,
          }),
        ),
      ),
    );
    expect(countStatuses(answers)).toEqual({ 200: 3, 409: 9 });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.message === 'Dit kamp is volzet')).toBe(true);
    expect(await seatsTaken(campId)).toBe(3);
  });

  it('moves exactly 2 of 8 children at once into the 2 free seats of a camp', async () => {
    const target = await createCamp(t.db, { seatsAvailable: 2, periodId: await createPeriod(t.db, { startDate: `${year}-08-31` }) });
    const source = await createCamp(t.db, { seatsAvailable: 20 });
    const moving = await Promise.all(Array.from({ length: 8 }, () => createSubscription(t.db, { campId: source })));
    const answers = await Promise.all(
      moving.map((s) => retried(() => t.api.moveSubscription({ SUBSCRIPTION_ID: s.subscriptionId, CAMP_ID: target }))),
    );
    expect(countStatuses(answers)).toEqual({ 200: 2, 409: 6 });
    expect(await seatsTaken(target)).toBe(2);
  });

  it('restores exactly 1 of 5 deleted subscriptions at once into the last free seat', async () => {
    const campId = await createCamp(t.db, { seatsAvailable: 5 });
    const deleted = await Promise.all(Array.from({ length: 5 }, () => createSubscription(t.db, { campId })));
    for (const s of deleted) expect((await t.api.deleteSubscription({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    await Promise.all(Array.from({ length: 4 }, () => createSubscription(t.db, { campId })));
    const answers = await Promise.all(deleted.map((s) => retried(() => t.api.restoreSubscription({ SUBSCRIPTION_ID: s.subscriptionId }))));
    expect(countStatuses(answers)).toEqual({ 200: 1, 409: 4 });
    expect(await seatsTaken(campId)).toBe(5);
  });
});
