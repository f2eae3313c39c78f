import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCampDefaults, type CampRecord, type CampSummaryRecord } from '../../common/src/schemas/camps.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, camps, locations, subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';

const YEAR = 2024;

describe.each(backends)('camps API on %s', (backend) => {
  let t: TestApp;
  let validCamp: Record<string, unknown>;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 30 });
    const [period] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from periods where start_date >= '2024-01-01' order by start_date limit 1`,
    );
    validCamp = {
      ...newCampDefaults,
      LOCATION_ID: 2,
      PERIOD_ID: period!.id,
      THEME_ID: 3,
      AGEGROUP_ID: 1,
      MIN_BIRTHYEAR: 2016,
      MAX_BIRTHYEAR: 2019,
      PRICE: 125.5,
      SEATS_AVAILABLE: 2,
      ACTIVE_DAYS: '2024-07-01,2024-07-02',
      CAMP_ALLOW_BOOKING_INFO: '',
    };
  });
  afterAll(async () => t?.close());

  const readCamp = async (campId: number) => ((await t.call('GET', `/api/getCamps?campId=${campId}`)).body.data as CampRecord[])[0];

  it('creates a camp, reads it back, updates it and closes it', async () => {
    const created = await t.call('POST', '/api/crudCamp', validCamp);
    expect(created.status).toBe(200);
    const campId = (created.body.data as { campId: number }).campId;
    const camp = (await readCamp(campId))!;
    expect(camp).toMatchObject({ CAMP_ID: campId, PRICE: 125.5, SEATS_AVAILABLE: 2, SEATS_TAKEN: 0, SEATS_OPEN: 2, CAMP_CLOSED: false });
    expect(camp.CAMP_LOCATION_1).toBe(camp.LOCATION_ID);
    expect(camp.THEME_NAME).toBeTruthy();
    expect(camp.PERIOD_STARTDATE.startsWith(String(YEAR))).toBe(true);
    const inYear = (await t.call('GET', `/api/getCamps?campYear=${YEAR}`)).body.data as CampRecord[];
    expect(inYear.some((c) => c.CAMP_ID === campId)).toBe(true);
    expect(inYear.every((c) => c.PERIOD_STARTDATE.startsWith(String(YEAR)))).toBe(true);

    const updated = await t.call('POST', '/api/crudCamp', {
      ...validCamp,
      CAMP_ID: campId,
      PRICE: 99,
      CAMP_CLOSED: 'true',
      REMARK: 'Zwemgerief',
    });
    expect(updated.body.data).toEqual({ campId });
    expect(await readCamp(campId)).toMatchObject({ PRICE: 99, CAMP_CLOSED: true, REMARK: 'Zwemgerief' });
    const read = await t.call('POST', '/api/crudCamp', { action: 'read', CAMP_ID: campId });
    expect((read.body.data as CampRecord[])[0]!.PRICE).toBe(99);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, campId));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['crudCamp:create', 'crudCamp:update']));
  });

  it('counts seats taken without cancelled subscriptions and answers the summary', async () => {
    const [camp] = await queryRows<{ id: number }>(
      t.db,
      sql`select camp_id as id from subscriptions group by camp_id order by count(*) desc limit 1`,
    );
    const campId = camp!.id;
    const [counts] = await queryRows<{ active: number; cancelled: number }>(
      t.db,
      sql`select count(*) filter (where not cancelled)::int as active, count(*) filter (where cancelled)::int as cancelled from subscriptions where camp_id = ${campId}`,
    );
    const record = (await readCamp(campId))!;
    expect(record.SEATS_TAKEN).toBe(counts!.active);
    expect(record.SEATS_OPEN).toBe(record.SEATS_AVAILABLE - counts!.active);
    const summary = ((await t.call('GET', `/api/getCampSummary?campId=${campId}`)).body.data as CampSummaryRecord[])[0]!;
    expect(summary.SEATS_TAKEN).toBe(counts!.active);
    expect(summary.SUBSCRIPTIONS_CANCELLED).toBe(counts!.cancelled);
    expect(summary.PAID + summary.NOT_PAID + summary.OPEN_SALDO + summary.PAID_TO_MUCH).toBe(counts!.active);

    const [one] = await t.db.select().from(subscriptions).where(eq(subscriptions.campId, campId)).limit(1);
    await t.call('POST', '/api/cancelSubscription', { SUBSCRIPTION_ID: one!.id });
    const after = (await readCamp(campId))!;
    expect(after.SEATS_TAKEN).toBe(one!.cancelled ? counts!.active : counts!.active - 1);
    expect((await t.call('GET', '/api/getCampSummary?campId=999999')).status).toBe(404);
  });

  it('inherits booking start and info from the location when the camp has none of its own', async () => {
    const [location] = await t.db
      .select()
      .from(locations)
      .where(sql`${locations.allowBookingFrom} is not null`);
    const inheriting = (await t.call('POST', '/api/crudCamp', { ...validCamp, LOCATION_ID: location!.id })).body.data as { campId: number };
    const camp = (await readCamp(inheriting.campId))!;
    expect(camp).toMatchObject({
      CAMP_ALLOW_BOOKING_FROM: null,
      CAMP_ALLOW_BOOKING_INFO: null,
      CAMP_ALLOW_BOOKING_FROM_LOCATION: true,
      CAMP_ALLOW_BOOKING_INFO_LOCATION: true,
      LOCATION_ALLOW_BOOKING_INFO: location!.allowBookingInfo,
    });
    expect(Date.parse(camp.LOCATION_ALLOW_BOOKING_FROM!)).toBe(Date.parse(location!.allowBookingFrom!));

    const own = (
      await t.call('POST', '/api/crudCamp', {
        ...validCamp,
        LOCATION_ID: location!.id,
        CAMP_ALLOW_BOOKING_FROM: '2025-09-30T08:00:00.000Z',
        CAMP_ALLOW_BOOKING_INFO: 'Eigen tekst',
      })
    ).body.data as { campId: number };
    expect(await readCamp(own.campId)).toMatchObject({
      CAMP_ALLOW_BOOKING_FROM: '2025-09-30T08:00:00.000Z',
      CAMP_ALLOW_BOOKING_INFO: 'Eigen tekst',
      CAMP_ALLOW_BOOKING_FROM_LOCATION: false,
      CAMP_ALLOW_BOOKING_INFO_LOCATION: false,
    });
  });

  it('refuses each invalid field with its Dutch message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ LOCATION_ID: '' }, 'LOCATION_ID', 'Veld verplicht'],
      [{ PERIOD_ID: undefined }, 'PERIOD_ID', 'Veld verplicht'],
      [{ THEME_ID: '' }, 'THEME_ID', 'Veld verplicht'],
      [{ AGEGROUP_ID: '' }, 'AGEGROUP_ID', 'Veld verplicht'],
      [{ MIN_BIRTHYEAR: '' }, 'MIN_BIRTHYEAR', 'Veld verplicht'],
      [{ MAX_BIRTHYEAR: -3 }, 'MAX_BIRTHYEAR', 'Foutief formaat'],
      [{ PRICE: 0 }, 'PRICE', 'Foutief formaat'],
      [{ PRICE: 'abc' }, 'PRICE', 'Foutief formaat'],
      [{ SEATS_AVAILABLE: 2.5 }, 'SEATS_AVAILABLE', 'Foutief formaat'],
      [{ CAMP_CLOSED: undefined }, 'CAMP_CLOSED', 'Veld verplicht'],
      [{ CAMP_DISCOUNT_ALLOWED: 'misschien' }, 'CAMP_DISCOUNT_ALLOWED', 'Foutief formaat'],
      [{ ACTIVE_DAYS: '' }, 'ACTIVE_DAYS', 'Veld verplicht'],
      [{ ACTIVE_DAYS: 'maandag' }, 'ACTIVE_DAYS', 'Foutief formaat'],
      [{ CAMP_FISCAL_MAX_REDUCTION: '' }, 'CAMP_FISCAL_MAX_REDUCTION', 'Veld verplicht'],
      [{ CAMP_REDUCTION_TO_EARN: -1 }, 'CAMP_REDUCTION_TO_EARN', 'Foutief formaat'],
      [{ CAMP_MAXIMUM_ALLOWED_CAMP_DAYS: '' }, 'CAMP_MAXIMUM_ALLOWED_CAMP_DAYS', 'Veld verplicht'],
      [{ CAMP_EMAILTEMPLATE_CONFIRM: '' }, 'CAMP_EMAILTEMPLATE_CONFIRM', 'Veld verplicht'],
      [{ CAMP_EMAILTEMPLATE_CANCEL: 'bestaat-niet' }, 'CAMP_EMAILTEMPLATE_CANCEL', 'Foutief formaat'],
      [{ LOCATION_ID: 9999 }, 'LOCATION_ID', 'Foutief formaat'],
      [{ CAMP_ALLOW_BOOKING_FROM: 'morgen' }, 'CAMP_ALLOW_BOOKING_FROM', 'Foutief formaat'],
    ];
    const before = await databaseDigest(t.db);
    for (const [change, field, message] of cases) {
      const answer = await t.call('POST', '/api/crudCamp', { ...validCamp, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.error.fields?.[field], JSON.stringify(change)).toBe(message);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('answers 404 for an unknown camp and 409 for deleting a camp with subscriptions or moving a booked camp', async () => {
    expect((await t.call('POST', '/api/crudCamp', { ...validCamp, CAMP_ID: 999999 })).status).toBe(404);
    expect((await t.call('GET', '/api/getCamps?campId=999999')).body.data).toEqual([]);
    const [booked] = await queryRows<{ id: number }>(t.db, sql`select camp_id as id from subscriptions limit 1`);
    const before = await databaseDigest(t.db);
    const refused = await t.call('POST', '/api/crudCamp', { action: 'delete', CAMP_ID: booked!.id });
    expect(refused.status).toBe(409);
    const current = (await readCamp(booked!.id))!;
    const moved = await t.call('POST', '/api/crudCamp', {
      ...validCamp,
      CAMP_ID: booked!.id,
      PERIOD_ID: current.PERIOD_ID,
      LOCATION_ID: current.LOCATION_ID === 1 ? 2 : 1,
      THEME_ID: current.THEME_ID,
      AGEGROUP_ID: current.AGEGROUP_ID,
    });
    expect(moved.status).toBe(409);
    expect(await databaseDigest(t.db)).toEqual(before);

    const empty = (await t.call('POST', '/api/crudCamp', validCamp)).body.data as { campId: number };
    expect((await t.call('POST', '/api/crudCamp', { action: 'delete', CAMP_ID: empty.campId })).status).toBe(200);
    expect(await t.db.select().from(camps).where(eq(camps.id, empty.campId))).toEqual([]);
  });
});
