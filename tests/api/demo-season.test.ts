import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBelgium } from '@common/calendar.js';
import { FIRST_CAMP_YEAR } from '@common/constants.js';
import type { FiscalAttestsAnswer } from '@common/schemas/attests.js';
import { queryRows, type DatabaseHandle } from '../../server/src/db/client.js';
import { getWaitingLists } from '../../server/src/domain/waiting-list.js';
import { seatsTakenOf } from '../../server/src/domain/seats.js';
import { DEMO_ORGANISER, seedDemoData } from '../../server/src/seed/demo-data.js';
import { BELCOTAX_XSD } from '../helpers/attests.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { download } from '../helpers/files.js';
import { schemaErrors } from '../helpers/xml-schema.js';

/**
 * Issue 39 item 24: a newcomer's demo shows the product. A fresh demo (the tests' default seed) has a recognised
 * organiser whose attests and Belcotax file are possible without a blocker, attendance on the camp days that have
 * been and never later, families abroad, refunds, a bank statement import, planned mails and waiting lists.
 */
describe.each(backends)('a fresh demo on %s', (backend) => {
  let t: TestApp;
  const today = todayInBelgium();
  const lastYear = Number(today.slice(0, 4)) - 1;
  beforeAll(async () => {
    t = await startTestApp(backend, { env: { MAIL_FROM: 'Zomerkampen <kampen@voorbeeld.be>' } });
  });
  afterAll(async () => t?.close());

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db, query);

  it("recognises the organiser with every Belcotax setting, keeping the environment's sender", async () => {
    const [settings] = (await t.api.getSettings()).body.data;
    expect(settings).toMatchObject({
      ORGANISER_NAME: 'Zomerkampen',
      MAIL_FROM: 'Zomerkampen <kampen@voorbeeld.be>',
      RECOGNITION_CODE: '2',
      BELCOTAX_CONTACT_NAME: DEMO_ORGANISER.BELCOTAX_CONTACT_NAME,
      BELCOTAX_CONTACT_PHONE: DEMO_ORGANISER.BELCOTAX_CONTACT_PHONE,
      BELCOTAX_CONTACT_EMAIL: DEMO_ORGANISER.BELCOTAX_CONTACT_EMAIL,
    });
  });

  it("shows last year's attests with nothing blocking them, and a Belcotax file the tax administration's schema accepts", async () => {
    const attests = (await t.api.getFiscalAttests({ year: lastYear })).body.data;
    expect(attests.NOT_ALLOWED).toBeNull();
    expect(attests.BELCOTAX_MISSING_SETTINGS).toEqual([]);
    expect(attests.BELCOTAX_BLOCKERS).toEqual([]);
    expect(attests.ATTEST_COUNT).toBeGreaterThan(5);
    const xml = (await download(t, `/api/exportBelcotax?year=${lastYear}&test=true`)).body.toString('utf8');
    expect(schemaErrors(xml, BELCOTAX_XSD)).toBeNull();
  });

  it('records attendance on the camp days that have been, some absent, and none on a later day', async () => {
    const [days] = await rows<{ past: number; later: number; absent: number }>(
      sql`select count(*) filter (where day < ${today}::date)::int as past, count(*) filter (where day >= ${today}::date)::int as later,
                 count(*) filter (where not present)::int as absent
          from attendance`,
    );
    expect(days!.past).toBeGreaterThan(500);
    expect(days!.absent).toBeGreaterThan(0);
    expect(days!.later).toBe(0);
  });

  it('has families abroad, in countries Belcotax knows, whose children get attests', async () => {
    const abroad = await rows<{ country: string }>(sql`select country from parents where country <> 'België'`);
    expect(abroad.length).toBeGreaterThan(3);
    expect(new Set(abroad.map((p) => p.country))).toEqual(new Set(['Nederland', 'Frankrijk', 'Luxemburg', 'Duitsland']));
    // Their children get attests like any other: the demo's years up to last year together have some.
    const children: number[] = [];
    for (let year = FIRST_CAMP_YEAR; year <= lastYear; year++) {
      const answer = (await t.api.getFiscalAttests({ year })).body.data as FiscalAttestsAnswer;
      children.push(...answer.CHILDREN.filter((c) => c.ATTESTS.length > 0).map((c) => c.SUBSCRIBER_ID));
    }
    const [fromAbroad] = await rows<{ n: number }>(
      sql`select count(*)::int as n from children c join parents p on p.id = c.parent_id
          where p.country <> 'België' and c.id in (select (value)::int from json_array_elements_text(${JSON.stringify(children)}::json))`,
    );
    expect(fromAbroad!.n).toBeGreaterThan(0);
  });

  it('has refunded cancellations, which Terugbetalingen no longer lists, next to refunds still to pay', async () => {
    const refunded = await rows<{ id: number; year: number }>(
      sql`select s.id, extract(year from pe.start_date)::int as year from payments p
          join subscriptions s on s.id = p.subscription_id join camps c on c.id = s.camp_id join periods pe on pe.id = c.period_id
          where p.source = 'refund' and p.amount_cents < 0 and s.cancelled and s.paid_amount_cents = c.cancellation_fee_cents`,
    );
    expect(refunded.length).toBeGreaterThan(0);
    const year = refunded[0]!.year;
    const listed = (await t.api.getRefunds({ campYear: year })).body.data as { SUBSCRIPTION_ID: number }[];
    expect(listed.map((r) => r.SUBSCRIPTION_ID)).not.toContain(refunded[0]!.id);
    const [open] = await rows<{ n: number }>(
      sql`select count(*)::int as n from subscriptions where paid_amount_cents > 0 and cancelled and id not in (select subscription_id from payments where source = 'refund')`,
    );
    expect(open!.n).toBeGreaterThan(0);
  });

  it("has a bank statement import with booked credits and credits waiting in 'Te koppelen'", async () => {
    const imports = (await t.api.getBankImports()).body.data;
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ matched: 25, unmatched: 3, ignoredDebits: 2 });
    const queue = (await t.api.getUnmatchedPayments()).body.data as { state: string }[];
    expect(queue.filter((p) => p.state === 'unmatched')).toHaveLength(3);
  });

  it('plans mails on camps still to come', async () => {
    const [camp] = await rows<{ id: number }>(
      sql`select c.id from mail_schedules m join camps c on c.id = m.camp_id join periods p on p.id = c.period_id
          where p.start_date > ${today}::date order by c.id limit 1`,
    );
    expect(camp).toBeDefined();
    const schedules = (await t.api.getMailSchedules({ campId: camp!.id })).body.data;
    expect(schedules).toEqual([expect.objectContaining({ TRIGGER: 'beforeStart', DAYS: 14, TARGET: 'unpaid' })]);
  });
});

/**
 * The demo's full camps and their waiting lists: full camps still to come have children in line. The tests' demo (40
 * subscriptions a year) fills no camp, so this one seeds next year as `npm start` does, 2,000 subscriptions.
 */
describe("a fresh demo's full camps", () => {
  let handle: DatabaseHandle;
  const today = todayInBelgium();
  const year = Number(today.slice(0, 4)) + 1;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    await seedDemoData(handle.db, { years: [year], subscriptionsPerYear: 2000 });
  });
  afterAll(async () => handle?.close());

  it('books no camp beyond its seats, some of them full', async () => {
    const [camps] = await queryRows<{ full: number; beyond: number }>(
      handle.db,
      sql`select count(*) filter (where ${seatsTakenOf(sql`c.id`)} = c.seats_available)::int as full,
                 count(*) filter (where ${seatsTakenOf(sql`c.id`)} > c.seats_available)::int as beyond
          from camps c`,
    );
    expect(camps!.full).toBeGreaterThan(1);
    expect(camps!.beyond).toBe(0);
  });

  it('has children in line on the lists of two full camps still to come, each as joinWaitingList allows, none offered a seat', async () => {
    const waiting = await getWaitingLists(handle.db, year);
    const camps = [...new Set(waiting.map((w) => w.CAMP_ID))];
    expect(camps).toHaveLength(2);
    expect(new Set(waiting.map((w) => w.PERIOD_ID)).size).toBe(2);
    for (const campId of camps) {
      const line = waiting.filter((w) => w.CAMP_ID === campId);
      expect(line.map((w) => [w.STATE, w.PLACE])).toEqual([
        ['waiting', 1],
        ['waiting', 2],
        ['waiting', 3],
      ]);
      expect(line.every((w) => w.PERIOD_STARTDATE > today)).toBe(true);
    }
    // Each camp is full; each child of its birth years and booked in no camp of that period.
    const [wrong] = await queryRows<{ notFull: number; outOfYears: number; bookedThatWeek: number; offers: number }>(
      handle.db,
      sql`select count(*) filter (where ${seatsTakenOf(sql`c.id`)} < c.seats_available)::int as "notFull",
                 count(*) filter (where extract(year from ch.birthdate)::int not between c.min_birthyear and c.max_birthyear)::int as "outOfYears",
                 count(*) filter (where exists (select 1 from subscriptions s join camps sc on sc.id = s.camp_id
                   where s.child_id = ch.id and not s.cancelled and sc.period_id = c.period_id))::int as "bookedThatWeek",
                 (select count(*) from waiting_offers)::int as offers
          from waiting_entries w join camps c on c.id = w.camp_id join children ch on ch.id = w.child_id`,
    );
    expect(wrong).toEqual({ notFull: 0, outOfYears: 0, bookedThatWeek: 0, offers: 0 });
  });
});
