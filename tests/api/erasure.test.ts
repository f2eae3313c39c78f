import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_BOY, GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { formatNationalNumber } from '@common/identity-numbers.js';
import { queryRows } from '../../server/src/db/client.js';
import { lunchPreferences } from '../../server/src/db/schema.js';
import { personalDataRegister } from '../../server/src/features/privacy/register.js';
import { startTestApp, type InputOf, type TestApp } from '../helpers/api.js';
import { markAttendance, recogniseOrganiser } from '../helpers/attests.js';
import { camtFile } from '../helpers/camt-writer.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createCamp, createPeriod } from '../helpers/factory.js';
import { uploadStatements } from '../helpers/upload.js';

/**
 * Issue 33 §1: 'Gezin wissen' and 'Bewaartermijn' leave nothing of a family in any table. A family gets every
 * kind of record the product keeps (through the calls staff use), then every table of the database, read from
 * the catalog, is searched for its names, e-mail, national numbers and account.
 */

/** June 2033: with 7 years kept, the camp year 2025 is old, and money received for it no longer keeps a family. */
const NOW = new Date('2033-06-01T10:00:00Z');
const YEAR = 2025;
const WEEK = ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11'];
const NEXT_WEEK = ['2025-07-14', '2025-07-15', '2025-07-16', '2025-07-17', '2025-07-18'];

interface Family {
  parentId: number;
  /** Every text that names the family, as stored and as digits. */
  traces: string[];
  /** An Idempotency-Key whose stored answer named the parent. */
  replayKey: string;
  replayBody: InputOf<'updateSubscriberParent'>;
  trashedSubscriptionId: number;
}

describe.each(backends)('erasure and retention leave nothing of a family on %s', (backend) => {
  let t: TestApp;
  let lunchId: number;
  const camps = { first: 0, moveTo: 0, second: 0 };
  let sequence = 0;

  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none', clock: controlledClock(NOW) });
    const [lunch] = await t.db.insert(lunchPreferences).values({ description: 'Warme maaltijd' }).returning();
    lunchId = lunch!.id;
    const week = await createPeriod(t.db, { startDate: WEEK[0] });
    const nextWeek = await createPeriod(t.db, { startDate: NEXT_WEEK[0] });
    camps.first = await createCamp(t.db, { periodId: week, activeDays: WEEK.join(','), priceCents: 10_000 });
    camps.moveTo = await createCamp(t.db, { periodId: week, activeDays: WEEK.join(','), priceCents: 10_000 });
    camps.second = await createCamp(t.db, { periodId: nextWeek, activeDays: NEXT_WEEK.join(','), priceCents: 8_000 });
    await recogniseOrganiser(t);
  });
  afterAll(async () => t?.close());

  /** A change that makes the family's records: it must succeed. */
  async function done<A extends { status: number; body: unknown }>(call: Promise<A>): Promise<A> {
    const answer = await call;
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer;
  }
  const detail = async (id: number) => (await t.api.getSubscriptionFullDetail({ id })).body.data[0];

  /** A family with every kind of record: what a season of phone calls, bank statements, camp days and attests leaves. */
  async function familyWithEverything(marker: string): Promise<Family> {
    const n = ++sequence;
    const email = `${marker.toLowerCase()}.ouder@voorbeeld.be`;
    const parentNn = formatNationalNumber('1983-02-11', 120 + n);
    const childNns = [formatNationalNumber('2016-04-03', 30 + 2 * n), formatNationalNumber('2018-09-21', 51 + 2 * n)];
    const debtorNn = formatNationalNumber('1981-12-24', 200 + n);
    const account = n === 1 ? 'BE62510007547061' : 'BE68539007547034';
    const booking = <R extends object>(campId: number, rest: R) => ({
      CAMP_ID: campId,
      PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer,
      SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunchId,
      SUBSCRIPTION_REMARK: `${marker} is allergisch voor noten`,
      ...rest,
    });
    const first = await done(
      t.api.createSubscription(
        booking(camps.first, {
          SUBSCRIBER_PARENT_FIRSTNAME: `Hilde${marker}`,
          SUBSCRIBER_PARENT_LASTNAME: marker,
          SUBSCRIBER_PARENT_STREET: `${marker}straat`,
          SUBSCRIBER_PARENT_HOUSENR: '3',
          SUBSCRIBER_PARENT_POSTALCODE: '9000',
          SUBSCRIBER_PARENT_CITY: 'Gent',
          SUBSCRIBER_PARENT_COUNTRY: 'België',
          SUBSCRIBER_PARENT_PHONE: '0479 11 22 33',
          SUBSCRIBER_PARENT_PHONE2: '',
          SUBSCRIBER_PARENT_EMAIL: email,
          SUBSCRIBER_PARENT_NATIONALNR: parentNn,
          SUBSCRIBER_FIRSTNAME: `Wout${marker}`,
          SUBSCRIBER_LASTNAME: marker,
          SUBSCRIBER_GENDER_ID: GENDER_BOY,
          SUBSCRIBER_BIRTHDATE: '2016-04-03',
          SUBSCRIBER_NATIONALNR: childNns[0],
        }),
      ),
    );
    const firstId = first.body.data.SUBSCRIPTION_ID;
    const d = (await detail(firstId))!;
    const parentId = d.SUBSCRIBER_PARENT_ID as number;
    const childId = d.SUBSCRIBER_ID as number;
    const newChild = (firstname: string, nationalnr: string | null, birthdate: string) => ({
      SUBSCRIBER_PARENT_ID: parentId,
      SUBSCRIBER_FIRSTNAME: firstname,
      SUBSCRIBER_LASTNAME: marker,
      SUBSCRIBER_GENDER_ID: GENDER_GIRL,
      SUBSCRIBER_BIRTHDATE: birthdate,
      SUBSCRIBER_NATIONALNR: nationalnr,
    });
    const secondId = (await done(t.api.createSubscription(booking(camps.second, newChild(`Noor${marker}`, childNns[1]!, '2018-09-21')))))
      .body.data.SUBSCRIPTION_ID;
    const thirdId = (await done(t.api.createSubscription(booking(camps.second, newChild(`Mila${marker}`, null, '2017-01-09'))))).body.data
      .SUBSCRIPTION_ID;

    // Changes of the cards, one of them with an Idempotency-Key whose stored answer names the parent.
    const replayKey = `wissen-${n}-${Date.now()}`;
    const replayBody: InputOf<'updateSubscriberParent'> = {
      SUBSCRIBER_PARENT_ID: parentId,
      SUBSCRIBER_PARENT_FIRSTNAME: `Hilde${marker}`,
      SUBSCRIBER_PARENT_LASTNAME: marker,
      SUBSCRIBER_PARENT_STREET: `${marker}laan`,
      SUBSCRIBER_PARENT_HOUSENR: '5',
      SUBSCRIBER_PARENT_POSTALCODE: '9000',
      SUBSCRIBER_PARENT_CITY: 'Gent',
      SUBSCRIBER_PARENT_COUNTRY: 'België',
      SUBSCRIBER_PARENT_PHONE: '0479 11 22 33',
      SUBSCRIBER_PARENT_PHONE2: '09 123 45 67',
      SUBSCRIBER_PARENT_EMAIL: email,
      SUBSCRIPTION_ID: firstId,
    };
    const replayed = await done(t.api.updateSubscriberParent(replayBody, { headers: { 'idempotency-key': replayKey } }));
    expect(replayed.bytes.toString()).toContain(`${marker}laan`);
    await done(
      t.api.updateSubscriber({
        SUBSCRIBER_ID: childId,
        SUBSCRIPTION_ID: firstId,
        SUBSCRIBER_FIRSTNAME: `Wouter${marker}`,
        SUBSCRIBER_LASTNAME: marker,
      }),
    );
    await done(
      t.api.updateSubscription({
        SUBSCRIPTION_ID: firstId,
        SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunchId,
        SUBSCRIPTION_REMARK: `${marker} mag niet zwemmen`,
      }),
    );
    await done(t.api.addDiscount({ subscriptionId: firstId, discountAmount: '10', discountRemark: `Korting ${marker}`, discountId: null }));
    await done(t.api.moveSubscription({ SUBSCRIPTION_ID: firstId, CAMP_ID: camps.moveTo, overCapacity: false }));
    await done(t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: firstId }));
    await done(t.api.sendPaymentReminders({ subscriptionIds: [firstId] }));
    await markAttendance(t, firstId, WEEK.slice(0, 4));
    await markAttendance(t, firstId, [WEEK[4]!], false);
    expect((await t.api.revealNationalNumber({ parentId })).status).toBe(200);

    // The bank: the first subscription paid by transfer, the third too, and a credit nobody could place, ignored.
    const ogm = (id: number) => detail(id).then((s) => s!.SUBSCRIPTION_OGM as string);
    const statement = camtFile({
      date: '2025-06-20',
      sequence: String(n),
      entries: [
        { credit: true, transactions: [{ amountCents: 9_000, reference: await ogm(firstId), name: `${marker} Hilde`, iban: account }] },
        { credit: true, transactions: [{ amountCents: 4_000, reference: await ogm(thirdId), name: `${marker} Hilde`, iban: account }] },
        {
          credit: true,
          transactions: [{ amountCents: 2_500, unstructured: `Voor ${marker} kamp`, name: `${marker} Hilde`, iban: account }],
        },
      ],
    });
    const imported = await uploadStatements(t, [{ name: `afschrift-${n}.xml`, bytes: statement }]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const queue = (await t.api.getUnmatchedPayments()).body.data as { paymentId: number; payerName: string }[];
    const stray = queue.find((p) => p.payerName?.includes(marker));
    expect(stray).toBeDefined();
    await done(t.api.ignorePayment({ paymentId: stray!.paymentId, reason: `Dubbel betaald door ${marker}` }));

    // The second child: paid at the desk, cancelled, refunded.
    await done(t.api.paymentComplete({ SUBSCRIPTION_ID: secondId }));
    await done(t.api.cancelSubscription({ SUBSCRIPTION_ID: secondId }));
    await done(t.api.markRefundPaid({ SUBSCRIPTION_ID: secondId, amount: 80, date: '2025-08-01' }));

    // An automatic mail of the camp, and the fiscal attest with another debtor, declared to Belcotax.
    await done(
      t.api.crudMailSchedule({ CAMP_ID: camps.moveTo, MAILTEMPLATE_ID: 'bevestiging', TRIGGER: 'afterEnd', DAYS: 1, TARGET: 'all' }),
    );
    expect(await t.app.mailSchedules.runOnce()).toBeGreaterThan(0);
    await done(
      t.api.saveFiscalAttestChild({
        SUBSCRIBER_ID: childId,
        year: YEAR,
        SEVERE_DISABILITY: false,
        DEBTORS: [
          {
            LASTNAME: marker,
            FIRSTNAME: 'Hilde',
            NATIONALNR: parentNn,
            STREET: `${marker}laan 5`,
            POSTALCODE: '9000',
            CITY: 'Gent',
            COUNTRY: 'België',
            SHARE_PERCENT: 50,
          },
          {
            LASTNAME: `Co${marker}`,
            FIRSTNAME: 'Bart',
            NATIONALNR: debtorNn,
            STREET: 'Dorpsstraat 1',
            POSTALCODE: '9000',
            CITY: 'Gent',
            COUNTRY: 'België',
            SHARE_PERCENT: 50,
          },
        ],
      }),
    );
    const belcotax = await t.api.exportBelcotax({ year: YEAR });
    expect(belcotax.status, belcotax.bytes.toString()).toBe(200);
    expect(belcotax.bytes.toString()).toContain(`Co${marker}`);

    // The third child's subscription goes to the trash, with its payment.
    await done(t.api.deleteSubscription({ SUBSCRIPTION_ID: thirdId }));

    const numbers = [parentNn, ...childNns, debtorNn];
    return {
      parentId,
      traces: [marker, email, account, '0479 11 22 33', ...numbers, ...numbers.map((nn) => nn.replace(/\D/g, ''))],
      replayKey,
      replayBody,
      trashedSubscriptionId: thirdId,
    };
  }

  /** A retry of the family's earlier request with its Idempotency-Key. */
  const replay = (family: Family) => t.api.updateSubscriberParent(family.replayBody, { headers: { 'idempotency-key': family.replayKey } });

  /** Every table of the database (from the catalog) whose rows hold one of the traces, with the trace. */
  async function tablesHolding(traces: string[]): Promise<string[]> {
    const tables = await queryRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    expect(tables.length).toBeGreaterThan(25);
    const found: string[] = [];
    for (const { table_name } of tables) {
      const rows = await queryRows<{ row: string }>(t.db, sql.raw(`select lower(t::text) as row from "${table_name}" t`));
      for (const trace of traces) if (rows.some((r) => r.row.includes(trace.toLowerCase()))) found.push(`${table_name}: ${trace}`);
    }
    return found;
  }

  it('declares every table of the database in the register of personal data, with columns that exist', async () => {
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      t.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
    );
    const tables = [...new Set(columns.map((c) => c.table_name))].sort();
    expect(Object.keys(personalDataRegister).sort()).toEqual(tables);
    for (const [table, rule] of Object.entries(personalDataRegister)) {
      if (rule.holds !== 'family') continue;
      const own = columns.filter((c) => c.table_name === table).map((c) => c.column_name);
      for (const column of rule.personal) expect(own, `${table}.${column}`).toContain(column);
    }
  });

  it("'Gezin wissen' leaves nothing of the family in any table; a replay, the trash and restoring it say it is gone", async () => {
    const family = await familyWithEverything('Qwerzwijn');
    const before = await tablesHolding(family.traces);
    for (const table of [
      'audit_log',
      'children',
      'deleted_subscriptions',
      'fiscal_attest_children',
      'fiscal_attests',
      'idempotency_keys',
      'mail_outbox',
      'parents',
      'payments',
      'subscriptions',
    ]) {
      expect(
        before.some((f) => f.startsWith(`${table}:`)),
        table,
      ).toBe(true);
    }
    const erased = await t.api.eraseFamily({ parentId: family.parentId });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.data).toMatchObject({ parentId: family.parentId, children: 3, subscriptions: 3 });

    expect(await tablesHolding(family.traces)).toEqual([]);

    // A retry of the earlier request answers that the data is gone, not the data.
    const replayed = await replay(family);
    expect([replayed.status, replayed.headers['idempotent-replayed']]).toEqual([404, 'true']);
    expect(replayed.bytes.toString()).not.toContain('Qwerzwijn');
    // The trash no longer offers it, and restoring it is a plain 404.
    const trash = await t.api.getDeletedSubscriptions({ campYear: YEAR });
    expect(trash.body.data.map((e: { SUBSCRIPTION_ID: number }) => e.SUBSCRIPTION_ID)).not.toContain(family.trashedSubscriptionId);
    const restore = await t.api.restoreSubscription({ SUBSCRIPTION_ID: family.trashedSubscriptionId });
    expect(restore.status).toBe(404);
  });

  it("'Bewaartermijn' leaves nothing of an old family in any table either", async () => {
    const family = await familyWithEverything('Plofzwaan');
    expect((await tablesHolding(family.traces)).length).toBeGreaterThan(10);
    const run = await t.api.anonymiseYears({ olderThanYears: 7, dryRun: false });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.campYears).toEqual([YEAR]);

    expect(await tablesHolding(family.traces)).toEqual([]);
    const replayed = await replay(family);
    expect([replayed.status, replayed.headers['idempotent-replayed']]).toEqual([404, 'true']);
    expect(replayed.bytes.toString()).not.toContain('Plofzwaan');
  });
});
