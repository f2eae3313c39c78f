import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyMessages } from '@common/messages.js';
import type { CallName } from '@common/contract/index.js';
import { idempotencyKeys, subscriptionDiscounts } from '../../server/src/db/schema.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { startTestApp, TEST_ADMIN, type CallAnswer, type CallOptions, type InputOf, type TestApp } from '../helpers/api.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { answerLostInRestart, backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createSubscription } from '../helpers/factory.js';

describe.each(backends)('Idempotency-Key on %s', (backend) => {
  let t: TestApp;
  let clock: ControlledClock;
  beforeAll(async () => {
    clock = controlledClock();
    t = await startTestApp(backend, { subscriptionsPerYear: 3, clock });
  });
  afterAll(async () => t?.close());

  /** A call sent with this Idempotency-Key (none when undefined) as this administrator; its answer and whether it was replayed. */
  const keyed = async (key: string | undefined, token: string, call: (options: CallOptions) => Promise<CallAnswer<CallName>>) => {
    const answer = await call({ token, headers: key === undefined ? {} : { 'idempotency-key': key } });
    return { status: answer.status, body: answer.body, replayed: answer.headers['idempotent-replayed'] };
  };
  const addDiscount = (body: InputOf<'addDiscount'>, key?: string, token = t.token) =>
    keyed(key, token, (options) => t.api.addDiscount(body, options));
  const discountsOf = async (subscriptionId: number) =>
    (await t.db.select().from(subscriptionDiscounts).where(eq(subscriptionDiscounts.subscriptionId, subscriptionId))).filter(
      (d) => d.kind !== 'booking',
    );
  const discount = (subscriptionId: number, amount = '5') => ({
    subscriptionId,
    discountAmount: amount,
    discountRemark: 'Halve dag',
    discountId: null,
  });

  it('addDiscount sent twice with one key stores one discount and answers the first answer again', async () => {
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 15000 });
    const first = await addDiscount(discount(subscriptionId), 'actie-1');
    expect(first.status).toBe(200);
    expect(first.replayed).toBeUndefined();
    const again = await addDiscount(discount(subscriptionId), 'actie-1');
    expect(again).toEqual({ ...first, replayed: 'true' });
    expect(await discountsOf(subscriptionId)).toHaveLength(1);

    // Without a key, or with another key, the same request is a new action.
    expect((await addDiscount(discount(subscriptionId), 'actie-2')).status).toBe(200);
    expect((await addDiscount(discount(subscriptionId))).status).toBe(200);
    expect(await discountsOf(subscriptionId)).toHaveLength(3);
  });

  it("an answer whose key cannot be kept because the database went away is still the answer given, not 'unavailable'", async () => {
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 15000 });
    // The database goes away right after the discount is stored: keeping the key's answer fails as a restart fails it.
    const restored = await answerLostInRestart(t.db, 'idempotency_keys', 'actie-in-herstart');
    try {
      const answer = await addDiscount(discount(subscriptionId), 'actie-in-herstart');
      expect(answer.status).toBe(200);
      expect(await discountsOf(subscriptionId)).toHaveLength(1);
    } finally {
      await restored();
    }
  });

  it('the same key with another body or another call answers 409 with a Dutch message and changes nothing', async () => {
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 15000 });
    expect((await addDiscount(discount(subscriptionId, '5'), 'actie-3')).status).toBe(200);
    const before = await databaseDigest(t.db);
    for (const call of [
      (options: CallOptions) => t.api.addDiscount(discount(subscriptionId, '7'), options),
      (options: CallOptions) => t.api.paymentComplete({ SUBSCRIPTION_ID: subscriptionId }, options),
    ]) {
      const refused = await keyed('actie-3', t.token, call);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: { code: 'CONFLICT', message: idempotencyMessages.reused } });
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('five concurrent requests with one key store one discount and all answer the same', async () => {
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 15000 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => addDiscount(discount(subscriptionId), 'actie-4')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.replayed === undefined)).toHaveLength(1);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await discountsOf(subscriptionId)).toHaveLength(1);
  });

  it('a refusal is answered again too; a key is per administrator; a bad key is refused', async () => {
    const refused = await addDiscount(discount(999_999), 'actie-5');
    expect(refused.status).toBe(404);
    expect(await addDiscount(discount(999_999), 'actie-5')).toEqual({ ...refused, replayed: 'true' });

    // Another administrator's key of the same name is theirs.
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 15000 });
    await addAdmin(t.db, 'tweede@kampbeheer.be', 'nog een lang wachtwoord 42');
    const login = await t.api.login({ username: 'tweede@kampbeheer.be', password: 'nog een lang wachtwoord 42' }, { token: null });
    const other = (login.body.data as { token: string }).token;
    expect((await addDiscount(discount(subscriptionId), 'actie-5', other)).status).toBe(200);
    expect(await discountsOf(subscriptionId)).toHaveLength(1);

    for (const bad of ['', 'met spatie', 'x'.repeat(256)]) {
      const answer = await addDiscount(discount(subscriptionId), bad);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(idempotencyMessages.invalidKey);
    }
    expect(await discountsOf(subscriptionId)).toHaveLength(1);
  });

  it('a key is kept IDEMPOTENCY_TTL_HOURS: after that the same request runs again, and expired keys are removed', async () => {
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 15000 });
    expect((await addDiscount(discount(subscriptionId), 'actie-6')).status).toBe(200);
    // A day outlives the sign-in: each step signs in afresh, as the same administrator.
    const signIn = async () =>
      (
        (await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null })).body.data as {
          token: string;
        }
      ).token;
    clock.advance(t.config.IDEMPOTENCY_TTL_HOURS * 3_600_000 - 1_000);
    const replayed = await addDiscount(discount(subscriptionId), 'actie-6', await signIn());
    expect(replayed.replayed).toBe('true');
    expect(await discountsOf(subscriptionId)).toHaveLength(1);
    clock.advance(2_000);
    const later = await addDiscount(discount(subscriptionId), 'actie-6', await signIn());
    expect(later.status).toBe(200);
    expect(later.replayed).toBeUndefined();
    expect(await discountsOf(subscriptionId)).toHaveLength(2);
    // The next request a minute on sweeps every key older than the limit: only the two of the last day stay.
    clock.advance(61_000);
    expect((await addDiscount(discount(subscriptionId), 'actie-7', await signIn())).status).toBe(200);
    const kept = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(kept.map((k) => k.key).sort()).toEqual(['actie-6', 'actie-7']);
  });
});
