import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createAgegroup, createCamp, createLocation, createMonitor, createPeriod, createSubscription } from '../helpers/factory.js';
import { download, pdfText, readXlsx } from '../helpers/files.js';
import { addUser, signIn } from '../helpers/users.js';

/**
 * Monitor planning (issue 36) through its calls: availability and the week rule, the ratio per camp, qualifications
 * with their expiry, the monitor's own camps, and the volunteer allowance against the caps.
 */
describe.each(backends)('monitor planning on %s', (backend) => {
  let t: TestApp;
  // Before the season: every camp below is in the current camp year and still to come.
  const clock = controlledClock(new Date('2026-06-01T08:00:00Z'));
  const week1 = '2026-07-06';
  const week2 = '2026-07-13';
  let period1: number;
  let period2: number;
  let location: number;

  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none', clock });
    period1 = await createPeriod(t.db, { startDate: week1, name: 'Week 1' });
    period2 = await createPeriod(t.db, { startDate: week2, name: 'Week 2' });
    location = await createLocation(t.db, { name: 'Sporthal Planning' });
  });
  afterAll(async () => t?.close());

  const camp = (periodId: number, facts: { agegroupId?: number; locationId?: number } = {}) =>
    createCamp(t.db, { periodId, locationId: facts.locationId ?? location, ...(facts.agegroupId ? { agegroupId: facts.agegroupId } : {}) });
  const available = async (monitorId: number, periodIds: number[]) =>
    expect((await t.api.saveAvailability({ MONITOR_ID: monitorId, PERIOD_IDS: periodIds, campYear: 2026 })).status).toBe(200);
  const planning = async () => (await t.api.getPlanning({ campYear: 2026 })).body.data;
  const campOf = async (campId: number) => (await planning()).camps.find((c) => c.CAMP_ID === campId)!;

  it('refuses a monitor who is not available, or already in another camp that week, and keeps one head monitor', async () => {
    const [a, b] = [await createMonitor(t.db), await createMonitor(t.db)];
    const [c1, c2, c3] = [await camp(period1), await camp(period1), await camp(period2)];

    const notAvailable = await t.api.assignMonitor({ MONITOR_ID: a, CAMP_ID: c1, HEAD: true });
    expect([notAvailable.status, notAvailable.body.error.code]).toEqual([409, 'NOT_AVAILABLE']);
    await available(a, [period1, period2]);
    const assigned = await t.api.assignMonitor({ MONITOR_ID: a, CAMP_ID: c1, HEAD: true });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.camp.MONITORS).toEqual([expect.objectContaining({ MONITOR_ID: a, HEAD: true })]);

    const double = await t.api.assignMonitor({ MONITOR_ID: a, CAMP_ID: c2, HEAD: false });
    expect([double.status, double.body.error.code]).toEqual([409, 'DOUBLE_WEEK']);
    expect((await t.api.assignMonitor({ MONITOR_ID: a, CAMP_ID: c3, HEAD: false })).status).toBe(200);

    // The period they are planned in cannot be taken out of their availability.
    const stillPlanned = await t.api.saveAvailability({ MONITOR_ID: a, PERIOD_IDS: [period2], campYear: 2026 });
    expect([stillPlanned.status, stillPlanned.body.error.code]).toEqual([409, 'NOT_AVAILABLE']);

    // A new head monitor takes over; the former one stays on the camp.
    await available(b, [period1]);
    const head = await t.api.assignMonitor({ MONITOR_ID: b, CAMP_ID: c1, HEAD: true });
    expect(head.body.data.camp.MONITORS.map((m) => [m.MONITOR_ID, m.HEAD])).toEqual([
      [b, true],
      [a, false],
    ]);
    const off = await t.api.unassignMonitor({ MONITOR_ID: a, CAMP_ID: c1 });
    expect(off.body.data.camp.MONITORS.map((m) => m.MONITOR_ID)).toEqual([b]);
    expect((await t.api.unassignMonitor({ MONITOR_ID: a, CAMP_ID: c1 })).status).toBe(404);
    // Now free in week 1 again.
    expect((await t.api.assignMonitor({ MONITOR_ID: a, CAMP_ID: c2, HEAD: false })).status).toBe(200);
  });

  it("counts a camp's booked children (not the cancelled ones) against its age group's ratio, and lists it while short", async () => {
    const toddlers = await createAgegroup(t.db, { name: 'Kleuters' });
    expect((await t.api.saveAgegroupRatio({ AGEGROUP_ID: toddlers, CHILDREN_PER_MONITOR: 8 })).status).toBe(200);
    const campId = await camp(period2, { agegroupId: toddlers });
    for (let i = 0; i < 17; i++) await createSubscription(t.db, { campId });
    for (let i = 0; i < 3; i++) await createSubscription(t.db, { campId, cancelled: true });

    const monitors = [await createMonitor(t.db), await createMonitor(t.db), await createMonitor(t.db)];
    for (const m of monitors) await available(m, [period2]);
    await t.api.assignMonitor({ MONITOR_ID: monitors[0]!, CAMP_ID: campId, HEAD: true });
    expect(await campOf(campId)).toMatchObject({
      CHILDREN_BOOKED: 17,
      CHILDREN_PER_MONITOR: 8,
      MONITORS_PLANNED: 1,
      MONITORS_NEEDED: 3,
      MONITORS_MISSING: 2,
      SHORT: true,
      HAS_HEAD: true,
    });
    await t.api.assignMonitor({ MONITOR_ID: monitors[1]!, CAMP_ID: campId, HEAD: false });
    expect((await campOf(campId)).MONITORS_MISSING).toBe(1);
    await t.api.assignMonitor({ MONITOR_ID: monitors[2]!, CAMP_ID: campId, HEAD: false });
    expect(await campOf(campId)).toMatchObject({ MONITORS_PLANNED: 3, MONITORS_MISSING: 0, SHORT: false });
    // Another age group without a ratio of its own: 1 per 12.
    const other = await camp(period2);
    for (let i = 0; i < 13; i++) await createSubscription(t.db, { campId: other });
    expect(await campOf(other)).toMatchObject({ CHILDREN_PER_MONITOR: 12, MONITORS_NEEDED: 2, MONITORS_MISSING: 2, SHORT: true });
  });

  it('requires a qualification valid through the end of the camp from one of its monitors', async () => {
    const lifeguard = (await t.api.saveQualification({ QUALIFICATION_NAME: 'Redder' })).body.data.QUALIFICATION_ID;
    const swimming = await camp(period1);
    expect((await t.api.saveCampRequirements({ CAMP_ID: swimming, QUALIFICATION_IDS: [lifeguard] })).status).toBe(200);
    const [none, expired, valid, helper] = [
      await createMonitor(t.db),
      await createMonitor(t.db),
      await createMonitor(t.db),
      await createMonitor(t.db),
    ];
    for (const m of [none, expired, valid, helper]) await available(m, [period1, period2]);
    // Valid until the camp's first day only: it expires during the camp.
    await t.api.saveMonitorQualifications({
      MONITOR_ID: expired,
      VOLUNTEER_KIND: 'gewoon',
      QUALIFICATIONS: [{ QUALIFICATION_ID: lifeguard, VALID_UNTIL: week1 }],
    });
    await t.api.saveMonitorQualifications({
      MONITOR_ID: valid,
      VOLUNTEER_KIND: 'gewoon',
      QUALIFICATIONS: [{ QUALIFICATION_ID: lifeguard, VALID_UNTIL: '2026-07-10' }],
    });
    expect((await campOf(swimming)).QUALIFICATIONS_MISSING.map((q) => q.QUALIFICATION_NAME)).toEqual(['Redder']);
    expect((await campOf(swimming)).SHORT).toBe(true);
    for (const m of [none, expired]) {
      const refused = await t.api.assignMonitor({ MONITOR_ID: m, CAMP_ID: swimming, HEAD: false });
      expect([refused.status, refused.body.error.code]).toEqual([409, 'QUALIFICATION_MISSING']);
    }
    expect((await t.api.assignMonitor({ MONITOR_ID: valid, CAMP_ID: swimming, HEAD: true })).status).toBe(200);
    // With a lifeguard on the camp, others join without one.
    expect((await t.api.assignMonitor({ MONITOR_ID: helper, CAMP_ID: swimming, HEAD: false })).status).toBe(200);
    expect((await campOf(swimming)).QUALIFICATIONS_MISSING).toEqual([]);
    const planned = (await planning()).monitors.find((m) => m.MONITOR_ID === valid)!;
    expect(planned.QUALIFICATIONS).toEqual([{ QUALIFICATION_ID: lifeguard, QUALIFICATION_NAME: 'Redder', VALID_UNTIL: '2026-07-10' }]);
    // A qualification in use stays on the list.
    expect((await t.api.deleteQualification({ QUALIFICATION_ID: lifeguard })).status).toBe(409);
  });

  it('shows a signed-in monitor exactly the camps they are planned on, with their lists, and refuses the others', async () => {
    const place = await createLocation(t.db, { name: 'Sporthal Eigen' });
    const monitorId = await createMonitor(t.db, { locationIds: [place] });
    await addUser(t.db, 'planning-monitor@kampbeheer.be', 'monitor', monitorId);
    const mine = await createCamp(t.db, { periodId: period1, locationId: place, activeDays: '2026-07-06,2026-07-07' });
    const notMine = await camp(period2, { locationId: place });
    await createSubscription(t.db, { campId: mine, childFirstname: 'Mijnkind' });
    await createSubscription(t.db, { campId: notMine });
    const token = await signIn(t, 'planning-monitor@kampbeheer.be');
    const participants = (campId: number) => t.api.getCampParticipants({ campId }, { token });

    // Not planned anywhere yet: the camps at their locations, as before the planning.
    expect((await participants(notMine)).status).toBe(200);

    await available(monitorId, [period1, period2]);
    await t.api.assignMonitor({ MONITOR_ID: monitorId, CAMP_ID: mine, HEAD: false });
    const list = await participants(mine);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => p.SUBSCRIBER_FIRSTNAME)).toEqual(['Mijnkind']);
    expect((await participants(notMine)).status).toBe(403);
    expect((await t.api.exportCampParticipants({ campId: notMine, format: 'pdf' }, { token })).status).toBe(403);
    const camps = (await t.api.getCamps({ campYear: 2026 }, { token })).body.data.map((c) => c.CAMP_ID);
    expect(camps).toEqual([mine]);
    const own = await t.api.getMyPlanning({ campYear: 2026 }, { token });
    expect(own.body.data.map((c) => [c.CAMP_ID, c.PERIOD_NAME, c.CHILDREN_BOOKED])).toEqual([[mine, 'Week 1', 1]]);
    // The staff planning is not theirs.
    expect((await t.api.getPlanning({ campYear: 2026 }, { token })).status).toBe(403);
  });

  it('lets a signed-in monitor enter their own availability, which the planner sees, and nobody else through that call', async () => {
    const monitorId = await createMonitor(t.db, { firstname: 'Bea', lastname: 'Beschikbaar' });
    const other = await createMonitor(t.db);
    await addUser(t.db, 'eigen-beschikbaarheid@kampbeheer.be', 'monitor', monitorId);
    await addUser(t.db, 'zonder-monitor@kampbeheer.be', 'monitor');
    await addUser(t.db, 'planner-medewerker@kampbeheer.be', 'medewerker');
    const token = await signIn(t, 'eigen-beschikbaarheid@kampbeheer.be');

    expect((await t.api.getMyAvailability({ campYear: 2026 }, { token })).body.data).toMatchObject({
      AVAILABLE_PERIOD_IDS: [],
      PLANNED_PERIOD_IDS: [],
    });
    expect((await t.api.saveMyAvailability({ PERIOD_IDS: [period1, period2], campYear: 2026 }, { token })).status).toBe(200);
    const seen = (await planning()).monitors.find((m) => m.MONITOR_ID === monitorId)!;
    expect(seen.AVAILABLE_PERIOD_IDS.sort()).toEqual([period1, period2].sort());

    // Planned in week 1: that week stays, as for staff.
    const campId = await camp(period1);
    expect((await t.api.assignMonitor({ MONITOR_ID: monitorId, CAMP_ID: campId, HEAD: false })).status).toBe(200);
    const mine = (await t.api.getMyAvailability({ campYear: 2026 }, { token })).body.data;
    expect(mine.PLANNED_PERIOD_IDS).toEqual([period1]);
    expect(mine.periods.map((p) => p.PERIOD_NAME)).toEqual(expect.arrayContaining(['Week 1', 'Week 2']));
    const dropPlanned = await t.api.saveMyAvailability({ PERIOD_IDS: [period2], campYear: 2026 }, { token });
    expect([dropPlanned.status, dropPlanned.body.error.code]).toEqual([409, 'NOT_AVAILABLE']);
    expect((await t.api.saveMyAvailability({ PERIOD_IDS: [period1], campYear: 2026 }, { token })).status).toBe(200);
    expect((await planning()).monitors.find((m) => m.MONITOR_ID === monitorId)!.AVAILABLE_PERIOD_IDS).toEqual([period1]);

    // Only their own monitor: staff's call for another monitor is not theirs, and staff do not use the monitor's call.
    expect((await t.api.saveAvailability({ MONITOR_ID: other, PERIOD_IDS: [period1], campYear: 2026 }, { token })).status).toBe(403);
    const unlinked = await signIn(t, 'zonder-monitor@kampbeheer.be');
    expect((await t.api.saveMyAvailability({ PERIOD_IDS: [period1], campYear: 2026 }, { token: unlinked })).status).toBe(403);
    const staff = await signIn(t, 'planner-medewerker@kampbeheer.be');
    expect((await t.api.saveMyAvailability({ PERIOD_IDS: [period1], campYear: 2026 }, { token: staff })).status).toBe(403);
    expect((await t.api.saveMyAvailability({ PERIOD_IDS: [period1], campYear: 2026 })).status).toBe(403);
    expect((await planning()).monitors.find((m) => m.MONITOR_ID === other)!.AVAILABLE_PERIOD_IDS).toEqual([]);
  });

  it("copies a season's planning onto the copied camps as drafts, which count for nothing until confirmed with every rule", async () => {
    const source = await createPeriod(t.db, { startDate: '2024-07-08', name: 'Kopieerweek' });
    const sourceCamp = await camp(source);
    const [head, helper] = [await createMonitor(t.db), await createMonitor(t.db)];
    for (const m of [head, helper]) await t.api.saveAvailability({ MONITOR_ID: m, PERIOD_IDS: [source], campYear: 2024 });
    await t.api.assignMonitor({ MONITOR_ID: head, CAMP_ID: sourceCamp, HEAD: true });
    await t.api.assignMonitor({ MONITOR_ID: helper, CAMP_ID: sourceCamp, HEAD: false });
    const copy = (dryRun: boolean) =>
      t.api.copySeason({ fromYear: 2024, toYear: 2025, priceIncreasePercent: 0, dryRun, copyPlanning: true });

    const preview = await copy(true);
    expect(preview.body.data.planning).toEqual({ COPIED: 2, SKIPPED: 0 });
    expect((await t.api.getPlanning({ campYear: 2025 })).body.data.camps).toEqual([]);

    const done = await copy(false);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.planning).toEqual({ COPIED: 2, SKIPPED: 0 });
    const copied = done.body.data.created.find((c) => c.SOURCE_CAMP_ID === sourceCamp)!.CAMP_ID!;
    const next = (await t.api.getPlanning({ campYear: 2025 })).body.data;
    const draft = next.camps.find((c) => c.CAMP_ID === copied)!;
    expect(draft.MONITORS.map((m) => [m.MONITOR_ID, m.HEAD, m.DRAFT])).toEqual([
      [head, true, true],
      [helper, false, true],
    ]);
    // A draft is no planning yet: not counted, no head monitor.
    expect(draft).toMatchObject({ MONITORS_PLANNED: 0, HAS_HEAD: false });

    // Confirming is assigning: the monitor must be available in the new year.
    const unavailable = await t.api.assignMonitor({ MONITOR_ID: head, CAMP_ID: copied, HEAD: true });
    expect([unavailable.status, unavailable.body.error.code]).toEqual([409, 'NOT_AVAILABLE']);
    const newPeriod = next.periods.find((p) => p.PERIOD_NAME === 'Kopieerweek')!.PERIOD_ID;
    await t.api.saveAvailability({ MONITOR_ID: head, PERIOD_IDS: [newPeriod], campYear: 2025 });
    const confirmed = await t.api.assignMonitor({ MONITOR_ID: head, CAMP_ID: copied, HEAD: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.camp).toMatchObject({ MONITORS_PLANNED: 1, HAS_HEAD: true });
    expect(confirmed.body.data.camp.MONITORS.map((m) => [m.MONITOR_ID, m.DRAFT])).toEqual([
      [head, false],
      [helper, true],
    ]);
  });

  it('keeps the allowance register within the daily and yearly caps of the year, and exports it per monitor', async () => {
    const settings = (await t.api.getSettings()).body.data[0]!;
    // The official figures as defaults; a year without its own figures uses the latest earlier year's.
    expect(settings.VOLUNTEER_DAILY_CAP?.['2024']).toEqual({ gewoon: 41.48, verhoogd: 41.48 });
    expect(settings.VOLUNTEER_YEARLY_CAP?.['2024']).toEqual({ gewoon: 1659.29, verhoogd: 3047.43 });
    const saved = await t.api.updateSettings({
      ORGANISER_NAME: 'Sportkampen Test vzw',
      ORGANISER_IBAN: 'BE71 0961 2345 6769',
      MAIL_FROM: 'Kampen <kampen@example.be>',
      PUBLIC_SITE_URL: 'https://inschrijven.example.be/',
      VOLUNTEER_DAILY_CAP: { '2026': { gewoon: 40, verhoogd: 40 } },
      VOLUNTEER_YEARLY_CAP: { '2026': { gewoon: 100, verhoogd: 300 } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data[0]!.VOLUNTEER_YEARLY_CAP?.['2024']).toEqual({ gewoon: 1659.29, verhoogd: 3047.43 });
    // The caps go into the settings' audit like every other setting, in words.
    const audit = (await t.api.getAuditLog({ entity: 'settings', action: 'updateSettings' })).body.data.entries[0]!;
    expect(audit.changes.filter((c) => c.field.startsWith('VOLUNTEER_'))).toEqual([
      {
        field: 'VOLUNTEER_DAILY_CAP',
        label: 'Dagplafond vrijwilligersvergoeding (eigen bedragen per jaar)',
        old: '–',
        new: '2026: gewone vrijwilliger: € 40,00, sportlesgever of -trainer: € 40,00',
      },
      {
        field: 'VOLUNTEER_YEARLY_CAP',
        label: 'Jaarplafond vrijwilligersvergoeding (eigen bedragen per jaar)',
        old: '–',
        new: '2026: gewone vrijwilliger: € 100,00, sportlesgever of -trainer: € 300,00',
      },
    ]);

    const monitorId = await createMonitor(t.db, { firstname: 'Vera', lastname: 'Vergoeding' });
    await available(monitorId, [period1, period2]);
    const campId = await createCamp(t.db, { periodId: period1, activeDays: '2026-07-06,2026-07-07,2026-07-08' });
    const overDaily = await t.api.assignMonitor({ MONITOR_ID: monitorId, CAMP_ID: campId, HEAD: false, ALLOWANCE_PER_DAY: 41 });
    expect([overDaily.status, overDaily.body.error.code]).toEqual([409, 'DAILY_CAP_EXCEEDED']);
    expect(overDaily.body.error.message).toContain('€ 40,00');
    // Refused as a whole: not planned either.
    expect((await campOf(campId)).MONITORS).toEqual([]);
    const overYear = await t.api.assignMonitor({ MONITOR_ID: monitorId, CAMP_ID: campId, HEAD: false, ALLOWANCE_PER_DAY: 35 });
    expect([overYear.status, overYear.body.error.code]).toEqual([409, 'YEARLY_CAP_EXCEEDED']);
    expect((await t.api.assignMonitor({ MONITOR_ID: monitorId, CAMP_ID: campId, HEAD: false, ALLOWANCE_PER_DAY: 30 })).status).toBe(200);

    const day = (DAY: string, AMOUNT: number) => ({ DAY, AMOUNT });
    const tooMuch = await t.api.saveVolunteerAllowance({ MONITOR_ID: monitorId, CAMP_ID: campId, DAYS: [day('2026-07-08', 40.01)] });
    expect(tooMuch.body.error.code).toBe('DAILY_CAP_EXCEEDED');
    const within = await t.api.saveVolunteerAllowance({
      MONITOR_ID: monitorId,
      CAMP_ID: campId,
      DAYS: [day('2026-07-06', 40), day('2026-07-07', 30), day('2026-07-08', 30)],
    });
    expect(within.status).toBe(200);
    const over = await t.api.saveVolunteerAllowance({ MONITOR_ID: monitorId, CAMP_ID: campId, DAYS: [day('2026-07-08', 30.01)] });
    expect([over.status, over.body.error.code]).toEqual([409, 'YEARLY_CAP_EXCEEDED']);
    // A sports trainer has the raised yearly cap.
    await t.api.saveMonitorQualifications({ MONITOR_ID: monitorId, VOLUNTEER_KIND: 'verhoogd', QUALIFICATIONS: [] });
    expect((await t.api.saveVolunteerAllowance({ MONITOR_ID: monitorId, CAMP_ID: campId, DAYS: [day('2026-07-08', 35)] })).status).toBe(
      200,
    );
    const notACampDay = await t.api.saveVolunteerAllowance({ MONITOR_ID: monitorId, CAMP_ID: campId, DAYS: [day('2026-07-09', 5)] });
    expect(notACampDay.status).toBe(400);

    const register = (await t.api.getVolunteerRegister({ year: 2026 })).body.data;
    expect(register.totals.find((r) => r.MONITOR_ID === monitorId)).toMatchObject({ TOTAL: 105, VOLUNTEER_YEARLY_CAP: 300 });
    expect((await planning()).monitors.find((m) => m.MONITOR_ID === monitorId)).toMatchObject({
      ALLOWANCE_YEAR_TOTAL: 105,
      VOLUNTEER_DAILY_CAP: 40,
      VOLUNTEER_YEARLY_CAP: 300,
    });

    const xlsx = await download(t, '/api/exportVolunteerRegister?year=2026&format=xlsx');
    expect(xlsx.disposition).toContain('vrijwilligersvergoedingen-2026.xlsx');
    const sheet = await readXlsx(xlsx.body);
    const vera = sheet.rows.filter((r) => r.value('Monitor') === 'Vera Vergoeding');
    expect(
      vera.map((r) => [r.value('Dag') instanceof Date ? (r.value('Dag') as Date).toISOString().slice(0, 10) : null, r.value('Vergoeding')]),
    ).toEqual([
      ['2026-07-06', 40],
      ['2026-07-07', 30],
      ['2026-07-08', 35],
      [null, 105],
    ]);
    expect(vera[0]!.numFmt('Vergoeding')).toContain('€');

    const pdf = await download(t, '/api/exportVolunteerRegister?year=2026&format=pdf');
    const text = await pdfText(pdf.body);
    expect(text).toContain('Register vrijwilligersvergoedingen 2026');
    expect(text).toContain('Vera Vergoeding');
    expect(text).toMatch(/06\/07\/2026.*€ 40,00/);
    expect(text).toMatch(/Totaal\s+€ 105,00/);

    // Taken off the camp: its days leave the register.
    await t.api.unassignMonitor({ MONITOR_ID: monitorId, CAMP_ID: campId });
    expect((await t.api.getVolunteerRegister({ year: 2026 })).body.data.rows.filter((r) => r.MONITOR_ID === monitorId)).toEqual([]);
  });
});
