import { writeFile } from 'node:fs/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampParticipant } from '@common/participants.js';
import { queryRows } from '../../server/src/db/client.js';
import { attendance, auditLog, lunchPreferences, parents, subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { download as downloadFile, pdfInfo, pdfText, pdfTextOffPage, readCsv, readXlsx } from '../helpers/files.js';
import { createCamp, createPeriod, createSubscription, type CreatedSubscription } from '../helpers/factory.js';
import { recogniseOrganiser } from '../helpers/attests.js';
import { controlledClock } from '../helpers/clock.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';

const DAYS = ['2031-07-07', '2031-07-08', '2031-07-09', '2031-07-10', '2031-07-11'];
const NOT_A_CAMP_DAY = '2031-07-12';
/** The tests run on Tuesday DAYS[1] at 23:30 in Brussels (21:30 UTC): Wednesday DAYS[2] has not come yet. */
const TUESDAY_LATE = new Date('2031-07-08T21:30:00Z');

describe.each(backends)('participants, attendance and exports on %s', (backend) => {
  let t: TestApp;
  let clock: ReturnType<typeof controlledClock>;
  let normalCampId: number;
  let flexibleCampId: number;
  let lunch: { id: number; description: string }[];
  const normal: Record<string, CreatedSubscription> = {};
  const flexible: Record<string, CreatedSubscription> = {};

  beforeAll(async () => {
    clock = controlledClock(TUESDAY_LATE);
    t = await startTestApp(backend, { seed: 'none', clock });
    lunch = await t.db
      .insert(lunchPreferences)
      .values([{ description: 'Eigen lunchpakket' }, { description: 'Warme maaltijd' }])
      .returning();
    const periodId = await createPeriod(t.db, { startDate: DAYS[0] });
    normalCampId = await createCamp(t.db, { periodId, activeDays: DAYS.join(',') });
    flexibleCampId = await createCamp(t.db, { periodId, activeDays: DAYS.join(','), flexibleBooking: true });
    normal.zoe = await createSubscription(t.db, {
      campId: normalCampId,
      childFirstname: 'Zoë',
      childLastname: 'Van den Broeck',
      childBirthdate: '2022-07-07',
      lunchPreferenceId: lunch[1]!.id,
      remark: 'Allergisch voor noten',
      parentPhone2: '09 123 45 67',
      paidAmountCents: 15000,
      paid: true,
    });
    normal.arthur = await createSubscription(t.db, {
      campId: normalCampId,
      childFirstname: 'Arthur',
      childLastname: "D'Hondt",
      childBirthdate: '2022-07-08',
      lunchPreferenceId: lunch[1]!.id,
    });
    normal.emre = await createSubscription(t.db, {
      campId: normalCampId,
      childFirstname: 'Emre',
      childLastname: 'Çelik',
      lunchPreferenceId: lunch[0]!.id,
    });
    normal.cancelled = await createSubscription(t.db, {
      campId: normalCampId,
      childFirstname: 'Weg',
      childLastname: 'Geannuleerd',
      cancelled: true,
    });
    flexible.monTue = await createSubscription(t.db, {
      campId: flexibleCampId,
      childFirstname: 'Mila',
      childLastname: 'Aerts',
      selectedDays: `${DAYS[0]},${DAYS[1]}`,
    });
    flexible.wedThu = await createSubscription(t.db, {
      campId: flexibleCampId,
      childFirstname: 'Finn',
      childLastname: 'Baert',
      selectedDays: `${DAYS[2]},${DAYS[3]}`,
    });
    flexible.whole = await createSubscription(t.db, { campId: flexibleCampId, childFirstname: 'Noor', childLastname: 'Claes' });
  });
  afterAll(async () => t?.close());

  const participants = async (campId: number, date?: string) => {
    const answer = await t.api.getCampParticipants({ campId, date });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as CampParticipant[];
  };
  const setAttendance = (SUBSCRIPTION_ID: number, date: string, present: boolean | null) =>
    t.api.setAttendance({ SUBSCRIPTION_ID, date, present });
  const storedAttendance = (subscriptionId: number) =>
    t.db
      .select({ day: attendance.day, present: attendance.present })
      .from(attendance)
      .where(eq(attendance.subscriptionId, subscriptionId))
      .orderBy(asc(attendance.day));
  const download = (url: string) => downloadFile(t, url);

  it('lists the children of a normal camp on every day, without cancelled ones, sorted by last name, with age, lunch, remark, parent and payment status', async () => {
    const rows = await participants(normalCampId);
    expect(rows.map((r) => r.SUBSCRIBER_LASTNAME)).toEqual(['Çelik', "D'Hondt", 'Van den Broeck']);
    const zoe = rows.find((r) => r.SUBSCRIPTION_ID === normal.zoe!.subscriptionId)!;
    const [parent] = await t.db.select().from(parents).where(eq(parents.id, normal.zoe!.parentId));
    expect(zoe).toMatchObject({
      SUBSCRIBER_FIRSTNAME: 'Zoë',
      SUBSCRIBER_BIRTHDATE: '2022-07-07',
      SUBSCRIBER_AGE: 9, // nine on the first camp day, her birthday
      SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunch[1]!.id,
      LUNCHPREFERENCE_DESCRIPTION: lunch[1]!.description,
      SUBSCRIPTION_REMARK: 'Allergisch voor noten',
      SUBSCRIBER_PARENT_FIRSTNAME: parent!.firstname,
      SUBSCRIBER_PARENT_PHONE: '0475 12 34 56',
      SUBSCRIBER_PARENT_PHONE2: '09 123 45 67',
      PAYMENT_STATUS: 'PAID',
      DAYS,
      ATTENDANCE: Object.fromEntries(DAYS.map((d) => [d, null])),
    });
    // Arthur turns nine on the second day: on the first camp day he is eight.
    expect(rows.find((r) => r.SUBSCRIPTION_ID === normal.arthur!.subscriptionId)!.SUBSCRIBER_AGE).toBe(8);
    expect(rows.find((r) => r.SUBSCRIPTION_ID === normal.arthur!.subscriptionId)!.PAYMENT_STATUS).toBe('NOT-PAID');

    const wednesday = await participants(normalCampId, DAYS[2]);
    expect(wednesday.map((r) => r.SUBSCRIPTION_ID).sort()).toEqual(rows.map((r) => r.SUBSCRIPTION_ID).sort());
    expect(wednesday.every((r) => r.DAYS.length === 1 && r.DAYS[0] === DAYS[2])).toBe(true);
  });

  it('lists for a flexible-booking camp on a given day only the children booked that day', async () => {
    const byDay = async (day: string) => (await participants(flexibleCampId, day)).map((r) => r.SUBSCRIBER_FIRSTNAME);
    expect(await byDay(DAYS[0]!)).toEqual(['Mila', 'Noor']);
    expect(await byDay(DAYS[2]!)).toEqual(['Finn', 'Noor']);
    expect(await byDay(DAYS[4]!)).toEqual(['Noor']);
    const all = await participants(flexibleCampId);
    expect(all.find((r) => r.SUBSCRIBER_FIRSTNAME === 'Finn')!.DAYS).toEqual([DAYS[2], DAYS[3]]);
    expect(all.find((r) => r.SUBSCRIBER_FIRSTNAME === 'Noor')!.DAYS).toEqual(DAYS);

    const outside = await t.api.getCampParticipants({ campId: flexibleCampId, date: NOT_A_CAMP_DAY });
    expect(outside.status).toBe(400);
    expect(outside.body.error.fields.date).toBe('Deze dag is geen kampdag van dit kamp.');
    expect((await t.api.getCampParticipants({ campId: 987654 })).status).toBe(404);
    expect((await t.unchecked.getCampParticipants({ campId: 'abc' })).body.error.fields.campId).toBe('Foutief formaat');
  });

  it('sets, changes and clears attendance, reads it back, and audits each change', async () => {
    const id = normal.emre!.subscriptionId;
    const set = await setAttendance(id, DAYS[1]!, true);
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ SUBSCRIPTION_ID: id, date: DAYS[1], present: true });
    expect(await storedAttendance(id)).toEqual([{ day: DAYS[1], present: true }]);
    let emre = (await participants(normalCampId)).find((r) => r.SUBSCRIPTION_ID === id)!;
    expect(emre.ATTENDANCE[DAYS[1]!]).toBe(true);
    expect(emre.ATTENDANCE[DAYS[0]!]).toBe(null);

    expect((await setAttendance(id, DAYS[1]!, false)).status).toBe(200);
    expect(await storedAttendance(id)).toEqual([{ day: DAYS[1], present: false }]);
    emre = (await participants(normalCampId, DAYS[1])).find((r) => r.SUBSCRIPTION_ID === id)!;
    expect(emre.ATTENDANCE).toEqual({ [DAYS[1]!]: false });

    expect((await setAttendance(id, DAYS[1]!, null)).status).toBe(200);
    expect(await storedAttendance(id)).toEqual([]);
    emre = (await participants(normalCampId)).find((r) => r.SUBSCRIPTION_ID === id)!;
    expect(emre.ATTENDANCE[DAYS[1]!]).toBe(null);

    const audit = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setAttendance'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
    expect(audit).toEqual([
      { before: { date: DAYS[1], present: null }, after: { date: DAYS[1], present: true } },
      { before: { date: DAYS[1], present: true }, after: { date: DAYS[1], present: false } },
      { before: { date: DAYS[1], present: false }, after: { date: DAYS[1], present: null } },
    ]);
  });

  it('refuses attendance on a day that is not a camp day of the subscription, and bad payloads, changing nothing', async () => {
    await setAttendance(flexible.monTue!.subscriptionId, DAYS[0]!, true);
    const before = await databaseDigest(t.db);
    const refusals: [string, unknown, number, string, string?][] = [
      ['a day after the camp', { SUBSCRIPTION_ID: normal.zoe!.subscriptionId, date: NOT_A_CAMP_DAY, present: true }, 400, 'date'],
      [
        'a camp day the child did not book',
        { SUBSCRIPTION_ID: flexible.monTue!.subscriptionId, date: DAYS[3], present: true },
        400,
        'date',
      ],
      ['clearing on a day not booked', { SUBSCRIPTION_ID: flexible.monTue!.subscriptionId, date: DAYS[4], present: null }, 400, 'date'],
      ['a date that does not exist', { SUBSCRIPTION_ID: normal.zoe!.subscriptionId, date: '2031-02-30', present: true }, 400, 'date'],
      ['present missing', { SUBSCRIPTION_ID: normal.zoe!.subscriptionId, date: DAYS[0] }, 400, 'present'],
      ['present as text', { SUBSCRIPTION_ID: normal.zoe!.subscriptionId, date: DAYS[0], present: 'ja' }, 400, 'present'],
      ['no subscription', { date: DAYS[0], present: true }, 400, 'SUBSCRIPTION_ID'],
      ['an unknown subscription', { SUBSCRIPTION_ID: 987654, date: DAYS[0], present: true }, 404, ''],
      ['a cancelled subscription', { SUBSCRIPTION_ID: normal.cancelled!.subscriptionId, date: DAYS[0], present: true }, 409, ''],
    ];
    for (const [label, body, status, field] of refusals) {
      const answer = await t.unchecked.setAttendance(body);
      expect(answer.status, label).toBe(status);
      if (field) expect(answer.body.error.fields?.[field], label).toBeTruthy();
    }
    const notBooked = await setAttendance(flexible.monTue!.subscriptionId, DAYS[3]!, true);
    expect(notBooked.body.error.fields.date).toBe('Deze dag is geen kampdag van deze inschrijving.');
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('exports the participants as xlsx with typed cells and a frozen header, read back with exceljs', async () => {
    await setAttendance(normal.zoe!.subscriptionId, DAYS[0]!, true);
    await setAttendance(normal.arthur!.subscriptionId, DAYS[0]!, false);
    const file = await download(`/api/exportCampParticipants?campId=${normalCampId}&format=xlsx`);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.disposition).toMatch(new RegExp(`^attachment; filename="deelnemers-[a-z0-9-]+-2031\\.xlsx"$`));
    const { sheet, header, rows } = await readXlsx(file.body);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(header.slice(0, 4)).toEqual(['Voornaam', 'Familienaam', 'Geboortedatum', 'Leeftijd']);
    expect(header.slice(-5)).toEqual(['ma 07/07', 'di 08/07', 'wo 09/07', 'do 10/07', 'vr 11/07']);
    const expected = await participants(normalCampId);
    expect(rows.map((r) => r.value('Familienaam'))).toEqual(expected.map((p) => p.SUBSCRIBER_LASTNAME));
    const zoeRow = rows[expected.findIndex((p) => p.SUBSCRIPTION_ID === normal.zoe!.subscriptionId)]!;
    expect(zoeRow.value('Geboortedatum')).toEqual(new Date(Date.UTC(2022, 6, 7)));
    expect(zoeRow.numFmt('Geboortedatum')).toBe('dd/mm/yyyy');
    expect(zoeRow.value('Leeftijd')).toBe(9);
    expect(zoeRow.value('Saldo')).toBe(0);
    expect(zoeRow.numFmt('Saldo')).toContain('€');
    expect(zoeRow.value('Lunch')).toBe(lunch[1]!.description);
    expect(zoeRow.value('Telefoon 2')).toBe('09 123 45 67');
    expect(zoeRow.value('ma 07/07')).toBe('Aanwezig');
    const arthurRow = rows[expected.findIndex((p) => p.SUBSCRIPTION_ID === normal.arthur!.subscriptionId)]!;
    expect(arthurRow.value('ma 07/07')).toBe('Afwezig');
    expect(arthurRow.value('Saldo')).toBe(150);
    expect(arthurRow.value('di 08/07')).toBe(null);
  });

  it('exports the flexible camp of one day as CSV: UTF-8 with BOM, semicolons, read back with a CSV parser', async () => {
    const file = await download(`/api/exportCampParticipants?campId=${flexibleCampId}&format=csv&date=${DAYS[0]}`);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toMatch(new RegExp(`filename="deelnemers-.+-${DAYS[0]}\\.csv"$`));
    const { header, records } = readCsv(file.body);
    expect(header).toContain('ma 07/07');
    expect(header).not.toContain('di 08/07');
    expect(records.map((r) => r.Voornaam)).toEqual(['Mila', 'Noor']);
    expect(records[0]!['ma 07/07']).toBe('Aanwezig');
    expect(records[0]!.Saldo).toBe('150,00');
    expect(records[0]!.Geboortedatum).toBe('04/05/2016');
  });

  it('prints the day list and the week grid as A4 PDFs with title, date, lunch counts and page numbers', async () => {
    const day = await download(`/api/exportCampParticipants?campId=${normalCampId}&format=pdf&date=${DAYS[0]}`);
    expect(day.type).toBe('application/pdf');
    expect(day.disposition).toMatch(new RegExp(`filename="deelnemers-.+-${DAYS[0]}\\.pdf"$`));
    expect((await pdfInfo(day.body)).pageSize).toMatch(/^595\.\d* x 841\.\d* pts \(A4\)$/);
    const text = await pdfText(day.body);
    const [camp] = await queryRows<{ theme: string; location: string }>(
      t.db,
      sql`select th.name as theme, l.name as location from camps c join themes th on th.id = c.theme_id join locations l on l.id = c.location_id where c.id = ${normalCampId}`,
    );
    expect(text).toContain(`${camp!.theme} - ${camp!.location}`);
    expect(text).toContain('Daglijst maandag 7 juli 2031');
    for (const name of ['Çelik, Emre', "D'Hondt, Arthur", 'Van den Broeck, Zoë']) expect(text).toContain(name);
    expect(text).not.toContain('Geannuleerd');
    expect(text).toContain(`${lunch[0]!.description}: 1`);
    expect(text).toContain(`${lunch[1]!.description}: 2`);
    expect(text).toContain('Totaal: 3');
    expect(text).toContain('Allergisch voor noten');
    expect(text).toContain('Pagina 1 van 1');
    // The server's clock dates the footer: 23:30 on Tuesday in Brussels (controlled), not the machine's day.
    expect(text).toContain('Afgedrukt op 08/07/2031');

    const week = await download(`/api/exportCampParticipants?campId=${flexibleCampId}&format=pdf`);
    expect(week.disposition).toMatch(new RegExp(`-2031-week\\.pdf"$`));
    expect((await pdfInfo(week.body)).pageSize).toMatch(/^841\.\d* x 595\.\d* pts \(A4\)$/);
    const weekText = await pdfText(week.body);
    expect(weekText).toContain('Weekoverzicht 07/07/2031 - 11/07/2031');
    for (const label of ['ma 07/07', 'di 08/07', 'wo 09/07', 'do 10/07', 'vr 11/07']) expect(weekText).toContain(label);
    expect(weekText).toContain('Aerts, Mila');
    expect(weekText).toMatch(/Totaal\s+2\s+2\s+2\s+2\s+1/);
    expect(weekText).toContain('– = niet geboekt op die dag');
    expect(weekText).toContain(`Pagina 1 van ${(await pdfInfo(week.body)).pages}`);
    expect(weekText).toContain('Afgedrukt op 08/07/2031');
  });

  it('keeps the header Leeftijd whole in both PDF lists, and the week grid carries the remark, nothing off the page (issue 39)', async () => {
    await t.db.update(subscriptions).set({ remark: 'Allergisch voor pinda' }).where(eq(subscriptions.id, flexible.monTue!.subscriptionId));
    const day = (await download(`/api/exportCampParticipants?campId=${normalCampId}&format=pdf&date=${DAYS[0]}`)).body;
    expect(await pdfText(day)).toMatch(/#\s+Kind\s+Leeftijd\s+Lunch\s+Opmerking\s+Ouder en telefoon/);
    const week = (await download(`/api/exportCampParticipants?campId=${flexibleCampId}&format=pdf`)).body;
    const weekText = await pdfText(week);
    expect(weekText).toMatch(/#\s+Kind\s+Leeftijd\s+Lunch\s+Opmerking\s+Ouder en telefoon\s+ma 07\/07/);
    expect(weekText).toMatch(/Aerts, Mila\s+\d+\s.*Allergisch voor pinda/);
    expect(await pdfTextOffPage(week)).toEqual([]);
    expect(await pdfTextOffPage(day)).toEqual([]);
    if (process.env.SCREENSHOTS) {
      await writeFile(`${process.env.SCREENSHOTS}/day-list.pdf`, day);
      await writeFile(`${process.env.SCREENSHOTS}/week-grid.pdf`, week);
    }
  });

  it('answers 400 for an unknown export format and a non-camp day, and 401 without a token', async () => {
    expect((await t.unchecked.exportCampParticipants({ campId: normalCampId, format: 'docx' })).body.error.fields.format).toBe(
      'Foutief formaat',
    );
    expect((await t.api.exportCampParticipants({ campId: normalCampId, format: 'pdf', date: NOT_A_CAMP_DAY })).status).toBe(400);
    const anonymous = { token: null };
    expect((await t.api.exportCampParticipants({ campId: normalCampId, format: 'pdf' }, anonymous)).status).toBe(401);
    expect((await t.api.exportSubscriptions({ format: 'xlsx' }, anonymous)).status).toBe(401);
    expect((await t.api.exportMonitors({ format: 'csv' }, anonymous)).status).toBe(401);
  });

  it('refuses presence on a day that has not come in Belgium (FUTURE_ATTENDANCE), takes an absence ahead, and the attests count only days that have been', async () => {
    const campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: DAYS[0] }), activeDays: DAYS.join(',') });
    const lien = await createSubscription(t.db, {
      campId,
      childFirstname: 'Lien',
      childLastname: 'Toekomst',
      childBirthdate: '2022-01-01',
      paidAmountCents: 15000,
      paid: true,
    });
    const jonas = await createSubscription(t.db, { campId, childFirstname: 'Jonas', childLastname: 'Toekomst' });
    const before = await databaseDigest(t.db);
    const refused = await setAttendance(lien.subscriptionId, DAYS[2]!, true);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'FUTURE_ATTENDANCE',
      message: 'Aanwezig zetten kan pas vanaf de dag zelf: 09/07/2031 is nog niet gekomen.',
    });
    expect(await databaseDigest(t.db)).toEqual(before);
    // A parent who calls in sick: an absence may be registered ahead, and cleared.
    expect((await setAttendance(jonas.subscriptionId, DAYS[3]!, false)).status).toBe(200);
    expect((await setAttendance(lien.subscriptionId, DAYS[0]!, true)).status).toBe(200);
    expect((await setAttendance(lien.subscriptionId, DAYS[1]!, true)).status).toBe(200);
    // Presence registered ahead before this rule existed stays in the table, but no attest certifies it.
    await t.db.insert(attendance).values({ subscriptionId: lien.subscriptionId, day: DAYS[4]!, present: true });
    const attest = await pdfText((await download(`/api/getParticipationAttestPdf?subscriptionId=${lien.subscriptionId}`)).body);
    expect(attest).toContain('Aantal aanwezige dagen: 2');
    expect(attest).toContain('Aanwezig op: 07/07/2031, 08/07/2031\n');
    expect(attest).not.toContain('11/07/2031');
    await recogniseOrganiser(t);
    const fiscal = (await t.api.getFiscalAttests({ year: 2031 })).body.data as {
      CHILDREN: { SUBSCRIBER_ID: number; DAYS: number }[];
    };
    expect(fiscal.CHILDREN.find((c) => c.SUBSCRIBER_ID === lien.childId)?.DAYS).toBe(2);

    // 31 minutes later it is Wednesday in Brussels (still Tuesday in UTC): Lien can be present.
    clock.advance(31 * 60 * 1000);
    expect((await setAttendance(lien.subscriptionId, DAYS[2]!, true)).status).toBe(200);
    expect((await setAttendance(lien.subscriptionId, DAYS[3]!, true)).status).toBe(409);
  });

  it('the Logboek reads what these tests did in words staff understand (issue 39)', async () => {
    expect(await auditLogNotInWords(t)).toEqual([]);
  });
});
