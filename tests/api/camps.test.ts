import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campRuleMessages, newCampDefaults, type CampPayload, type CampRecord, type CampSummaryRecord } from '@common/schemas/camps.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { compareDutch } from '@common/sort.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, camps, locations, subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createAgegroup, createLocation } from '../helpers/factory.js';

const YEAR = 2024;

describe.each(backends)('camps API on %s', (backend) => {
  let t: TestApp;
  let validCamp: CampPayload;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 30 });
    const [period] = await queryRows<{ id: number; start: string; second: string }>(
      t.db,
      sql`select id, to_char(start_date, 'YYYY-MM-DD') as start, to_char(start_date + 1, 'YYYY-MM-DD') as second
          from periods where start_date >= '2024-01-01' order by start_date limit 1`,
    );
    validCamp = {
      ...newCampDefaults,
      LOCATION_ID: await createLocation(t.db),
      PERIOD_ID: period!.id,
      THEME_ID: await freshTheme(),
      AGEGROUP_ID: await createAgegroup(t.db),
      MIN_BIRTHYEAR: 2016,
      MAX_BIRTHYEAR: 2019,
      PRICE: 125.5,
      SEATS_AVAILABLE: 2,
      ACTIVE_DAYS: `${period!.start},${period!.second}`,
      CAMP_ALLOW_BOOKING_INFO: '',
    };
  });
  afterAll(async () => t?.close());

  /** Camps are unique by location, period, theme and age group: each camp a test creates gets a theme of its own. */
  let themeCount = 0;
  async function freshTheme(): Promise<number> {
    const answer = await t.api.crudTheme({ THEME_NAME: `Testthema ${++themeCount}` });
    return (answer.body.data as { themeId: number }).themeId;
  }

  const readCamp = async (campId: number) => ((await t.api.getCamps({ campId })).body.data as CampRecord[])[0];

  it('creates a camp, reads it back, updates it and closes it', async () => {
    const created = await t.api.crudCamp(validCamp);
    expect(created.status).toBe(200);
    const campId = (created.body.data as { campId: number }).campId;
    const camp = (await readCamp(campId))!;
    expect(camp).toMatchObject({ CAMP_ID: campId, PRICE: 125.5, SEATS_AVAILABLE: 2, SEATS_TAKEN: 0, SEATS_OPEN: 2, CAMP_CLOSED: false });
    expect(camp.CAMP_LOCATION_1).toBe(camp.LOCATION_ID);
    expect(camp.THEME_NAME).toBeTruthy();
    expect(camp.PERIOD_STARTDATE.startsWith(String(YEAR))).toBe(true);
    const inYear = (await t.api.getCamps({ campYear: YEAR })).body.data as CampRecord[];
    expect(inYear.some((c) => c.CAMP_ID === campId)).toBe(true);
    expect(inYear.every((c) => c.PERIOD_STARTDATE.startsWith(String(YEAR)))).toBe(true);

    const updated = await t.api.crudCamp({
      ...validCamp,
      CAMP_ID: campId,
      PRICE: 99,
      CAMP_CLOSED: 'true',
      REMARK: 'Zwemgerief',
    });
    expect(updated.body.data).toEqual({ campId });
    expect(await readCamp(campId)).toMatchObject({ PRICE: 99, CAMP_CLOSED: true, REMARK: 'Zwemgerief' });
    const read = await t.api.crudCamp({ action: 'read', CAMP_ID: campId });
    expect((read.body.data as CampRecord[])[0]!.PRICE).toBe(99);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, campId));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['crudCamp:create', 'crudCamp:update']));
  });

  it('counts seats taken without cancelled subscriptions and answers the summary', async () => {
    const [camp] = await queryRows<{ id: number }>(
      t.db,
      sql`select camp_id as id from subscriptions group by camp_id order by count(*) filter (where cancelled) desc, count(*) desc limit 1`,
    );
    const campId = camp!.id;
    const [counts] = await queryRows<{ active: number; cancelled: number }>(
      t.db,
      sql`select count(*) filter (where not cancelled)::int as active, count(*) filter (where cancelled)::int as cancelled from subscriptions where camp_id = ${campId}`,
    );
    expect(counts!.cancelled).toBeGreaterThan(0);
    const record = (await readCamp(campId))!;
    expect(record.SEATS_TAKEN).toBe(counts!.active);
    expect(record.SEATS_OPEN).toBe(record.SEATS_AVAILABLE - counts!.active);

    // The summary agrees with the subscriptions overview's own amounts and statuses of the same camp.
    const year = record.PERIOD_STARTDATE.slice(0, 4);
    const rows = ((await t.api.getSubscriptions({ campYear: year })).body.data as SubscriptionListRow[]).filter(
      (row) => row.CAMP_ID === campId && !row.SUBSCRIPTION_CANCELLED,
    );
    const statusCount = (status: string) => rows.filter((row) => row.PAYMENT_STATUS === status).length;
    const cents = (pick: (row: SubscriptionListRow) => number) => rows.reduce((sum, row) => sum + Math.round(pick(row) * 100), 0) / 100;
    const summary = await t.api.getCampSummary({ campId });
    expect(summary.body.data).toEqual([
      {
        CAMP_ID: campId,
        SEATS_AVAILABLE: record.SEATS_AVAILABLE,
        SEATS_TAKEN: counts!.active,
        SEATS_OPEN: record.SEATS_AVAILABLE - counts!.active,
        SUBSCRIPTIONS_TOTAL: counts!.active + counts!.cancelled,
        SUBSCRIPTIONS_CANCELLED: counts!.cancelled,
        PAID: statusCount('PAID'),
        NOT_PAID: statusCount('NOT-PAID'),
        OPEN_SALDO: statusCount('OPEN-SALDO'),
        PAID_TO_MUCH: statusCount('PAID-TO-MUCH'),
        AMOUNT_TO_PAY_TOTAL: cents((row) => row.SUBSCRIPTION_AMOUNT_TO_PAY),
        PAID_AMOUNT_TOTAL: cents((row) => row.SUBSCRIPTION_PAID_AMOUNT),
      } satisfies CampSummaryRecord,
    ]);

    const [active] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.campId, campId), eq(subscriptions.cancelled, false)))
      .limit(1);
    expect((await t.api.cancelSubscription({ SUBSCRIPTION_ID: active!.id })).status).toBe(200);
    expect(await readCamp(campId)).toMatchObject({ SEATS_TAKEN: counts!.active - 1, SEATS_OPEN: record.SEATS_OPEN + 1 });
    const after = ((await t.api.getCampSummary({ campId })).body.data as CampSummaryRecord[])[0]!;
    expect(after).toMatchObject({ SEATS_TAKEN: counts!.active - 1, SUBSCRIPTIONS_CANCELLED: counts!.cancelled + 1 });
  });

  it('answers 404 for the summary of an unknown camp and 400 for a bad id', async () => {
    const unknown = await t.api.getCampSummary({ campId: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Kamp niet gevonden');
    expect((await t.unchecked.getCampSummary()).body.error.fields).toEqual({ campId: 'Veld verplicht' });
    expect((await t.api.getCampSummary({ campId: 'twee' })).body.error.fields).toEqual({ campId: 'Foutief formaat' });
  });

  it('sorts the camps of a year by period start, then theme and location name', async () => {
    const inYear = (await t.api.getCamps({ campYear: YEAR })).body.data as CampRecord[];
    expect(inYear.length).toBeGreaterThan(5);
    const sorted = [...inYear].sort(
      (a, b) =>
        a.PERIOD_STARTDATE.localeCompare(b.PERIOD_STARTDATE) ||
        compareDutch(a.THEME_NAME, b.THEME_NAME) ||
        compareDutch(a.LOCATION_NAME, b.LOCATION_NAME) ||
        a.CAMP_ID - b.CAMP_ID,
    );
    expect(inYear.map((c) => c.CAMP_ID)).toEqual(sorted.map((c) => c.CAMP_ID));
    const all = (await t.api.getCamps()).body.data as CampRecord[];
    expect(all.length).toBeGreaterThan(inYear.length);
    const bad = await t.api.getCamps({ campYear: 'vorig' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ campYear: 'Foutief formaat' });
  });

  it('inherits booking start and info from the location when the camp has none of its own', async () => {
    const [location] = await t.db
      .select()
      .from(locations)
      .where(sql`${locations.allowBookingFrom} is not null`);
    const inheriting = (await t.api.crudCamp({ ...validCamp, THEME_ID: await freshTheme(), LOCATION_ID: location!.id })).body.data as {
      campId: number;
    };
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
      await t.api.crudCamp({
        ...validCamp,
        THEME_ID: await freshTheme(),
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
      [{ PRICE: 0 }, 'PRICE', 'Veld verplicht'],
      [{ PRICE: -5 }, 'PRICE', 'Foutief formaat'],
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
      [{ PERIOD_ID: 9999 }, 'PERIOD_ID', 'Foutief formaat'],
      [{ THEME_ID: 9999 }, 'THEME_ID', 'Foutief formaat'],
      [{ AGEGROUP_ID: 9999 }, 'AGEGROUP_ID', 'Foutief formaat'],
      [{ LOCATION_ID: 'Brugge' }, 'LOCATION_ID', 'Foutief formaat'],
      [{ CAMP_EMAILTEMPLATE_CONVERT_CASH: 'geen-template' }, 'CAMP_EMAILTEMPLATE_CONVERT_CASH', 'Foutief formaat'],
      [{ CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER: undefined }, 'CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER', 'Veld verplicht'],
      [{ MIN_BIRTHYEAR: 2019, MAX_BIRTHYEAR: 2016 }, 'MAX_BIRTHYEAR', campRuleMessages.birthyearOrder],
      [{ SEATS_AVAILABLE: 0 }, 'SEATS_AVAILABLE', 'Veld verplicht'],
      [{ CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS: 'twee' }, 'CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS', 'Foutief formaat'],
      [{ CAMP_MINIMUM_REQUIRED_CAMP_DAYS: undefined }, 'CAMP_MINIMUM_REQUIRED_CAMP_DAYS', 'Veld verplicht'],
      [{ CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED: '' }, 'CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED', 'Veld verplicht'],
      [{ CAMP_FLEXIBLE_BOOKING_ALLOWED: undefined }, 'CAMP_FLEXIBLE_BOOKING_ALLOWED', 'Veld verplicht'],
      [{ CAMP_ALLOW_BOOKING_INFO: 'x'.repeat(1001) }, 'CAMP_ALLOW_BOOKING_INFO', 'Inhoud te lang'],
      [{ action: 'kopieer' }, 'action', 'Foutief formaat'],
      [{ action: 'update' }, 'CAMP_ID', 'Veld verplicht'],
      [{ CAMP_ALLOW_BOOKING_FROM: 'morgen' }, 'CAMP_ALLOW_BOOKING_FROM', 'Foutief formaat'],
    ];
    const before = await databaseDigest(t.db);
    for (const [change, field, message] of cases) {
      const answer = await t.unchecked.crudCamp({ ...validCamp, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.error.fields?.[field], JSON.stringify(change)).toBe(message);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('answers 404 for an unknown camp and 409 for deleting a camp with subscriptions or moving a booked camp, changing nothing', async () => {
    const [booked] = await queryRows<{ id: number }>(t.db, sql`select camp_id as id from subscriptions limit 1`);
    const current = (await readCamp(booked!.id))!;
    const otherLocation = await createLocation(t.db);
    const before = await databaseDigest(t.db);
    const unknownUpdate = await t.api.crudCamp({ ...validCamp, CAMP_ID: 999999 });
    expect(unknownUpdate.status).toBe(404);
    expect(unknownUpdate.body.error.message).toBe('Kamp niet gevonden');
    expect((await t.api.crudCamp({ action: 'delete', CAMP_ID: 999999 })).status).toBe(404);
    expect((await t.api.crudCamp({ action: 'read', CAMP_ID: 999999 })).body.data).toEqual([]);
    expect((await t.api.getCamps({ campId: 999999 })).body.data).toEqual([]);

    const refused = await t.api.crudCamp({ action: 'delete', CAMP_ID: booked!.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Dit kamp heeft inschrijvingen en kan niet verwijderd worden.');
    const moved = await t.api.crudCamp({
      ...validCamp,
      CAMP_ID: booked!.id,
      PERIOD_ID: current.PERIOD_ID,
      LOCATION_ID: otherLocation,
      THEME_ID: current.THEME_ID,
      AGEGROUP_ID: current.AGEGROUP_ID,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toBe('Locatie, periode, thema en leeftijdsgroep van een kamp met inschrijvingen liggen vast.');
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('moves and deletes a camp nobody booked, with an audit snapshot of what was deleted', async () => {
    const { campId } = (await t.api.crudCamp({ ...validCamp, THEME_ID: await freshTheme(), MIN_BIRTHYEAR: 2017, MAX_BIRTHYEAR: 2017 })).body
      .data as {
      campId: number;
    };
    const movedTheme = await freshTheme();
    const movedLocation = await createLocation(t.db);
    expect((await t.api.crudCamp({ ...validCamp, CAMP_ID: campId, LOCATION_ID: movedLocation, THEME_ID: movedTheme })).status).toBe(200);
    expect(await readCamp(campId)).toMatchObject({ LOCATION_ID: movedLocation, CAMP_LOCATION_1: movedLocation, THEME_ID: movedTheme });
    expect((await t.api.crudCamp({ action: 'delete', CAMP_ID: campId })).body.data).toEqual({ campId });
    expect(await t.db.select().from(camps).where(eq(camps.id, campId))).toEqual([]);
    expect(await readCamp(campId)).toBeUndefined();
    const [deleted] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, campId), eq(auditLog.action, 'crudCamp:delete')));
    expect(deleted).toMatchObject({
      entity: 'camp',
      after: null,
      before: expect.objectContaining({ id: campId, locationId: movedLocation }),
    });
  });
});
