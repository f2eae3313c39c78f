import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import type { CallName } from '@common/contract/index.js';
import { validationMessages as m } from '@common/messages.js';
import { paymentStatus } from '@common/payment-status.js';
import type { SubscriptionDetail, SubscriptionDiscountRecord, SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, mailOutbox, subscriptionDiscounts } from '../../server/src/db/schema.js';
import { todayInBelgium } from '@common/calendar.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createSubscription, parentPayload } from '../helpers/factory.js';

const cents = (euro: number) => Math.round(euro * 100);
const UNKNOWN_ID = 987654;

describe.each(backends)('subscription calls on %s', (backend) => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 20 });
    const [admin] = await queryRows<{ id: number }>(t.db, sql`select id from admins where email = 'test@kampbeheer.be'`);
    adminId = admin!.id;
  });
  afterAll(async () => t?.close());

  async function detail(id: number): Promise<SubscriptionDetail> {
    const answer = await t.api.getSubscriptionFullDetail({ id });
    expect(answer.status).toBe(200);
    return (answer.body.data as SubscriptionDetail[])[0]!;
  }
  async function listOfYear(year: number): Promise<SubscriptionListRow[]> {
    const answer = await t.api.getSubscriptions({ campYear: year });
    expect(answer.status).toBe(200);
    return answer.body.data as SubscriptionListRow[];
  }
  async function campOfYear(year: number): Promise<number> {
    const [camp] = await queryRows<{ id: number }>(
      t.db,
      sql`select c.id from camps c join periods p on p.id = c.period_id where extract(year from p.start_date) = ${year} order by c.id limit 1`,
    );
    return camp!.id;
  }
  const auditEntries = (action: string, entityId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

  /** Each bad payload answers 400 with the Dutch message on its field, and together they changed no row. */
  async function expectValidationRefusals(call: CallName, cases: [label: string, body: unknown, field: string, message: string][]) {
    const before = await databaseDigest(t.db);
    for (const [label, body, field, message] of cases) {
      const answer = await t.unchecked[call](body);
      expect(answer.status, `${call}: ${label}`).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION');
      expect(answer.body.error.fields?.[field], `${call}: ${label}`).toBe(message);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  }

  /** A refused call answers this status and code and changes no row. */
  async function expectRefused(call: CallName, body: unknown, status: number, code: string) {
    const before = await databaseDigest(t.db);
    const answer = await t.unchecked[call](body);
    expect(answer.status, `${call} ${JSON.stringify(body)}`).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(typeof answer.body.error.message).toBe('string');
    expect(await databaseDigest(t.db)).toEqual(before);
    return answer;
  }

  describe('reads', () => {
    it('getSubscriptions answers every subscription of the camp year, cancelled ones too, with money derived by the rules', async () => {
      const year = 2024;
      const rows = await listOfYear(year);
      const expected = await queryRows<{
        id: number;
        price: number;
        discount: number;
        paid_amount: number;
        paid: boolean;
        cancelled: boolean;
        fee: number;
      }>(
        t.db,
        sql`select s.id, s.camp_price_cents as price, coalesce((select sum(amount_cents) from subscription_discounts d where d.subscription_id = s.id), 0)::int as discount,
                   s.paid_amount_cents as paid_amount, s.paid, s.cancelled, c.cancellation_fee_cents as fee
            from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
            where p.start_date >= '2024-01-01' and p.start_date < '2025-01-01' order by s.id`,
      );
      expect(rows.map((r) => r.SUBSCRIPTION_ID)).toEqual(expected.map((e) => e.id));
      expect(rows.some((r) => r.SUBSCRIPTION_CANCELLED)).toBe(true);
      for (const [i, row] of rows.entries()) {
        const facts = expected[i]!;
        expect(cents(row.SUBSCRIPTION_CAMP_PRICE)).toBe(facts.price);
        expect(cents(row.SUBSCRIPTION_CAMP_DISCOUNT)).toBe(facts.discount);
        // A cancelled subscription owes its camp's cancellation fee only (issue 39).
        const toPay = facts.cancelled ? Math.min(facts.fee, facts.price - facts.discount) : facts.price - facts.discount;
        expect(cents(row.SUBSCRIPTION_AMOUNT_TO_PAY)).toBe(toPay);
        expect(cents(row.SUBSCRIPTION_PAID_AMOUNT)).toBe(facts.paid_amount);
        expect(cents(row.SUBSCRIPTION_SALDO)).toBe(toPay - facts.paid_amount);
        expect(row.PAYMENT_STATUS).toBe(paymentStatus(facts.paid, toPay - facts.paid_amount));
        expect(row.PERIOD_STARTDATE.startsWith(String(year))).toBe(true);
      }
    });

    it('getSubscriptions answers a subscription with exactly its facts, and nothing of another year', async () => {
      const campId = await campOfYear(2023);
      const made = await createSubscription(t.db, {
        campId,
        priceCents: 12050,
        discounts: [
          { kind: 'booking', amountCents: 1000 },
          { kind: 'extra', amountCents: 525 },
        ],
        paidAmountCents: 5000,
        paid: true,
        paymentMethodId: PAYMENT_METHOD.cash,
        cancelled: true,
        childFirstname: 'Céline',
        childLastname: "D'Hondt",
      });
      const row = (await listOfYear(2023)).find((r) => r.SUBSCRIPTION_ID === made.subscriptionId);
      expect(row).toMatchObject({
        SUBSCRIPTION_REFERENCE: made.reference,
        SUBSCRIPTION_OGM: made.ogm,
        SUBSCRIPTION_CAMP_PRICE: 120.5,
        SUBSCRIPTION_CAMP_DISCOUNT: 15.25,
        // Cancelled: nothing owed (the camp has no cancellation fee), the € 50 paid is to pay back.
        SUBSCRIPTION_AMOUNT_TO_PAY: 0,
        SUBSCRIPTION_PAID_AMOUNT: 50,
        SUBSCRIPTION_SALDO: -50,
        SUBSCRIPTION_PAID: true,
        SUBSCRIPTION_CANCELLED: true,
        PAYMENTMETHOD_ID: PAYMENT_METHOD.cash,
        CAMP_ID: campId,
        SUBSCRIBER_FIRSTNAME: 'Céline',
        SUBSCRIBER_LASTNAME: "D'Hondt",
        PAYMENT_STATUS: 'PAID-TO-MUCH',
      });
      expect(row!.SUBSCRIPTION_CANCELLATION_DATE).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(row!.PERIOD_STARTDATE).toMatch(/^2023-\d{2}-\d{2}$/);
      expect((await listOfYear(2022)).some((r) => r.SUBSCRIPTION_ID === made.subscriptionId)).toBe(false);
    });

    it('getSubscriptions defaults to the current year, answers an empty list for a year without camps, refuses a bad year', async () => {
      const withoutYear = await t.api.getSubscriptions();
      expect(withoutYear.body.data).toEqual(await listOfYear(Number(todayInBelgium().slice(0, 4))));
      expect(await listOfYear(2005)).toEqual([]);
      const bad = await t.api.getSubscriptions({ campYear: 'twintig' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual({ campYear: m.wrongFormat });
    });

    it('getSubscriptionFullDetail answers every field of one subscription as data[0]', async () => {
      const campId = await campOfYear(2025);
      const made = await createSubscription(t.db, {
        campId,
        priceCents: 16000,
        discounts: [
          { kind: 'selected-days', amountCents: 3200 },
          { kind: 'extra', amountCents: 500 },
        ],
        paidAmountCents: 12300,
        paid: true,
        paymentDate: '2025-03-01',
        parentEmail: 'sofie.peeters@voorbeeld.be',
      });
      const [camp] = await queryRows<Record<string, unknown>>(
        t.db,
        sql`select c.price_cents, th.name as theme, l.name as location, p.name as period, p.start_date::text as start, ag.name as agegroup
            from camps c join themes th on th.id = c.theme_id join locations l on l.id = c.location_id
            join periods p on p.id = c.period_id join agegroups ag on ag.id = c.agegroup_id where c.id = ${campId}`,
      );
      const record = await detail(made.subscriptionId);
      expect(record).toMatchObject({
        SUBSCRIPTION_ID: made.subscriptionId,
        SUBSCRIPTION_REFERENCE: made.reference,
        SUBSCRIPTION_OGM: made.ogm,
        SUBSCRIPTION_CAMP_PRICE: 160,
        SUBSCRIPTION_CAMP_DISCOUNT: 37,
        SUBSCRIPTION_DISCOUNT_SELECTED_DAYS: 32,
        SUBSCRIPTION_AMOUNT_TO_PAY: 123,
        SUBSCRIPTION_PAID_AMOUNT: 123,
        SUBSCRIPTION_SALDO: 0,
        SUBSCRIPTION_PAID: true,
        SUBSCRIPTION_PAYMENT_DATE: '2025-03-01',
        PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer,
        PAYMENTMETHOD_DESCRIPTION: 'Overschrijving',
        SUBSCRIPTION_CANCELLED: false,
        SUBSCRIPTION_CANCELLATION_DATE: null,
        PAYMENT_STATUS: 'PAID',
        CAMP_ID: campId,
        CAMP_PRICE: (camp!.price_cents as number) / 100,
        THEME_NAME: camp!.theme,
        LOCATION_NAME: camp!.location,
        PERIOD_NAME: camp!.period,
        PERIOD_STARTDATE: camp!.start,
        AGEGROUP_NAME: camp!.agegroup,
        SUBSCRIBER_ID: made.childId,
        SUBSCRIBER_FIRSTNAME: 'Lotte',
        SUBSCRIBER_BIRTHDATE: '2016-05-04',
        SUBSCRIBER_PARENT_ID: made.parentId,
        SUBSCRIBER_PARENT_EMAIL: 'sofie.peeters@voorbeeld.be',
        SUBSCRIBER_PARENT_PHONE2: '',
      });
      expect(record.SUBSCRIPTION_CREATION_DATE).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('getSubscriptionFullDetail answers 404 for an unknown id and 400 without a valid id', async () => {
      const unknown = await t.api.getSubscriptionFullDetail({ id: UNKNOWN_ID });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('NOT_FOUND');
      expect(unknown.body).not.toHaveProperty('data');
      for (const query of [{}, { id: '' }, { id: -3 }]) {
        const bad = await t.unchecked.getSubscriptionFullDetail(query);
        expect(bad.status, JSON.stringify(query)).toBe(400);
        expect(bad.body.error.fields).toHaveProperty('id');
      }
    });

    it('getDiscounts answers the discounts of one subscription, or of all, and an empty list for an unknown one', async () => {
      const made = await createSubscription(t.db, {
        discounts: [
          { kind: 'booking', amountCents: 1000, remark: 'Korting broer of zus' },
          { kind: 'extra', amountCents: 1250, remark: 'Vrijetijdspas' },
        ],
      });
      const answer = await t.api.getDiscounts({ id: made.subscriptionId });
      const records = answer.body.data as SubscriptionDiscountRecord[];
      expect(records.map((r) => [r.SUBSCRIPTION_DISCOUNT_KIND, r.SUBSCRIPTION_DISCOUNT_AMOUNT, r.SUBSCRIPTION_DISCOUNT_REMARK])).toEqual([
        ['booking', 10, 'Korting broer of zus'],
        ['extra', 12.5, 'Vrijetijdspas'],
      ]);
      expect(records.every((r) => r.SUBSCRIPTION_ID === made.subscriptionId)).toBe(true);
      const all = (await t.api.getDiscounts()).body.data as SubscriptionDiscountRecord[];
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from subscription_discounts`);
      expect(all).toHaveLength(n);
      expect(all.filter((r) => r.SUBSCRIPTION_ID === made.subscriptionId)).toEqual(records);
      expect((await t.api.getDiscounts({ id: UNKNOWN_ID })).body.data).toEqual([]);
    });

    it('getLunchPreferences answers the lunch preference list', async () => {
      const answer = await t.api.getLunchPreferences();
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([
        { LUNCHPREFERENCE_ID: 1, LUNCHPREFERENCE_DESCRIPTION: 'Eigen lunchpakket' },
        { LUNCHPREFERENCE_ID: 2, LUNCHPREFERENCE_DESCRIPTION: 'Warme maaltijd' },
        { LUNCHPREFERENCE_ID: 3, LUNCHPREFERENCE_DESCRIPTION: 'Vegetarische maaltijd' },
        { LUNCHPREFERENCE_ID: 4, LUNCHPREFERENCE_DESCRIPTION: 'Halal maaltijd' },
      ]);
    });
  });

  describe('child, parent and other data', () => {
    it('updateSubscriber saves the names, answers the subscription asked for, and audits', async () => {
      const made = await createSubscription(t.db);
      const answer = await t.api.updateSubscriber({
        SUBSCRIBER_ID: made.childId,
        SUBSCRIPTION_ID: made.subscriptionId,
        SUBSCRIBER_FIRSTNAME: '  Zoë ',
        SUBSCRIBER_LASTNAME: 'Van den Broeck',
      });
      expect(answer.status).toBe(200);
      expect((answer.body.data as SubscriptionDetail).SUBSCRIPTION_ID).toBe(made.subscriptionId);
      const record = await detail(made.subscriptionId);
      expect([record.SUBSCRIBER_FIRSTNAME, record.SUBSCRIBER_LASTNAME]).toEqual(['Zoë', 'Van den Broeck']);
      const [entry] = await auditEntries('updateSubscriber', made.childId);
      expect(entry).toMatchObject({ adminId, entity: 'subscriber', before: { firstname: 'Lotte' }, after: { firstname: 'Zoë' } });
    });

    it('updateSubscriber refuses each rule of spec section 5 with its Dutch message and changes nothing', async () => {
      const made = await createSubscription(t.db);
      const valid = { SUBSCRIBER_ID: made.childId, SUBSCRIBER_FIRSTNAME: 'Emma', SUBSCRIBER_LASTNAME: 'Peeters' };
      await expectValidationRefusals('updateSubscriber', [
        ['no id', { ...valid, SUBSCRIBER_ID: undefined }, 'SUBSCRIBER_ID', m.required],
        ['no first name', { ...valid, SUBSCRIBER_FIRSTNAME: undefined }, 'SUBSCRIBER_FIRSTNAME', m.required],
        ['blank first name', { ...valid, SUBSCRIBER_FIRSTNAME: '   ' }, 'SUBSCRIBER_FIRSTNAME', m.required],
        ['short first name', { ...valid, SUBSCRIBER_FIRSTNAME: 'E' }, 'SUBSCRIBER_FIRSTNAME', m.tooShort],
        ['long first name', { ...valid, SUBSCRIBER_FIRSTNAME: 'E'.repeat(51) }, 'SUBSCRIBER_FIRSTNAME', m.tooLong],
        ['no last name', { ...valid, SUBSCRIBER_LASTNAME: '' }, 'SUBSCRIBER_LASTNAME', m.required],
        ['short last name', { ...valid, SUBSCRIBER_LASTNAME: 'P' }, 'SUBSCRIBER_LASTNAME', m.tooShort],
        ['long last name', { ...valid, SUBSCRIBER_LASTNAME: 'P'.repeat(51) }, 'SUBSCRIBER_LASTNAME', m.tooLong],
      ]);
      expect((await t.api.updateSubscriber({ ...valid, SUBSCRIBER_FIRSTNAME: 'E'.repeat(50) })).status).toBe(200);
    });

    it('updateSubscriber answers 404 for an unknown child, or a subscription that is not that child’s', async () => {
      const made = await createSubscription(t.db);
      const other = await createSubscription(t.db);
      const names = { SUBSCRIBER_FIRSTNAME: 'Emma', SUBSCRIBER_LASTNAME: 'Peeters' };
      await expectRefused('updateSubscriber', { ...names, SUBSCRIBER_ID: UNKNOWN_ID }, 404, 'NOT_FOUND');
      await expectRefused(
        'updateSubscriber',
        { ...names, SUBSCRIBER_ID: made.childId, SUBSCRIPTION_ID: other.subscriptionId },
        404,
        'NOT_FOUND',
      );
    });

    it('updateSubscriberParent saves every editable field, answers the newest subscription without SUBSCRIPTION_ID, and audits', async () => {
      const made = await createSubscription(t.db);
      const payload = parentPayload(made.parentId);
      const answer = await t.api.updateSubscriberParent(payload);
      expect(answer.status).toBe(200);
      expect((answer.body.data as SubscriptionDetail).SUBSCRIPTION_ID).toBe(made.subscriptionId);
      const record = await detail(made.subscriptionId);
      for (const [field, value] of Object.entries(payload)) expect(record[field as keyof SubscriptionDetail], field).toBe(value);
      const [entry] = await auditEntries('updateSubscriberParent', made.parentId);
      expect(entry).toMatchObject({ adminId, entity: 'parent', before: { city: 'Gent' }, after: { city: 'Leuven' } });

      const withoutPhone2 = await t.api.updateSubscriberParent({ ...payload, SUBSCRIBER_PARENT_PHONE2: '' });
      expect((withoutPhone2.body.data as SubscriptionDetail).SUBSCRIBER_PARENT_PHONE2).toBe('');
    });

    it('updateSubscriberParent refuses each rule of spec section 5 with its Dutch message and changes nothing', async () => {
      const made = await createSubscription(t.db);
      const valid = parentPayload(made.parentId);
      const textFields = [
        'SUBSCRIBER_PARENT_FIRSTNAME',
        'SUBSCRIBER_PARENT_LASTNAME',
        'SUBSCRIBER_PARENT_STREET',
        'SUBSCRIBER_PARENT_POSTALCODE',
        'SUBSCRIBER_PARENT_CITY',
        'SUBSCRIBER_PARENT_COUNTRY',
      ] as const;
      await expectValidationRefusals('updateSubscriberParent', [
        ['no id', { ...valid, SUBSCRIBER_PARENT_ID: null }, 'SUBSCRIBER_PARENT_ID', m.required],
        ...textFields.flatMap((field): [string, unknown, string, string][] => [
          [`no ${field}`, { ...valid, [field]: undefined }, field, m.required],
          [`short ${field}`, { ...valid, [field]: 'x' }, field, m.tooShort],
          [`long ${field}`, { ...valid, [field]: 'x'.repeat(51) }, field, m.tooLong],
        ]),
        ['no house number', { ...valid, SUBSCRIBER_PARENT_HOUSENR: '' }, 'SUBSCRIBER_PARENT_HOUSENR', m.required],
        ['long house number', { ...valid, SUBSCRIBER_PARENT_HOUSENR: '1'.repeat(51) }, 'SUBSCRIBER_PARENT_HOUSENR', m.tooLong],
        ['no phone', { ...valid, SUBSCRIBER_PARENT_PHONE: '' }, 'SUBSCRIBER_PARENT_PHONE', m.required],
        ['letters in phone', { ...valid, SUBSCRIBER_PARENT_PHONE: '0475 twaalf' }, 'SUBSCRIBER_PARENT_PHONE', m.wrongFormat],
        ['letters in phone 2', { ...valid, SUBSCRIBER_PARENT_PHONE2: 'geen' }, 'SUBSCRIBER_PARENT_PHONE2', m.wrongFormat],
        ['no e-mail', { ...valid, SUBSCRIBER_PARENT_EMAIL: '' }, 'SUBSCRIBER_PARENT_EMAIL', m.required],
        ['bad e-mail', { ...valid, SUBSCRIBER_PARENT_EMAIL: 'annelies@' }, 'SUBSCRIBER_PARENT_EMAIL', m.invalidEmail],
      ]);
      await expectRefused('updateSubscriberParent', { ...valid, SUBSCRIBER_PARENT_ID: UNKNOWN_ID }, 404, 'NOT_FOUND');
    });

    it('updateSubscription saves lunch preference and remark, and refuses bad input and unknown ids', async () => {
      const made = await createSubscription(t.db);
      const answer = await t.api.updateSubscription({
        SUBSCRIPTION_ID: made.subscriptionId,
        SUBSCRIPTION_LUNCH_PREFERENCE_ID: '3',
        SUBSCRIPTION_REMARK: 'Allergisch voor noten',
      });
      expect(answer.status).toBe(200);
      const record = await detail(made.subscriptionId);
      expect([record.SUBSCRIPTION_LUNCH_PREFERENCE_ID, record.SUBSCRIPTION_REMARK]).toEqual([3, 'Allergisch voor noten']);
      expect(await auditEntries('updateSubscription', made.subscriptionId)).toHaveLength(1);

      await t.api.updateSubscription({
        SUBSCRIPTION_ID: made.subscriptionId,
        SUBSCRIPTION_LUNCH_PREFERENCE_ID: 3,
        SUBSCRIPTION_REMARK: '',
      });
      expect((await detail(made.subscriptionId)).SUBSCRIPTION_REMARK).toBeNull();

      await expectValidationRefusals('updateSubscription', [
        ['no subscription id', { SUBSCRIPTION_LUNCH_PREFERENCE_ID: 1 }, 'SUBSCRIPTION_ID', m.required],
        ['no lunch preference', { SUBSCRIPTION_ID: made.subscriptionId }, 'SUBSCRIPTION_LUNCH_PREFERENCE_ID', m.required],
        [
          'unknown lunch preference',
          { SUBSCRIPTION_ID: made.subscriptionId, SUBSCRIPTION_LUNCH_PREFERENCE_ID: 99 },
          'SUBSCRIPTION_LUNCH_PREFERENCE_ID',
          m.wrongFormat,
        ],
      ]);
      await expectRefused('updateSubscription', { SUBSCRIPTION_ID: UNKNOWN_ID, SUBSCRIPTION_LUNCH_PREFERENCE_ID: 1 }, 404, 'NOT_FOUND');
    });
  });

  describe('discounts', () => {
    it('addDiscount accepts 12, 12.5 and 12,5; each lowers the amount to pay and is an extra discount with its reason', async () => {
      const made = await createSubscription(t.db, { priceCents: 15000 });
      for (const amount of ['12', '12.5', '12,5']) {
        const answer = await t.api.addDiscount({
          subscriptionId: made.subscriptionId,
          discountAmount: amount,
          discountRemark: 'Halve dag',
          discountId: null,
        });
        expect(answer.status, amount).toBe(200);
      }
      const record = await detail(made.subscriptionId);
      expect([record.SUBSCRIPTION_CAMP_DISCOUNT, record.SUBSCRIPTION_AMOUNT_TO_PAY, record.SUBSCRIPTION_SALDO]).toEqual([37, 113, 113]);
      const discounts = (await t.api.getDiscounts({ id: made.subscriptionId })).body.data as SubscriptionDiscountRecord[];
      expect(discounts.map((d) => [d.SUBSCRIPTION_DISCOUNT_AMOUNT, d.SUBSCRIPTION_DISCOUNT_REMARK, d.SUBSCRIPTION_DISCOUNT_KIND])).toEqual([
        [12, 'Halve dag', 'extra'],
        [12.5, 'Halve dag', 'extra'],
        [12.5, 'Halve dag', 'extra'],
      ]);
      const audits = await auditEntries('addDiscount', made.subscriptionId);
      expect(audits).toHaveLength(3);
      expect(audits[0]).toMatchObject({ adminId, before: { SUBSCRIPTION_AMOUNT_TO_PAY: 150 }, after: { SUBSCRIPTION_AMOUNT_TO_PAY: 138 } });
    });

    it('addDiscount with a discountId changes that extra discount; its old amount counts as room again', async () => {
      const made = await createSubscription(t.db, {
        priceCents: 10000,
        discounts: [{ kind: 'extra', amountCents: 2000, remark: 'Axibonnen' }],
      });
      const [discount] = (await t.api.getDiscounts({ id: made.subscriptionId })).body.data as SubscriptionDiscountRecord[];
      const answer = await t.api.addDiscount({
        subscriptionId: made.subscriptionId,
        discountAmount: '100',
        discountRemark: 'Moni korting',
        discountId: discount!.SUBSCRIPTION_DISCOUNT_ID,
      });
      expect(answer.status).toBe(200);
      expect((answer.body.data as SubscriptionDetail).SUBSCRIPTION_AMOUNT_TO_PAY).toBe(0);
      const after = (await t.api.getDiscounts({ id: made.subscriptionId })).body.data as SubscriptionDiscountRecord[];
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({
        SUBSCRIPTION_DISCOUNT_ID: discount!.SUBSCRIPTION_DISCOUNT_ID,
        SUBSCRIPTION_DISCOUNT_AMOUNT: 100,
        SUBSCRIPTION_DISCOUNT_REMARK: 'Moni korting',
      });
    });

    it('addDiscount refuses each rule of spec section 5 with its Dutch message and changes nothing', async () => {
      const made = await createSubscription(t.db);
      const valid = { subscriptionId: made.subscriptionId, discountAmount: '10', discountRemark: 'Vrijetijdspas', discountId: null };
      await expectValidationRefusals('addDiscount', [
        ['no subscription', { ...valid, subscriptionId: undefined }, 'subscriptionId', m.required],
        ['no amount', { ...valid, discountAmount: undefined }, 'discountAmount', m.required],
        ['empty amount', { ...valid, discountAmount: '' }, 'discountAmount', m.required],
        ['amount of 5 characters', { ...valid, discountAmount: '10,50' }, 'discountAmount', m.tooLong],
        ['amount in words', { ...valid, discountAmount: 'tien' }, 'discountAmount', m.wrongFormat],
        ['amount of zero', { ...valid, discountAmount: '0' }, 'discountAmount', m.wrongFormat],
        ['negative amount', { ...valid, discountAmount: '-5' }, 'discountAmount', m.wrongFormat],
        ['no remark', { ...valid, discountRemark: undefined }, 'discountRemark', m.required],
        ['short remark', { ...valid, discountRemark: 'A' }, 'discountRemark', m.tooShort],
        ['long remark', { ...valid, discountRemark: 'A'.repeat(51) }, 'discountRemark', m.tooLong],
        ['bad discount id', { ...valid, discountId: 'een' }, 'discountId', m.wrongFormat],
      ]);
    });

    it('addDiscount answers 409 above the amount to pay and for a discount that is not an extra one, 404 for unknown ids', async () => {
      const made = await createSubscription(t.db, { priceCents: 5000, discounts: [{ kind: 'booking', amountCents: 1000 }] });
      const body = { subscriptionId: made.subscriptionId, discountRemark: 'Andere reden', discountId: null };
      await expectRefused('addDiscount', { ...body, discountAmount: '40,1' }, 409, 'CONFLICT');
      const [booking] = (await t.api.getDiscounts({ id: made.subscriptionId })).body.data as SubscriptionDiscountRecord[];
      await expectRefused('addDiscount', { ...body, discountAmount: '5', discountId: booking!.SUBSCRIPTION_DISCOUNT_ID }, 409, 'CONFLICT');
      await expectRefused('addDiscount', { ...body, discountAmount: '5', subscriptionId: UNKNOWN_ID }, 404, 'NOT_FOUND');
      const other = await createSubscription(t.db, { discounts: [{ kind: 'extra', amountCents: 500 }] });
      const [foreign] = (await t.api.getDiscounts({ id: other.subscriptionId })).body.data as SubscriptionDiscountRecord[];
      await expectRefused('addDiscount', { ...body, discountAmount: '5', discountId: foreign!.SUBSCRIPTION_DISCOUNT_ID }, 404, 'NOT_FOUND');

      const exact = await t.api.addDiscount({ ...body, discountAmount: '40' });
      expect(exact.status).toBe(200);
      expect((exact.body.data as SubscriptionDetail).SUBSCRIPTION_AMOUNT_TO_PAY).toBe(0);
      await expectRefused('addDiscount', { ...body, discountAmount: '1' }, 409, 'CONFLICT');
    });
  });

  describe('payment method, payment, cancel, delete and mail', () => {
    it('convertToCash makes the method cash and queues the convert-to-cash mail; a second time is 409', async () => {
      const made = await createSubscription(t.db, { paymentMethodId: PAYMENT_METHOD.bankTransfer });
      const answer = await t.api.convertToCash({ SUBSCRIPTION_ID: made.subscriptionId });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ PAYMENTMETHOD_ID: PAYMENT_METHOD.cash, PAYMENTMETHOD_DESCRIPTION: 'Contante betaling' });
      expect((await detail(made.subscriptionId)).PAYMENTMETHOD_ID).toBe(PAYMENT_METHOD.cash);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subscriptionId, made.subscriptionId));
      expect(mails.map((mail) => [mail.templateId, mail.status])).toEqual([['omzetten-cash', 'outbox']]);
      expect(await auditEntries('convertToCash', made.subscriptionId)).toHaveLength(1);
      await expectRefused('convertToCash', { SUBSCRIPTION_ID: made.subscriptionId }, 409, 'CONFLICT');
    });

    it('convertToBankTransfer makes cash a transfer without a mail; a second time is 409', async () => {
      const made = await createSubscription(t.db, { paymentMethodId: PAYMENT_METHOD.cash });
      const answer = await t.api.convertToBankTransfer({ SUBSCRIPTION_ID: made.subscriptionId });
      expect(answer.status).toBe(200);
      expect((await detail(made.subscriptionId)).PAYMENTMETHOD_DESCRIPTION).toBe('Overschrijving');
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.subscriptionId, made.subscriptionId))).toEqual([]);
      expect(await auditEntries('convertToBankTransfer', made.subscriptionId)).toHaveLength(1);
      await expectRefused('convertToBankTransfer', { SUBSCRIPTION_ID: made.subscriptionId }, 409, 'CONFLICT');
    });

    it('paymentComplete sets paid to the amount to pay with today as payment date, and keeps a date it had', async () => {
      const unpaid = await createSubscription(t.db, { priceCents: 14500, discounts: [{ kind: 'extra', amountCents: 1000 }] });
      const answer = await t.api.paymentComplete({ SUBSCRIPTION_ID: unpaid.subscriptionId });
      expect(answer.status).toBe(200);
      expect(await detail(unpaid.subscriptionId)).toMatchObject({
        SUBSCRIPTION_PAID_AMOUNT: 135,
        SUBSCRIPTION_PAID: true,
        SUBSCRIPTION_SALDO: 0,
        SUBSCRIPTION_PAYMENT_DATE: todayInBelgium(),
        PAYMENT_STATUS: 'PAID',
      });
      const dated = await createSubscription(t.db, { paidAmountCents: 5000, paid: true, paymentDate: '2025-02-14' });
      await t.api.paymentComplete({ SUBSCRIPTION_ID: dated.subscriptionId });
      expect((await detail(dated.subscriptionId)).SUBSCRIPTION_PAYMENT_DATE).toBe('2025-02-14');
      expect(await auditEntries('paymentComplete', unpaid.subscriptionId)).toHaveLength(1);
    });

    it('cancelSubscription sets the flag and moment, frees the seat, queues the cancellation mail; twice is 409', async () => {
      const campId = await campOfYear(2025);
      const made = await createSubscription(t.db, { campId });
      const seatsTaken = async () => (await listOfYear(2025)).filter((r) => r.CAMP_ID === campId && !r.SUBSCRIPTION_CANCELLED).length;
      const takenBefore = await seatsTaken();
      const startedAt = Date.now();
      const answer = await t.api.cancelSubscription({ SUBSCRIPTION_ID: made.subscriptionId });
      expect(answer.status).toBe(200);
      const record = await detail(made.subscriptionId);
      expect(record.SUBSCRIPTION_CANCELLED).toBe(true);
      expect(Math.abs(Date.parse(record.SUBSCRIPTION_CANCELLATION_DATE!) - startedAt)).toBeLessThan(60_000);
      expect(await seatsTaken()).toBe(takenBefore - 1);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subscriptionId, made.subscriptionId));
      expect(mails.map((mail) => mail.templateId)).toEqual(['annulatie']);
      await expectRefused('cancelSubscription', { SUBSCRIPTION_ID: made.subscriptionId }, 409, 'CONFLICT');
      expect(await auditEntries('cancelSubscription', made.subscriptionId)).toHaveLength(1);
    });

    it('deleteSubscription removes it and its discounts; it is in no list, its detail is 404, the audit keeps the snapshot', async () => {
      const campId = await campOfYear(2025);
      const made = await createSubscription(t.db, { campId, discounts: [{ kind: 'extra', amountCents: 700 }] });
      const answer = await t.api.deleteSubscription({ SUBSCRIPTION_ID: made.subscriptionId });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ subscriptionId: made.subscriptionId });
      expect((await listOfYear(2025)).some((r) => r.SUBSCRIPTION_ID === made.subscriptionId)).toBe(false);
      expect((await t.api.getSubscriptionFullDetail({ id: made.subscriptionId })).status).toBe(404);
      expect((await t.api.getDiscounts({ id: made.subscriptionId })).body.data).toEqual([]);
      expect(await t.db.select().from(subscriptionDiscounts).where(eq(subscriptionDiscounts.subscriptionId, made.subscriptionId))).toEqual(
        [],
      );
      const [entry] = await auditEntries('deleteSubscription', made.subscriptionId);
      expect(entry).toMatchObject({
        adminId,
        after: null,
        before: { SUBSCRIPTION_REFERENCE: made.reference, discounts: [{ SUBSCRIPTION_DISCOUNT_AMOUNT: 7 }] },
      });
      await expectRefused('deleteSubscription', { SUBSCRIPTION_ID: made.subscriptionId }, 404, 'NOT_FOUND');
    });

    it('resendConfirmationEmail records the confirmation mail to the parent and answers its status', async () => {
      const made = await createSubscription(t.db, { parentEmail: 'ouder.bevestiging@voorbeeld.be' });
      const answer = await t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: made.subscriptionId });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ subscriptionId: made.subscriptionId, mailStatus: 'outbox' });
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subscriptionId, made.subscriptionId));
      expect(mail).toMatchObject({ templateId: 'bevestiging', recipient: 'ouder.bevestiging@voorbeeld.be', status: 'outbox' });
      expect(await auditEntries('resendConfirmationEmail', made.subscriptionId)).toHaveLength(1);
    });

    it('every call on one subscription answers 404 for an unknown id and 400 without an id, changing nothing', async () => {
      const calls: CallName[] = [
        'convertToCash',
        'convertToBankTransfer',
        'paymentComplete',
        'cancelSubscription',
        'deleteSubscription',
        'resendConfirmationEmail',
      ];
      for (const call of calls) {
        await expectRefused(call, { SUBSCRIPTION_ID: UNKNOWN_ID }, 404, 'NOT_FOUND');
        await expectValidationRefusals(call, [
          ['no id', {}, 'SUBSCRIPTION_ID', m.required],
          ['id zero', { SUBSCRIPTION_ID: 0 }, 'SUBSCRIPTION_ID', m.wrongFormat],
        ]);
      }
    });
  });
});
