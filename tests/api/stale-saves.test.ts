import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type CallName } from '@common/contract/index.js';
import { staleDataMessages } from '@common/messages.js';
import type { CampPayload } from '@common/schemas/camps.js';
import { lunchPreferences } from '../../server/src/db/schema.js';
import { startTestApp, type InputOf, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import {
  createAgegroup,
  createLocation,
  createMonitor,
  createPeriod,
  createSubscription,
  createTheme,
  parentPayload,
} from '../helpers/factory.js';

/**
 * Optimistic concurrency (issue 12 point 6): a save names the version of the record it was made from; two saves
 * from the same version, one after the other, store the first and refuse the second with 409 and the Dutch
 * message, and the refusal changes nothing. A save without a version (an old client) is not checked.
 */
describe.each(backends)('saves over a newer version on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
  });
  afterAll(async () => t?.close());

  const detailOf = async (id: number) => (await t.api.getSubscriptionFullDetail({ id })).body.data[0]!;

  /** The first save passes and counts the version up; the second, from the same version, is refused and changes nothing. */
  async function secondSaveRefused<N extends CallName>(name: N, first: InputOf<N>, second: InputOf<N>) {
    const saved = await t.unchecked[name](first);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const before = await databaseDigest(t.db);
    const refused = await t.unchecked[name](second);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'VERSION_CONFLICT', message: staleDataMessages.versionConflict });
    expect(await databaseDigest(t.db)).toEqual(before);
  }

  it("refuses tab B's parent save after tab A's: the city tab A saved stays", async () => {
    const { subscriptionId, parentId } = await createSubscription(t.db);
    const seen = await detailOf(subscriptionId);
    expect(seen.SUBSCRIBER_PARENT_VERSION).toBe(1);
    const asSeen = { ...parentPayload(parentId), SUBSCRIPTION_ID: subscriptionId, SUBSCRIBER_PARENT_VERSION: 1 };
    await secondSaveRefused(
      'updateSubscriberParent',
      { ...asSeen, SUBSCRIBER_PARENT_CITY: 'Brugge' },
      { ...asSeen, SUBSCRIBER_PARENT_PHONE2: '0499 99 99 99' },
    );
    const after = await detailOf(subscriptionId);
    expect(after.SUBSCRIBER_PARENT_CITY).toBe('Brugge');
    expect(after.SUBSCRIBER_PARENT_PHONE2).toBe('016/12.34.56');
    expect(after.SUBSCRIBER_PARENT_VERSION).toBe(2);
    // From the new version the save passes.
    const again = await t.api.updateSubscriberParent({
      ...asSeen,
      SUBSCRIBER_PARENT_VERSION: 2,
      SUBSCRIBER_PARENT_CITY: 'Brugge',
    });
    expect(again.status).toBe(200);
    expect(again.body.data.SUBSCRIBER_PARENT_VERSION).toBe(3);
  });

  it('refuses a second child save and a second lunch-and-remark save from the same version', async () => {
    const { subscriptionId, childId } = await createSubscription(t.db);
    const child = { SUBSCRIBER_ID: childId, SUBSCRIPTION_ID: subscriptionId, SUBSCRIBER_VERSION: 1 };
    await secondSaveRefused(
      'updateSubscriber',
      { ...child, SUBSCRIBER_FIRSTNAME: 'Mila', SUBSCRIBER_LASTNAME: 'Peeters' },
      { ...child, SUBSCRIBER_FIRSTNAME: 'Lotte', SUBSCRIBER_LASTNAME: 'Janssens' },
    );
    expect((await detailOf(subscriptionId)).SUBSCRIBER_FIRSTNAME).toBe('Mila');

    const [lunch] = await t.db.insert(lunchPreferences).values({ description: 'Warme maaltijd' }).returning();
    const subscription = { SUBSCRIPTION_ID: subscriptionId, SUBSCRIPTION_VERSION: 1, SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunch!.id };
    await secondSaveRefused(
      'updateSubscription',
      { ...subscription, SUBSCRIPTION_REMARK: 'Allergisch voor noten' },
      { ...subscription, SUBSCRIPTION_REMARK: 'Komt met de bus' },
    );
    const after = await detailOf(subscriptionId);
    expect(after.SUBSCRIPTION_REMARK).toBe('Allergisch voor noten');
    expect([after.SUBSCRIBER_VERSION, after.SUBSCRIPTION_VERSION]).toEqual([2, 2]);
  });

  it('refuses a second camp save and a second theme save from the same version', async () => {
    const periodId = await createPeriod(t.db, { startDate: '2027-07-05' });
    const camp = {
      ...(contract.crudCamp.example.body as CampPayload),
      LOCATION_ID: await createLocation(t.db),
      PERIOD_ID: periodId,
      THEME_ID: await createTheme(t.db),
      AGEGROUP_ID: await createAgegroup(t.db),
      MIN_BIRTHYEAR: 2015,
      MAX_BIRTHYEAR: 2018,
      ACTIVE_DAYS: '2027-07-05,2027-07-06,2027-07-07,2027-07-08,2027-07-09',
    };
    const created = await t.api.crudCamp(camp);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const campId = (created.body.data as { campId: number }).campId;
    const stored = (await t.api.getCamps({ campId })).body.data[0]!;
    expect(stored.CAMP_VERSION).toBe(1);
    await secondSaveRefused(
      'crudCamp',
      { ...camp, CAMP_ID: campId, CAMP_VERSION: 1, SEATS_AVAILABLE: 30 },
      { ...camp, CAMP_ID: campId, CAMP_VERSION: 1, CAMP_CLOSED: true },
    );
    const after = (await t.api.getCamps({ campId })).body.data[0]!;
    expect([after.SEATS_AVAILABLE, after.CAMP_CLOSED, after.CAMP_VERSION]).toEqual([30, false, 2]);

    const themeId = await createTheme(t.db);
    await secondSaveRefused(
      'crudTheme',
      { THEME_ID: themeId, THEME_VERSION: 1, THEME_NAME: 'Ballonvaren' },
      { THEME_ID: themeId, THEME_VERSION: 1, THEME_NAME: 'Zeilen' },
    );
    expect((await t.api.getTaxonomy({ type: 'theme', themeId })).body.data).toEqual([
      { THEME_ID: themeId, THEME_VERSION: 2, THEME_NAME: 'Ballonvaren' },
    ]);
  });

  it("keeps the monitor fields a card does not send, and refuses a card's save over a newer monitor", async () => {
    const monitorId = await createMonitor(t.db, { email: 'card.test@voorbeeld.be' });
    // The address card sends only its own fields: the rest stays.
    const address = await t.api.updateMonitor({
      MONITOR_ID: monitorId,
      MONITOR_VERSION: 1,
      MONITOR_STREET: 'Veldstraat',
      MONITOR_HOUSENR: '3',
      MONITOR_POSTALCODE: '9000',
      MONITOR_CITY: 'Gent',
    });
    expect(address.status, JSON.stringify(address.body)).toBe(200);
    const [afterAddress] = (await t.api.getMonitors({ monitorId })).body.data;
    expect(afterAddress).toMatchObject({
      MONITOR_VERSION: 2,
      MONITOR_EMAIL: 'card.test@voorbeeld.be',
      MONITOR_CITY: 'Gent',
      MONITOR_PHONE: '0475 12 34 56',
    });

    await secondSaveRefused(
      'updateMonitor',
      { MONITOR_ID: monitorId, MONITOR_VERSION: 2, MONITOR_PHONE: '0499 11 22 33' },
      { MONITOR_ID: monitorId, MONITOR_VERSION: 2, MONITOR_REMARK: 'Rijbewijs B' },
    );
    const [after] = (await t.api.getMonitors({ monitorId })).body.data;
    expect(after).toMatchObject({ MONITOR_VERSION: 3, MONITOR_PHONE: '0499 11 22 33', MONITOR_REMARK: null, MONITOR_CITY: 'Gent' });

    // A field a card sends is still checked as part of the whole monitor.
    const bad = await t.api.updateMonitor({ MONITOR_ID: monitorId, MONITOR_FIRSTNAME: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ MONITOR_FIRSTNAME: 'Veld verplicht' });
  });

  it('saves without a version as before (clients of spec section 7 send none)', async () => {
    const { subscriptionId, parentId } = await createSubscription(t.db);
    const payload = { ...parentPayload(parentId), SUBSCRIPTION_ID: subscriptionId };
    expect((await t.api.updateSubscriberParent(payload)).status).toBe(200);
    expect((await t.api.updateSubscriberParent({ ...payload, SUBSCRIBER_PARENT_CITY: 'Brugge' })).status).toBe(200);
    expect(await detailOf(subscriptionId)).toMatchObject({ SUBSCRIBER_PARENT_CITY: 'Brugge', SUBSCRIBER_PARENT_VERSION: 3 });
  });

  it("'Bedragen gelijk zetten' sets only the amount the user confirmed", async () => {
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 15000, paidAmountCents: 5000 });
    // Another tab gives a discount after this one showed € 150 to pay.
    const discount = await t.api.addDiscount({ subscriptionId, discountAmount: '20', discountRemark: 'Broer of zus' });
    expect(discount.status).toBe(200);
    const before = await databaseDigest(t.db);
    const stale = await t.api.paymentComplete({ SUBSCRIPTION_ID: subscriptionId, SUBSCRIPTION_AMOUNT_TO_PAY: 150 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'VERSION_CONFLICT', message: staleDataMessages.amountChanged });
    expect(await databaseDigest(t.db)).toEqual(before);

    const confirmed = await t.api.paymentComplete({ SUBSCRIPTION_ID: subscriptionId, SUBSCRIPTION_AMOUNT_TO_PAY: 130 });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ SUBSCRIPTION_PAID_AMOUNT: 130, SUBSCRIPTION_SALDO: 0, PAYMENT_STATUS: 'PAID' });
  });
});
