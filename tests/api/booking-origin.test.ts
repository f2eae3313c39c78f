import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_GIRL } from '@common/constants.js';
import { validationMessages as m } from '@common/messages.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { filterRows, noOverviewFilter, prepareRows } from '@common/subscription-overview.js';
import { subscriptionRowsOf } from '@common/subscription-columns.js';
import { queryRows } from '../../server/src/db/client.js';
import { lunchPreferences } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { download, readCsv } from '../helpers/files.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';

const YEAR = new Date().getFullYear();

/**
 * Where a booking came from (issue 40): staff say phone or desk on 'Inschrijving toevoegen' (phone when they say
 * nothing), the public site writes website; the detail, the overview's filter, its export and the dashboard show it.
 */
describe.each(backends)('the origin of a booking on %s', (backend) => {
  let t: TestApp;
  let campId: number;
  let lastYearCampId: number;
  let lunchId: number;
  let serial = 0;

  let parentId: number;
  /** A new child of one known family, so that each booking is a child of its own. */
  const newChild = () => {
    const tag = `Herkomst${++serial}x`;
    return {
      SUBSCRIBER_PARENT_ID: parentId,
      SUBSCRIBER_FIRSTNAME: 'Noor',
      SUBSCRIBER_LASTNAME: tag,
      SUBSCRIBER_GENDER_ID: GENDER_GIRL,
      SUBSCRIBER_BIRTHDATE: `${YEAR - 8}-04-0${1 + (serial % 8)}`,
    };
  };
  const register = (extra: Record<string, unknown>) =>
    t.api.createSubscription({
      CAMP_ID: campId,
      ...newChild(),
      PAYMENTMETHOD_ID: 2,
      SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunchId,
      ...extra,
    });
  const sourceOf = async (id: number) =>
    (await queryRows<{ source: string }>(t.db, sql`select source from subscriptions where id = ${id}`))[0]!.source;

  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
    [{ id: lunchId }] = (await t.db
      .insert(lunchPreferences)
      .values({ description: 'Boterhammen' })
      .returning({ id: lunchPreferences.id })) as [{ id: number }];
    campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: `${YEAR}-07-06` }) });
    lastYearCampId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: `${YEAR - 1}-07-07` }) });
    ({ parentId } = await createSubscription(t.db, { campId: lastYearCampId, childLastname: 'Vorigjaarbalie', source: 'desk' }));
  });
  afterAll(async () => t?.close());

  it('a staff registration is by phone unless staff say desk; staff cannot claim the website, and the detail says which', async () => {
    const byPhone = await register({});
    expect(byPhone.status).toBe(200);
    expect(await sourceOf(byPhone.body.data.SUBSCRIPTION_ID)).toBe('phone');
    const atDesk = await register({ SUBSCRIPTION_SOURCE: 'desk' });
    expect(atDesk.status).toBe(200);
    expect(await sourceOf(atDesk.body.data.SUBSCRIPTION_ID)).toBe('desk');
    const detail = await t.api.getSubscriptionFullDetail({ id: atDesk.body.data.SUBSCRIPTION_ID });
    expect(detail.body.data[0]!.SUBSCRIPTION_SOURCE).toBe('desk');

    for (const wrong of ['website', 'staff', 'Balie', 3]) {
      const refused = await register({ SUBSCRIPTION_SOURCE: wrong });
      expect(refused.status).toBe(400);
      expect(refused.body.error!.fields).toEqual({ SUBSCRIPTION_SOURCE: m.wrongFormat });
    }
  });

  it("lists, filters, exports and counts the bookings per origin alike ('Ingeschreven via')", async () => {
    // Two website bookings (one cancelled), one at the desk this year; one website booking last year.
    await createSubscription(t.db, { campId, source: 'website', childLastname: 'Webkind' });
    await createSubscription(t.db, { campId, source: 'website', cancelled: true, childLastname: 'Webgeannuleerd' });
    await createSubscription(t.db, { campId, source: 'desk', childLastname: 'Baliekind' });
    await createSubscription(t.db, { campId: lastYearCampId, source: 'website', childLastname: 'Vorigjaar' });

    const rows = (await t.api.getSubscriptions({ campYear: YEAR })).body.data as SubscriptionListRow[];
    const columns = (await t.api.getSubscriptionColumns({ campYear: YEAR })).body.data;
    const sources = (list: SubscriptionListRow[]) =>
      list.map((r) => [r.SUBSCRIPTION_ID, r.SUBSCRIPTION_SOURCE]).sort(([a], [b]) => Number(a) - Number(b));
    expect(sources(subscriptionRowsOf(columns))).toEqual(sources(rows));
    const listed = (source: string) =>
      filterRows(prepareRows(rows), { ...noOverviewFilter, source }, null).map((r) => r.subscription.SUBSCRIBER_LASTNAME);
    expect(listed('website')).toEqual(['Webkind']);
    expect(listed('desk').sort()).toEqual(['Baliekind', expect.stringMatching(/^Herkomst/)].sort());
    expect(listed('phone')).toHaveLength(1);
    expect(listed('')).toHaveLength(4);

    // The export holds the rows the filter shows; an unknown origin is refused.
    const exported = readCsv((await download(t, `/api/exportSubscriptions?campYear=${YEAR}&format=csv&source=website`)).body).records;
    expect(exported).toHaveLength(1);
    expect(JSON.stringify(exported[0])).toContain('Webkind');
    expect((await t.unchecked.exportSubscriptions({ campYear: YEAR, format: 'csv', source: 'staff' })).status).toBe(400);

    // The dashboard counts the bookings that stand, per origin, this season and the last: what the filter lists.
    const dashboard = (await t.api.getDashboard({ campYear: YEAR })).body.data;
    expect(dashboard.bookingsBySource).toEqual([
      { source: 'phone', thisYear: listed('phone').length, lastYear: 0 },
      { source: 'desk', thisYear: listed('desk').length, lastYear: 1 },
      { source: 'website', thisYear: listed('website').length, lastYear: 1 },
    ]);
  });

  it("the migration counts staff's earlier bookings, not told apart, as by phone", async () => {
    const old = await createSubscription(t.db, { campId, childLastname: 'Oudeboeking' });
    const web = await createSubscription(t.db, { campId, source: 'website', childLastname: 'Oudweb' });
    await t.db.execute(sql`update subscriptions set source = 'staff' where id = ${old.subscriptionId}`);
    const migration = readFileSync(new URL('../../server/drizzle/0019_booking_origin_phone_desk.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    expect(await sourceOf(old.subscriptionId)).toBe('phone');
    expect(await sourceOf(web.subscriptionId)).toBe('website');
  });
});
