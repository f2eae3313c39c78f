import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampRecord } from '@common/schemas/camps.js';
import { queryRows } from '../../server/src/db/client.js';
import { attendance, auditLog, camps, subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';

/** A week of 2030: Monday 1 July to Friday 5 July. */
const WEEK = ['2030-07-01', '2030-07-02', '2030-07-03', '2030-07-04', '2030-07-05'];
const NEXT_WEEK = ['2030-07-08', '2030-07-09', '2030-07-10', '2030-07-11', '2030-07-12'];

describe.each(backends)("a period's new dates reach its camps (issue 39) on %s", (backend) => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
  });
  afterAll(async () => t?.close());

  const savePeriod = (periodId: number, startDate: string, endDate: string) =>
    t.api.crudPeriod({
      PERIOD_ID: periodId,
      PERIOD_NAME: `Zomerweek ${++serial}`,
      PERIOD_NAME_SHORT: `Zomer ${serial}`,
      PERIOD_STARTDATE: startDate,
      PERIOD_ENDDATE: endDate,
    });
  const campOf = async (campId: number) => ((await t.api.getCamps({ campYear: 2030, campId })).body.data as CampRecord[])[0]!;
  const selectedDaysOf = async (subscriptionId: number) =>
    (await t.db.select({ days: subscriptions.selectedDays }).from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]?.days;
  const actions = async (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

  it("moves the camps' days and the flexible bookings' selected days with the period, keeping their places, audited", async () => {
    const periodId = await createPeriod(t.db, { startDate: WEEK[0] });
    const normal = await createCamp(t.db, { periodId, activeDays: WEEK.join(',') });
    const flexible = await createCamp(t.db, { periodId, activeDays: WEEK.slice(0, 4).join(','), flexibleBooking: true });
    await createSubscription(t.db, { campId: normal });
    const tueThu = await createSubscription(t.db, { campId: flexible, selectedDays: `${WEEK[1]},${WEEK[3]}` });
    const cancelled = await createSubscription(t.db, { campId: flexible, selectedDays: WEEK[0], cancelled: true });
    const versionBefore = (await campOf(normal)).CAMP_VERSION;

    const answer = await savePeriod(periodId, NEXT_WEEK[0]!, NEXT_WEEK[4]!);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await campOf(normal)).ACTIVE_DAYS).toBe(NEXT_WEEK.join(','));
    expect((await campOf(normal)).CAMP_VERSION).toBe(versionBefore + 1);
    expect((await campOf(flexible)).ACTIVE_DAYS).toBe(NEXT_WEEK.slice(0, 4).join(','));
    expect(await selectedDaysOf(tueThu.subscriptionId)).toBe(`${NEXT_WEEK[1]},${NEXT_WEEK[3]}`);
    expect(await selectedDaysOf(cancelled.subscriptionId)).toBe(NEXT_WEEK[0]);
    // The participant list's tabs are the new days, and Tuesday's list is the child who booked Tuesday.
    const tuesday = await t.api.getCampParticipants({ campId: flexible, date: NEXT_WEEK[1] });
    expect(tuesday.body.data.map((p: { SUBSCRIPTION_ID: number }) => p.SUBSCRIPTION_ID)).toEqual([tueThu.subscriptionId]);
    const campAudit = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crudPeriod:campDays'), eq(auditLog.entityId, normal)));
    expect(campAudit).toEqual([{ before: { ACTIVE_DAYS: WEEK.join(',') }, after: { ACTIVE_DAYS: NEXT_WEEK.join(',') } }]);
    const bookingAudit = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crudPeriod:selectedDays'), eq(auditLog.entityId, tueThu.subscriptionId)));
    expect(bookingAudit).toEqual([{ after: { SUBSCRIPTION_SELECTED_DAYS: `${NEXT_WEEK[1]},${NEXT_WEEK[3]}` } }]);

    // A new name with the same dates changes no camp.
    const campAudits = (await actions('crudPeriod:campDays')).length;
    expect((await savePeriod(periodId, NEXT_WEEK[0]!, NEXT_WEEK[4]!)).status).toBe(200);
    expect((await actions('crudPeriod:campDays')).length).toBe(campAudits);
  });

  it('a shorter period: a camp without bookings loses the days outside it; one with bookings refuses, naming it, and nothing changes', async () => {
    const periodId = await createPeriod(t.db, { startDate: WEEK[0] });
    const empty = await createCamp(t.db, { periodId, activeDays: WEEK.join(',') });
    const onlyFriday = await createCamp(t.db, { periodId, activeDays: WEEK[4] });
    expect((await savePeriod(periodId, WEEK[0]!, WEEK[3]!)).status).toBe(200);
    expect((await campOf(empty)).ACTIVE_DAYS).toBe(WEEK.slice(0, 4).join(','));
    // Left without a day, a camp takes the period's weekdays, as a new camp does.
    expect((await campOf(onlyFriday)).ACTIVE_DAYS).toBe(WEEK.slice(0, 4).join(','));

    const booked = await createCamp(t.db, { periodId, activeDays: WEEK.slice(0, 4).join(',') });
    await createSubscription(t.db, { campId: booked });
    const before = await databaseDigest(t.db);
    const refused = await savePeriod(periodId, WEEK[0]!, WEEK[2]!);
    expect(refused.status).toBe(409);
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
      t.db,
      sql`select th.name || ' - ' || l.name_short as name from camps c
            join themes th on th.id = c.theme_id join locations l on l.id = c.location_id where c.id = ${booked}`,
    );
    expect(refused.body.error.message).toBe(
      `Met deze data vallen kampdagen buiten de periode bij kampen met inschrijvingen: ${name}. Kies data waarin alle kampdagen passen, of verplaats eerst die inschrijvingen.`,
    );
    expect(await databaseDigest(t.db)).toEqual(before);
    // Moving the whole week on keeps every day inside: allowed, bookings and all.
    expect((await savePeriod(periodId, NEXT_WEEK[0]!, NEXT_WEEK[3]!)).status).toBe(200);
    expect((await campOf(booked)).ACTIVE_DAYS).toBe(NEXT_WEEK.slice(0, 4).join(','));
  });

  it('refuses new dates for a camp with attendance registered, and a move to another camp year, naming the camps', async () => {
    const periodId = await createPeriod(t.db, { startDate: WEEK[0] });
    const campId = await createCamp(t.db, { periodId, activeDays: WEEK.join(',') });
    const s = await createSubscription(t.db, { campId });
    const before = await databaseDigest(t.db);
    const otherYear = await savePeriod(periodId, '2031-06-30', '2031-07-04');
    expect(otherYear.status).toBe(409);
    expect(otherYear.body.error.message).toMatch(
      /^Een periode met kampen blijft in haar kampjaar\. Deze kampen horen bij de periode: Testthema/,
    );
    await t.db.insert(attendance).values({ subscriptionId: s.subscriptionId, day: WEEK[0]!, present: true });
    const attendedBefore = await databaseDigest(t.db);
    const attended = await savePeriod(periodId, NEXT_WEEK[0]!, NEXT_WEEK[4]!);
    expect(attended.status).toBe(409);
    expect(attended.body.error.message).toMatch(
      /^De data van deze periode kunnen niet meer verschuiven: bij deze kampen is al aanwezigheid geregistreerd: Testthema/,
    );
    expect(await databaseDigest(t.db)).toEqual(attendedBefore);
    expect(before).not.toEqual(attendedBefore);
    expect((await t.db.select({ days: camps.activeDays }).from(camps).where(eq(camps.id, campId)))[0]?.days).toBe(WEEK.join(','));
  });
});
