import { PassThrough } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveSafetySheetPayload } from '@common/schemas/safety-sheet.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, monitorAssignments, safetySheets } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { familyWithChild } from '../helpers/family.js';
import { createCamp, createMonitor, createPeriod, createSubscription } from '../helpers/factory.js';
import { pdfText } from '../helpers/files.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { addUser, signIn } from '../helpers/users.js';

const DAY_MS = 24 * 3600_000;
const WEEK = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10'];

/** A sheet with an urgent food allergy, a medication at noon and someone who may not collect the child. */
export const urgentSheet = (childId: number): SaveSafetySheetPayload => ({
  CHILD_ID: childId,
  ALLERGIES: [{ KIND: 'food', WHAT: 'Pindanoten', ACTION: 'EpiPen in de rugzak, 112 bellen' }],
  DIET: null,
  CONDITIONS: [{ NAME: 'Astma', ACTION: 'Puffer geven, rustig laten zitten' }],
  MEDICATIONS: [{ NAME: 'Ventolin', DOSE: '2 pufjes', TIMES: ['12:00'], MONITORS_MAY_GIVE: true }],
  TETANUS_YEAR: 2022,
  CAN_SWIM: 'with-aid',
  DOCTOR_NAME: 'Dr. Janssens',
  DOCTOR_PHONE: '09 222 33 44',
  NOTES: 'Geheime-notitie-XQ7',
  EMERGENCY_CONTACTS: [{ NAME: 'Marc Claes', RELATION: 'Grootvader', PHONE: '0499 11 22 33' }],
  PICKUP_ALLOWED: [{ NAME: 'Oma Rita', RELATION: 'Grootmoeder', PHONE: '0498 55 66 77' }],
  PICKUP_REFUSED: [{ NAME: 'Tom Verbeke', RELATION: 'Vader' }],
  GOES_HOME_ALONE: false,
  PHOTO_CONSENT: 'group',
});

/**
 * The child's safety sheet (issue 35) through its calls: who may read it when (a monitor of that camp in its week,
 * staff with the right), every read audited, the warnings on the participant list and the day sheet, the medication
 * round, the family's own calls, the reminder, the retention with a controlled clock and the erasure.
 */
describe.each(backends)('safety sheets on %s', (backend) => {
  let t: TestApp;
  const clock = controlledClock(new Date('2026-06-20T08:00:00Z'));
  let campA: number;
  let campB: number;
  let inA: Awaited<ReturnType<typeof createSubscription>>;
  let inB: Awaited<ReturnType<typeof createSubscription>>;
  let monitorUser: number;
  let monitorToken: string;
  let medewerkerToken: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none', clock, env: { SESSION_TTL_HOURS: '720', SESSION_MAX_HOURS: '720' } });
    const period = await createPeriod(t.db, { startDate: WEEK[0] });
    [campA, campB] = [
      await createCamp(t.db, { periodId: period, activeDays: WEEK.join(',') }),
      await createCamp(t.db, { periodId: period, activeDays: WEEK.join(',') }),
    ];
    inA = await createSubscription(t.db, { campId: campA, childFirstname: 'Lotte', childLastname: 'Pieters' });
    inB = await createSubscription(t.db, { campId: campB, childFirstname: 'Mira', childLastname: 'Pieters' });
    const monitor = await createMonitor(t.db);
    await t.db.insert(monitorAssignments).values({ monitorId: monitor, campId: campA, head: true });
    monitorUser = await addUser(t.db, 'monitor.fiche@voorbeeld.be', 'monitor', monitor);
    monitorToken = await signIn(t, 'monitor.fiche@voorbeeld.be');
    await addUser(t.db, 'medewerker.fiche@voorbeeld.be', 'medewerker');
    medewerkerToken = await signIn(t, 'medewerker.fiche@voorbeeld.be');
    for (const s of [inA, inB]) {
      const saved = await t.api.saveSafetySheet(urgentSheet(s.childId));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  /** Moves the clock to 08:00 UTC of a day; the staff sign in again when their sessions lapsed meanwhile. */
  let signedInAt = clock.now().getTime();
  const at = async (day: string) => {
    clock.advance(new Date(`${day}T08:00:00Z`).getTime() - clock.now().getTime());
    if (Math.abs(clock.now().getTime() - signedInAt) < 20 * DAY_MS) return;
    signedInAt = clock.now().getTime();
    t.token = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    monitorToken = await signIn(t, 'monitor.fiche@voorbeeld.be');
    medewerkerToken = await signIn(t, 'medewerker.fiche@voorbeeld.be');
  };
  const readsBy = async (adminId: number, childId: number) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.adminId, adminId), eq(auditLog.entity, 'safetySheet'), eq(auditLog.entityId, childId)))
    ).length;

  it('lets a monitor read the sheets of their camp from the day before through its last day, and nothing else', async () => {
    await at('2026-07-04');
    const early = await t.api.getSafetySheet({ childId: inA.childId }, { token: monitorToken });
    expect([early.status, early.body.error.code]).toEqual([403, 'SAFETY_SHEET_FORBIDDEN']);
    expect(early.body.error.message).toBe('Je mag deze veiligheidsfiche niet inzien.');

    await at('2026-07-05');
    const before = await readsBy(monitorUser, inA.childId);
    const dayBefore = await t.api.getSafetySheet({ childId: inA.childId }, { token: monitorToken });
    expect(dayBefore.status).toBe(200);
    expect(dayBefore.body.data.SHEET?.MEDICATIONS[0]?.TIMES).toEqual(['12:00']);
    expect(dayBefore.body.data.WARNINGS[0]).toEqual({ LEVEL: 'urgent', TEXT: 'Allergie (voeding): Pindanoten' });
    // Every read is audited: who, whose, when; never what the sheet says.
    expect(await readsBy(monitorUser, inA.childId)).toBe(before + 1);
    await t.api.getSafetySheet({ childId: inA.childId }, { token: monitorToken });
    expect(await readsBy(monitorUser, inA.childId)).toBe(before + 2);

    // Another camp of the same week: no.
    const otherCamp = await t.api.getSafetySheet({ childId: inB.childId }, { token: monitorToken });
    expect([otherCamp.status, otherCamp.body.error.code]).toEqual([403, 'SAFETY_SHEET_FORBIDDEN']);
    expect(await readsBy(monitorUser, inB.childId)).toBe(0);

    await at('2026-07-10');
    expect((await t.api.getSafetySheet({ childId: inA.childId }, { token: monitorToken })).status).toBe(200);
    // The week after: no more.
    await at('2026-07-13');
    const after = await t.api.getSafetySheet({ childId: inA.childId }, { token: monitorToken });
    expect([after.status, after.body.error.code]).toEqual([403, 'SAFETY_SHEET_FORBIDDEN']);
  });

  it("gives a medewerker the sheets only with the organiser's right, a beheerder always", async () => {
    await at('2026-06-20');
    const refused = await t.api.getSafetySheet({ childId: inA.childId }, { token: medewerkerToken });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'SAFETY_SHEET_FORBIDDEN']);
    const list = await t.api.getCampParticipants({ campId: campA }, { token: medewerkerToken });
    expect(list.body.data[0]!.SAFETY_WARNINGS).toBeUndefined();
    expect((await t.api.saveSafetySheet(urgentSheet(inA.childId), { token: medewerkerToken })).status).toBe(403);
    // Of the rules a medewerker reads only whether they have the right: the desk shows 'Veiligheidsfiche' by it.
    const rules = async () => (await t.api.getSafetySheetSettings(undefined, { token: medewerkerToken })).body.data;
    expect(await rules()).toEqual({ MEDEWERKER_READS: false });

    expect((await t.api.getSafetySheet({ childId: inA.childId })).status).toBe(200);
    expect((await t.api.saveSafetySheetSettings({ MEDEWERKER_READS: true })).status).toBe(200);
    expect(await rules()).toEqual({ MEDEWERKER_READS: true });
    expect((await t.api.getSafetySheet({ childId: inA.childId }, { token: medewerkerToken })).status).toBe(200);
    const withRight = await t.api.getCampParticipants({ campId: campA }, { token: medewerkerToken });
    expect(withRight.body.data[0]!.SAFETY_WARNINGS?.[0]?.LEVEL).toBe('urgent');
    expect((await t.api.saveSafetySheetSettings({ MEDEWERKER_READS: false })).status).toBe(200);
  });

  it("shows the monitor's day list the warnings, pick-up and photo consent, the noon round, and prints them on the day sheet", async () => {
    await at('2026-07-08');
    const before = await readsBy(monitorUser, inA.childId);
    const list = await t.api.getCampParticipants({ campId: campA, date: '2026-07-08' }, { token: monitorToken });
    expect(list.status).toBe(200);
    const [child] = list.body.data;
    expect(child).toMatchObject({
      SAFETY_SHEET_STATUS: 'current',
      PICKUP_ALLOWED: [{ NAME: 'Oma Rita', RELATION: 'Grootmoeder', PHONE: '0498 55 66 77' }],
      PICKUP_REFUSED: [{ NAME: 'Tom Verbeke', RELATION: 'Vader' }],
      PHOTO_CONSENT: 'group',
    });
    expect(child!.SAFETY_WARNINGS!.map((w) => w.LEVEL)).toEqual(['urgent', 'urgent', 'attention', 'attention', 'info']);
    // The list carries warnings, never the whole sheet.
    expect(JSON.stringify(list.body)).not.toContain('Geheime-notitie-XQ7');
    expect(JSON.stringify(list.body)).not.toContain('EpiPen');
    expect(await readsBy(monitorUser, inA.childId)).toBe(before + 1);

    const round = await t.api.getMedicationRound({ campId: campA, date: '2026-07-08' }, { token: monitorToken });
    expect(round.body.data).toEqual([
      {
        TIME: '12:00',
        CHILD_ID: inA.childId,
        CHILD_NAME: 'Lotte Pieters',
        MEDICATION: 'Ventolin',
        DOSE: '2 pufjes',
        MONITORS_MAY_GIVE: true,
      },
    ]);
    expect(await readsBy(monitorUser, inA.childId)).toBe(before + 2);
    const otherRound = await t.api.getMedicationRound({ campId: campB, date: '2026-07-08' }, { token: monitorToken });
    expect(otherRound.status).toBe(403);

    const pdf = await t.api.exportCampParticipants({ campId: campA, format: 'pdf', date: '2026-07-08' }, { token: monitorToken });
    expect(pdf.status).toBe(200);
    // Cells wrap their lines: read the page as one line of words.
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    // A cell's wrapped lines interleave with the next column's: the level and the allergy, each as printed.
    expect(text).toContain('DRINGEND: Allergie (voeding):');
    expect(text).toContain('Pindanoten');
    expect(text).toContain('Medicatieronde');
    expect(text).toContain('12:00 Lotte Pieters Ventolin 2 pufjes ja');
    expect(text).toContain('Oma Rita');
    expect(text).toContain('Tom Verbeke');

    // The week after, the list is the monitor's no more (their camps end with the camp).
    await at('2026-07-13');
    expect((await t.api.getCampParticipants({ campId: campA }, { token: monitorToken })).status).toBe(403);
  });

  it('lets the organiser tune the level of a question', async () => {
    await at('2026-06-20');
    expect((await t.api.saveSafetySheetSettings({ LEVELS: { condition: 'info' } })).status).toBe(200);
    const sheet = await t.api.getSafetySheet({ childId: inA.childId });
    expect(sheet.body.data.WARNINGS).toContainEqual({ LEVEL: 'info', TEXT: 'Astma' });
    expect((await t.api.saveSafetySheetSettings({ LEVELS: {} })).status).toBe(200);
    expect((await t.api.getSafetySheet({ childId: inA.childId })).body.data.WARNINGS).toContainEqual({ LEVEL: 'urgent', TEXT: 'Astma' });
    const byMonitor = await t.api.saveSafetySheetSettings({ LEVELS: {} }, { token: monitorToken });
    expect(byMonitor.status).toBe(403);
  });

  it('wants an emergency contact other than the parent of the booking', async () => {
    const onlyParent = {
      ...urgentSheet(inA.childId),
      EMERGENCY_CONTACTS: [{ NAME: 'Sofie', RELATION: 'Moeder', PHONE: '+32 475 12 34 56' }],
    };
    const refused = await t.api.saveSafetySheet(onlyParent);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      EMERGENCY_CONTACTS: 'Geef minstens één noodcontact dat niet de ouder van de inschrijving is.',
    });
    const none = await t.api.saveSafetySheet({ ...urgentSheet(inA.childId), EMERGENCY_CONTACTS: [] });
    expect(none.body.error.fields).toEqual({ EMERGENCY_CONTACTS: 'Veld verplicht' });
  });

  it("lets a family fill in and read its own child's sheet, keeps the photo consent's date, and finds no other family's", async () => {
    await at('2026-06-20');
    const { token, childId } = await familyWithChild(t, { firstname: 'Noor', birthdate: '2017-05-04' });
    expect((await t.api.getFamilySafetySheet({ CHILD_ID: childId }, { token })).body.data).toMatchObject({ SHEET: null, WARNINGS: [] });
    // 'Mijn inschrijvingen' tells per child whether its sheet is filled in, from getFamily.
    const sheetSaved = async () => (await t.api.getFamily(undefined, { token })).body.data.CHILDREN[0]!.SAFETY_SHEET_UPDATED_AT;
    expect(await sheetSaved()).toBeNull();
    const saved = await t.api.saveFamilySafetySheet({ ...urgentSheet(childId), KEEP_IN_ACCOUNT: true }, { token });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ UPDATED_BY: 'family', KEEP_IN_ACCOUNT: true, PHOTO_CONSENT_DATE: '2026-06-20' });
    await at('2026-06-25');
    const again = await t.api.saveFamilySafetySheet({ ...urgentSheet(childId), KEEP_IN_ACCOUNT: true }, { token });
    expect(again.body.data.PHOTO_CONSENT_DATE).toBe('2026-06-20');
    const changed = await t.api.saveFamilySafetySheet({ ...urgentSheet(childId), PHOTO_CONSENT: 'none', KEEP_IN_ACCOUNT: true }, { token });
    expect(changed.body.data.PHOTO_CONSENT_DATE).toBe('2026-06-25');
    expect(await sheetSaved()).toMatch(/^2026-06-25T/);

    const other = await t.api.getFamilySafetySheet({ CHILD_ID: inA.childId }, { token });
    expect(other.status).toBe(404);
    expect((await t.api.saveFamilySafetySheet(urgentSheet(inA.childId), { token })).status).toBe(404);
    // A staff token does not reach the family's calls, nor a family's token the staff's.
    expect((await t.api.getFamilySafetySheet({ CHILD_ID: childId })).status).toBe(401);
    expect((await t.api.getSafetySheet({ childId }, { token })).status).toBe(401);
  });

  it('erases a sheet 30 days after the end of the child’s last camp, unless the family keeps it in its account', async () => {
    await at('2026-06-20');
    const { token: kept, childId: keptChild } = await familyWithChild(t, { firstname: 'Bewaar', birthdate: '2017-05-04' });
    expect((await t.api.saveFamilySafetySheet({ ...urgentSheet(keptChild), KEEP_IN_ACCOUNT: true }, { token: kept })).status).toBe(200);
    const stored = async (childId: number) => (await t.db.select().from(safetySheets).where(eq(safetySheets.childId, childId))).length;

    // Camp A ends on 10 July: kept through 9 August, erased on 10 August.
    await at('2026-08-09');
    await t.app.safetySheetRetention.runOnce();
    expect(await stored(inA.childId)).toBe(1);
    await at('2026-08-10');
    expect(await t.app.safetySheetRetention.runOnce()).toBeGreaterThanOrEqual(2);
    expect(await stored(inA.childId)).toBe(0);
    expect(await stored(inB.childId)).toBe(0);
    expect(await stored(keptChild)).toBe(1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'eraseExpiredSafetySheets'));
    expect(entry?.after).toMatchObject({ COUNT: expect.any(Number) });

    // A camp booked later keeps the sheet until 30 days after that camp.
    await at('2026-06-20');
    const later = await createSubscription(t.db, {
      campId: await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-08-17' }) }),
    });
    expect((await t.api.saveSafetySheet(urgentSheet(later.childId))).status).toBe(200);
    await at('2026-08-20');
    await t.app.safetySheetRetention.runOnce();
    expect(await stored(later.childId)).toBe(1);

    // The family's erasure takes its sheets with it.
    const family = await queryRows<{ parent_id: number }>(t.db, sql`select parent_id from children where id = ${keptChild}`);
    const erased = await t.api.eraseFamily({ parentId: family[0]!.parent_id });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await stored(keptChild)).toBe(0);
  });
});

/**
 * A sheet's content stays where the policy shows it (issue 35, GDPR art. 9): the reminder mail reaches the family
 * through a real SMTP server and names the child, never what a sheet says; the overview, the detail, the spreadsheets,
 * the week list, every mail and the audit log hold none of it, nor the server's log at trace level.
 */
describe.each(backends)('a safety sheet stays out of lists, exports, mails and logs on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let log = '';
  const MARKERS = ['Pindanoten', 'EpiPen', 'Geheime-notitie-XQ7', 'Ventolin', 'Oma Rita', 'Tom Verbeke', 'Marc Claes', 'Dr. Janssens'];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    t = await startTestApp(backend, { seed: 'none', env: { SMTP_URL: smtp.url }, log: { level: 'trace', stream } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a reminder to the families whose sheet is missing or outdated, and leaks a sheet nowhere', async () => {
    // A camp of this year: a sheet saved this year is current, one of last year outdated.
    const year = new Date().getFullYear() - 1;
    const campId = await createCamp(t.db, {
      periodId: await createPeriod(t.db, { startDate: `${year + 1}-07-06` }),
      activeDays: `${year + 1}-07-06,${year + 1}-07-07`,
    });
    const filled = await createSubscription(t.db, { campId, childFirstname: 'Fien', parentEmail: 'fien.ouder@voorbeeld.be' });
    await createSubscription(t.db, { campId, childFirstname: 'Jules', parentEmail: 'jules.ouder@voorbeeld.be' });
    const outdated = await createSubscription(t.db, { campId, childFirstname: 'Ada', parentEmail: 'ada.ouder@voorbeeld.be' });
    for (const s of [filled, outdated]) expect((await t.api.saveSafetySheet(urgentSheet(s.childId))).status).toBe(200);
    await t.db
      .update(safetySheets)
      .set({ updatedAt: new Date(`${year - 1}-08-01T10:00:00Z`) })
      .where(eq(safetySheets.childId, outdated.childId));

    expect((await t.api.getSafetySheetCounts({ campId })).body.data).toEqual({ CAMP_ID: campId, CHILDREN: 3, MISSING: 1, OUTDATED: 1 });
    const reminded = await t.api.remindSafetySheets({ campId });
    expect(reminded.body.data).toEqual({ MAILS: 2 });
    await expect
      .poll(() => smtp.received.filter((m) => m.subject === 'Vul de veiligheidsfiche in voor het kamp').length, { timeout: 10_000 })
      .toBe(2);
    const mails = smtp.received.filter((m) => m.subject === 'Vul de veiligheidsfiche in voor het kamp');
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual(['ada.ouder@voorbeeld.be', 'jules.ouder@voorbeeld.be']);
    expect(mails.find((m) => m.envelopeTo[0] === 'jules.ouder@voorbeeld.be')!.text).toContain('Jules komt naar');
    expect(mails[0]!.text).toContain('/inschrijven/#gezin');

    // What staff and monitors may take away or be sent: none of it carries a sheet.
    const seen: string[] = [];
    const read = async (name: string, call: Promise<{ status: number; bytes: Buffer }>) => {
      const answer = await call;
      expect(answer.status, name).toBe(200);
      seen.push(answer.bytes.toString('latin1'), answer.bytes.toString());
    };
    await read('getSubscriptions', t.api.getSubscriptions({ campYear: year + 1 }));
    await read('searchSubscriptions', t.api.searchSubscriptions({ campYear: year + 1, q: 'Fien' }));
    await read('getSubscriptionFullDetail', t.api.getSubscriptionFullDetail({ id: filled.subscriptionId }));
    await read('exportSubscriptions', t.api.exportSubscriptions({ campYear: year + 1, format: 'csv' }));
    await read('exportCampParticipants', t.api.exportCampParticipants({ campId, format: 'csv' }));
    await read('exportCampParticipants of a day', t.api.exportCampParticipants({ campId, format: 'csv', date: `${year + 1}-07-06` }));
    const week = await t.api.exportCampParticipants({ campId, format: 'pdf' });
    seen.push(await pdfText(week.bytes));
    const stored = await queryRows<{ text: string }>(
      t.db,
      sql`select coalesce(string_agg(subject || ' ' || body, ' '), '') as text from mail_outbox
          union all select coalesce(string_agg(coalesce(before::text, '') || coalesce(after::text, ''), ' '), '') from audit_log`,
    );
    seen.push(...stored.map((r) => r.text), ...smtp.received.map((m) => m.raw.toString('utf8')), log);
    const everything = seen.join('\n');
    expect(everything).toContain('Fien');
    for (const marker of MARKERS) expect(everything, marker).not.toContain(marker);
  });
});
