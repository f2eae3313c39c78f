import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import { queryRows } from '../../server/src/db/client.js';
import { startTestApp, type InputOf, type TestApp } from '../helpers/api.js';
import { familyWithChild } from '../helpers/family.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';

const countStatuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

/**
 * The public site's baskets (issue 40) under concurrency, on PostgreSQL only (PGlite runs one transaction at a time, so
 * these would pass there with or without the locks): the camps' row locks decide the last seats, and a voucher's row
 * is used once, as at the desk (tests/reliability/seat-locks.postgres.test.ts).
 */
describe('public baskets booked at the same moment on PostgreSQL', () => {
  let t: TestApp;
  const year = new Date().getFullYear() + 1;
  beforeAll(async () => {
    t = await startTestApp('postgres', { seed: 'none' });
  });
  afterAll(async () => t?.close());

  /** A camp of this many seats for the children born 6 to 12 years before, its week starting on this day (mm-dd). */
  const campOf = async (seatsAvailable: number, startsOn: string) =>
    createCamp(t.db, {
      seatsAvailable,
      periodId: await createPeriod(t.db, { startDate: `${year}-${startsOn}` }),
      birthYears: [year - 12, year - 6],
    });
  /** A family with one child of the camps' birth years, signed in. */
  const family = () => familyWithChild(t, { birthdate: `${year - 9}-05-05` });
  /** A basket as the site sends it, with its Idempotency-Key, sent again after a 503 as the site does. */
  const book = async (token: string, basket: InputOf<'book'>, key: string) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await t.api.book(basket, { token, headers: { 'idempotency-key': key } });
      if (answer.status !== 503 || attempt === 5) return answer;
    }
  };
  const seatsTaken = async (campId: number) =>
    (
      await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from subscriptions where camp_id = ${campId} and not cancelled`)
    )[0]!.n;

  it('books 2 seats of 10 baskets that want them at once, each basket two camps; the others book nothing', async () => {
    const small = await campOf(2, '07-05');
    const roomy = await campOf(40, '07-12');
    const families = await Promise.all(Array.from({ length: 10 }, () => family()));
    // Half the baskets name the camps in the other order: the locks are taken in camp order, so none deadlocks.
    const answers = await Promise.all(
      families.map((f, i) => {
        const items = [
          { CHILD_ID: f.childId, CAMP_ID: small },
          { CHILD_ID: f.childId, CAMP_ID: roomy },
        ];
        return book(f.token, { items: i % 2 ? items.reverse() : items, PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer }, `rush-${i}`);
      }),
    );
    expect(countStatuses(answers)).toEqual({ 200: 2, 409: 8 });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'CAMP_FULL')).toBe(true);
    expect(await seatsTaken(small)).toBe(2);
    // All or none: the refused baskets took no seat in the roomy camp either.
    expect(await seatsTaken(roomy)).toBe(2);
  });

  it("locks a basket's later camp too: baskets of two camps and of the later camp alone share its 2 seats", async () => {
    // The small camp has the higher id: a basket of both reads it with the lock its first camp's read took.
    const roomy = await campOf(40, '08-02');
    const small = await campOf(2, '08-09');
    expect(small).toBeGreaterThan(roomy);
    const families = await Promise.all(Array.from({ length: 8 }, () => family()));
    const answers = await Promise.all(
      families.map((f, i) => {
        const items =
          i % 2
            ? [{ CHILD_ID: f.childId, CAMP_ID: small }]
            : [
                { CHILD_ID: f.childId, CAMP_ID: roomy },
                { CHILD_ID: f.childId, CAMP_ID: small },
              ];
        return book(f.token, { items, PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer }, `later-${i}`);
      }),
    );
    expect(countStatuses(answers)).toEqual({ 200: 2, 409: 6 });
    expect(await seatsTaken(small)).toBe(2);
  });

  it('books a child once when baskets for camps of the same week come at once (its row lock before the overlap check)', async () => {
    const week = await Promise.all(Array.from({ length: 5 }, () => campOf(10, '09-06')));
    const { token, childId } = await family();
    // The five camps' rows are held, so that the five baskets reach the child's row at the same moment when let go.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from camps where id in ${sql.raw(`(${week.join(', ')})`)} for update`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const answers = Promise.all(
      week.map((campId, i) =>
        book(token, { items: [{ CHILD_ID: childId, CAMP_ID: campId }], PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer }, `week-${i}`),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await holder;
    expect(countStatuses(await answers)).toEqual({ 200: 1, 409: 4 });
    expect((await answers).filter((a) => a.status === 409).every((a) => a.body.error.code === 'CONFLICT')).toBe(true);
    const [live] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from subscriptions where child_id = ${childId} and not cancelled`,
    );
    expect(live!.n).toBe(1);
  });

  it('lets a voucher book once when several baskets use it at the same moment', async () => {
    const full = await campOf(1, '08-02');
    await createSubscription(t.db, { campId: full });
    const voucher = (await t.api.generateVoucher({ campId: full, type: 'extraSubscription' })).body.data;
    const families = await Promise.all(Array.from({ length: 6 }, () => family()));
    const answers = await Promise.all(
      families.map((f, i) =>
        book(f.token, { items: [{ CHILD_ID: f.childId, CAMP_ID: full }], PAYMENTMETHOD_ID: PAYMENT_METHOD.cash, voucher }, `voucher-${i}`),
      ),
    );
    expect(countStatuses(answers)).toEqual({ 200: 1, 409: 5 });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'VOUCHER_INVALID')).toBe(true);
    expect(await seatsTaken(full)).toBe(2);
  });

  it('refuses a basket for a full camp at once while a booking waits for the camp, and the waiting one is refused by its locked check (issue 37)', async () => {
    const camp = await campOf(1, '08-16');
    const [earlier, first, later] = await Promise.all([family(), family(), family()]);
    const basket = (f: { childId: number }) => ({ items: [{ CHILD_ID: f.childId, CAMP_ID: camp }], PAYMENTMETHOD_ID: PAYMENT_METHOD.cash });
    // The process learns the camp is full as it tells a family so at the lock; then a seat is freed (a cancellation).
    const taken = await createSubscription(t.db, { campId: camp });
    expect((await book(earlier.token, basket(earlier), 'earlier-press')).body.error.code).toBe('CAMP_FULL');
    await t.db.execute(sql`update subscriptions set cancelled = true where id = ${taken.subscriptionId}`);
    // The first family's booking waits for the camp's row, which this transaction holds, and holds its own key.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      // As a booking holds it (a booking's `for update` waits for it), yet a new subscription's key check passes.
      await tx.execute(sql`select id from camps where id = ${camp} for no key update`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const booking = book(first.token, basket(first), 'first-press');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await createSubscription(t.db, { campId: camp });
    // Full again. The first family's retry with the same key is not told 'volzet' by the count while its first attempt
    // may still book: the count waits for that attempt's key (100 ms), then the retry waits at the lock.
    const retry = book(first.token, basket(first), 'first-press');
    // Another family's press is refused from the count, without waiting for the lock.
    const refused = await book(later.token, basket(later), 'later-press');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CAMP_FULL');
    // Longer than the count waits for the first attempt's key: the retry goes on to the lock.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holder;
    // Behind the lock, the camp is full for the first family too: both its attempts answer the same refusal.
    const answers = await Promise.all([booking, retry]);
    expect(answers.map((a) => [a.status, a.body.error?.code])).toEqual([
      [409, 'CAMP_FULL'],
      [409, 'CAMP_FULL'],
    ]);
    expect(await seatsTaken(camp)).toBe(1);
  });
});
