import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_BOY } from '@common/constants.js';
import { familyAttestMessages } from '@common/family-attests.js';
import { formatNationalNumber } from '@common/identity-numbers.js';
import { auditLog, children, fiscalAttests, mailOutbox, waitingEntries } from '../../server/src/db/schema.js';
import { startTestApp, type InputOf, type TestApp } from '../helpers/api.js';
import { markAttendance, recogniseOrganiser } from '../helpers/attests.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { knownFamily } from '../helpers/family.js';
import { createCamp, createPeriod, createSubscription, type CreatedSubscription } from '../helpers/factory.js';
import { pdfText } from '../helpers/files.js';

const YEAR = 2025;
const WEEK = ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11'];

/**
 * The family's own page on the public site (issue 34): the attests it downloads itself (only its own, only when staff
 * would hand them out, the same PDFs), the copy of all its data (exportMyData: its own, nothing of another family,
 * audited and limited), and a booked child's birth date and national number that only staff change.
 */
describe.each(backends)("the family's page on %s", (backend) => {
  let t: TestApp;
  // After the 2025 camp, before the 2026 one.
  const clock = controlledClock(new Date('2026-02-02T10:00:00Z'));
  /** Family A: Lotte's paid, attended 2025 camp; Mats's partly paid one; Lotte's 2026 camp, not yet held. */
  let paid: CreatedSubscription;
  let partly: CreatedSubscription;
  let coming: CreatedSubscription;
  /** Family B: Wout's paid, attended 2025 camp. */
  let other: CreatedSubscription;
  let tokenA: string;
  let tokenB: string;
  const emailA = 'an.aerts@thuis.be';

  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none', clock });
    const campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: WEEK[0] }), activeDays: WEEK.join(',') });
    const comingCamp = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-07-06' }) });
    paid = await createSubscription(t.db, {
      campId,
      priceCents: 10_000,
      paidAmountCents: 10_000,
      paid: true,
      childFirstname: 'Lotte',
      childLastname: 'Aerts',
      parentEmail: emailA,
    });
    partly = await createSubscription(t.db, {
      campId,
      priceCents: 10_000,
      paidAmountCents: 4000,
      childFirstname: 'Mats',
      childLastname: 'Aerts',
    });
    coming = await createSubscription(t.db, { campId: comingCamp, priceCents: 10_000, paidAmountCents: 10_000, paid: true });
    // Mats and the 2026 booking belong to family A: the same parent, Lotte's own booking for 2026.
    await t.db.update(children).set({ parentId: paid.parentId }).where(eq(children.id, partly.childId));
    await t.db.execute(sql`update subscriptions set child_id = ${paid.childId} where id = ${coming.subscriptionId}`);
    other = await createSubscription(t.db, {
      campId,
      priceCents: 10_000,
      paidAmountCents: 10_000,
      paid: true,
      childFirstname: 'Wout',
      childLastname: 'Vermeulen',
      parentEmail: 'wout.vermeulen@elders.be',
    });
    await markAttendance(t, paid.subscriptionId, WEEK);
    await markAttendance(t, partly.subscriptionId, WEEK);
    await markAttendance(t, other.subscriptionId, WEEK);
    tokenA = await knownFamily(t, paid.parentId, emailA);
    tokenB = await knownFamily(t, other.parentId, 'wout.vermeulen@elders.be');
  });
  afterAll(async () => t?.close());

  const attest = (token: string, query: InputOf<'getAttestPdf'>) => t.api.getAttestPdf(query, { token });

  it("downloads a participation attest only of its own bookings that are over, attended and paid: the staff's PDF", async () => {
    const mine = (await t.api.getMyBookings(undefined, { token: tokenA })).body.data;
    const offered = Object.fromEntries(mine.BOOKINGS.map((b) => [b.SUBSCRIPTION_ID, b.PARTICIPATION_ATTEST]));
    expect(offered).toEqual({ [paid.subscriptionId]: true, [partly.subscriptionId]: false, [coming.subscriptionId]: false });

    const pdf = await attest(tokenA, { kind: 'participation', subscriptionId: paid.subscriptionId });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Lotte');
    expect(text).toContain('€ 100,00');
    expect(text).toBe(await pdfText((await t.api.getParticipationAttestPdf({ subscriptionId: paid.subscriptionId })).bytes));

    const notPaid = await attest(tokenA, { kind: 'participation', subscriptionId: partly.subscriptionId });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.error).toEqual({ code: 'ATTEST_NOT_READY', message: familyAttestMessages.notPaid });
    const notOver = await attest(tokenA, { kind: 'participation', subscriptionId: coming.subscriptionId });
    expect(notOver.body.error).toEqual({ code: 'ATTEST_NOT_READY', message: familyAttestMessages.campNotOver });
    // Another family's booking is not found, though its attest exists.
    expect((await attest(tokenA, { kind: 'participation', subscriptionId: other.subscriptionId })).status).toBe(404);
    expect((await attest(tokenB, { kind: 'participation', subscriptionId: other.subscriptionId })).status).toBe(200);
    const missing = await attest(tokenA, { kind: 'participation' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ subscriptionId: expect.any(String) });
  });

  it('downloads a fiscal attest 281.86 of its own child once staff made it, never numbering one itself', async () => {
    const fiscal = (token: string, childId: number) => attest(token, { kind: 'fiscal', childId, year: YEAR });
    // Not recognised: no fiscal attest at all.
    expect((await fiscal(tokenA, paid.childId)).body.error).toEqual({
      code: 'ATTEST_NOT_READY',
      message: familyAttestMessages.fiscalNotMade(YEAR),
    });
    await recogniseOrganiser(t);
    // Recognised, but staff have not made the year's attests: the family's call gives none, and numbers none.
    expect((await fiscal(tokenA, paid.childId)).status).toBe(409);
    expect((await t.api.getMyBookings(undefined, { token: tokenA })).body.data.FISCAL_ATTESTS).toEqual([]);
    expect(await t.db.select().from(fiscalAttests)).toEqual([]);

    // Staff open Attesten for 2025: the attests get their numbers.
    expect((await t.api.getFiscalAttests({ year: YEAR })).status).toBe(200);
    expect((await t.api.getMyBookings(undefined, { token: tokenA })).body.data.FISCAL_ATTESTS).toEqual([
      { YEAR, CHILD_ID: paid.childId, SUBSCRIBER_FIRSTNAME: 'Lotte' },
    ]);
    const pdf = await fiscal(tokenA, paid.childId);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('281.86');
    expect(text).toBe(await pdfText((await t.api.getFiscalAttestPdf({ subscriberId: paid.childId, year: YEAR })).bytes));
    // Mats's camp is not paid in full: the rules staff apply give him none.
    expect((await fiscal(tokenA, partly.childId)).status).toBe(409);
    // Another family's child: not found for family A, its own for family B.
    expect((await fiscal(tokenA, other.childId)).status).toBe(404);
    expect((await fiscal(tokenB, other.childId)).status).toBe(200);
  });

  it("hands the family a copy of all its data, its children's national numbers in it, nothing of another family", async () => {
    await t.db.insert(waitingEntries).values({
      campId: coming.campId,
      childId: partly.childId,
      parentId: paid.parentId,
      groupId: 1,
      position: 1,
      createdAt: new Date(),
    });
    // The children's safety sheets (issue 35): Lotte's as the family gave it, Wout's (family B) kept out.
    const sheet = (childId: number, allergy: string) => ({
      CHILD_ID: childId,
      ALLERGIES: [{ KIND: 'food' as const, WHAT: allergy, ACTION: 'EpiPen geven' }],
      MEDICATIONS: [{ NAME: 'Ventolin', DOSE: '2 pufjes', TIMES: ['12:00'], MONITORS_MAY_GIVE: true }],
      CAN_SWIM: 'yes' as const,
      EMERGENCY_CONTACTS: [{ NAME: 'Marc Aerts', RELATION: 'Grootvader', PHONE: '0499 11 22 33' }],
      GOES_HOME_ALONE: false,
      PHOTO_CONSENT: 'group' as const,
      KEEP_IN_ACCOUNT: true,
    });
    expect((await t.api.saveFamilySafetySheet(sheet(paid.childId, 'Pindanoten'), { token: tokenA })).status).toBe(200);
    expect((await t.api.saveFamilySafetySheet(sheet(other.childId, 'Kiwi-van-B'), { token: tokenB })).status).toBe(200);
    const answer = await t.api.exportMyData(undefined, { token: tokenA });
    const file = answer.bytes.toString();
    expect(answer.status, file.slice(0, 300)).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="mijn-gegevens-2026-02-02.json"');
    const data = JSON.parse(file);
    expect(data.parent).toMatchObject({ id: paid.parentId, email: emailA });
    expect(data.familyAccount).toMatchObject({ email: emailA });
    const kids = await t.db.select().from(children).where(eq(children.parentId, paid.parentId));
    expect(data.children.map((c: { id: number; nationalnr: string }) => [c.id, c.nationalnr]).sort()).toEqual(
      kids.map((c) => [c.id, c.nationalnr]).sort(),
    );
    expect(data.children.flatMap((c: { subscriptions: { id: number }[] }) => c.subscriptions.map((s) => s.id)).sort()).toEqual(
      [paid.subscriptionId, partly.subscriptionId, coming.subscriptionId].sort(),
    );
    const lotte = data.children.find((c: { id: number }) => c.id === paid.childId);
    expect(lotte.subscriptions.find((s: { id: number }) => s.id === paid.subscriptionId).attendance).toHaveLength(5);
    expect(lotte.safetySheet).toMatchObject({
      keepInAccount: true,
      updatedBy: 'family',
      sheet: { ALLERGIES: [{ KIND: 'food', WHAT: 'Pindanoten', ACTION: 'EpiPen geven' }], PHOTO_CONSENT: 'group' },
    });
    expect(data.children.find((c: { id: number }) => c.id === partly.childId).safetySheet).toBeNull();
    // Who saved the sheet and when is in the log the family gets; what it says is not.
    expect(data.auditEntries).toContainEqual(
      expect.objectContaining({ action: 'saveFamilySafetySheet', entity: 'safetySheet', entityId: paid.childId }),
    );
    expect(data.waitingList).toMatchObject([{ childId: partly.childId, campId: coming.campId, state: 'waiting' }]);
    expect(data.fiscalAttests).toMatchObject([{ year: YEAR, childId: paid.childId }]);
    // No password hash, and nothing of family B: not its address, child, national numbers or references.
    expect(file).not.toMatch(/password|scrypt/i);
    const [b] = await t.db.select().from(children).where(eq(children.id, other.childId));
    for (const text of ['wout.vermeulen@elders.be', 'Wout', other.reference, b!.nationalnr!, 'Kiwi-van-B'])
      expect(file).not.toContain(text);

    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exportMyData'), eq(auditLog.entityId, paid.parentId)));
    expect(audited).toMatchObject([{ adminId: null, entity: 'parent' }]);
    // A few copies an hour; another family's copies are its own.
    const exportOf = (token: string) => t.api.exportMyData(undefined, { token });
    for (let i = 0; i < 4; i++) expect((await exportOf(tokenA)).status).toBe(200);
    const limited = await exportOf(tokenA);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await exportOf(tokenB)).status).toBe(200);
  });

  it("refuses a booked child's new birth date or national number with CHILD_DATA_LOCKED, changing nothing, and mails staff the request", async () => {
    const family = (await t.api.getFamily(undefined, { token: tokenA })).body.data;
    expect(family.CHILDREN.map((c) => [c.CHILD_ID, c.SUBSCRIBER_DATA_LOCKED]).sort()).toEqual(
      [
        [paid.childId, true],
        [partly.childId, true],
      ].sort(),
    );
    const [lotte] = await t.db.select().from(children).where(eq(children.id, paid.childId));
    const save = (changes: Record<string, unknown>) =>
      t.api.saveChild(
        {
          CHILD_ID: paid.childId,
          SUBSCRIBER_FIRSTNAME: 'Lotte',
          SUBSCRIBER_LASTNAME: 'Aerts',
          SUBSCRIBER_GENDER_ID: lotte!.genderId,
          SUBSCRIBER_BIRTHDATE: lotte!.birthdate,
          ...changes,
        },
        { token: tokenA },
      );
    for (const changes of [
      { SUBSCRIBER_BIRTHDATE: '2016-05-05' },
      { SUBSCRIBER_NATIONALNR: formatNationalNumber(lotte!.birthdate, 998) },
      { SUBSCRIBER_FIRSTNAME: 'Lotje', SUBSCRIBER_BIRTHDATE: '2016-05-05' },
    ]) {
      const digest = await databaseDigest(t.db);
      const refused = await save(changes);
      expect(refused.status, JSON.stringify(changes)).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'CHILD_DATA_LOCKED',
        message: expect.stringContaining('Vraag het secretariaat om dit te wijzigen.'),
      });
      expect(await databaseDigest(t.db), JSON.stringify(changes)).toEqual(digest);
    }
    // The other fields stay the family's (the page sends no national number), and the same number written otherwise changes nothing.
    const renamed = await save({ SUBSCRIBER_FIRSTNAME: 'Lotje' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const sameNumber = await save({ SUBSCRIBER_FIRSTNAME: 'Lotje', SUBSCRIBER_NATIONALNR: lotte!.nationalnr!.replace(/\D/g, '') });
    expect(sameNumber.status, JSON.stringify(sameNumber.body)).toBe(200);
    expect((await t.db.select().from(children).where(eq(children.id, paid.childId)))[0]).toMatchObject({
      firstname: 'Lotje',
      birthdate: lotte!.birthdate,
      nationalnr: lotte!.nationalnr,
    });
    // A child without a booking: the family changes it itself.
    const added = await t.api.saveChild(
      { SUBSCRIBER_FIRSTNAME: 'Kobe', SUBSCRIBER_LASTNAME: 'Aerts', SUBSCRIBER_GENDER_ID: GENDER_BOY, SUBSCRIBER_BIRTHDATE: '2019-01-02' },
      { token: tokenA },
    );
    const kobe = added.body.data.CHILD_ID;
    expect((await t.api.getFamily(undefined, { token: tokenA })).body.data.CHILDREN.find((c) => c.CHILD_ID === kobe)).toMatchObject({
      SUBSCRIBER_DATA_LOCKED: false,
    });
    const changed = await t.api.saveChild(
      {
        CHILD_ID: kobe,
        SUBSCRIBER_FIRSTNAME: 'Kobe',
        SUBSCRIBER_LASTNAME: 'Aerts',
        SUBSCRIBER_GENDER_ID: GENDER_BOY,
        SUBSCRIBER_BIRTHDATE: '2019-01-03',
      },
      { token: tokenA },
    );
    expect(changed.status).toBe(200);

    // The request to staff: a mail to the organiser's own address, in the mail log of the child's last booking.
    const message = 'Lotte is geboren op 5 mei 2016, niet op 4 mei.';
    const asked = await t.api.requestChildCorrection({ CHILD_ID: paid.childId, MESSAGE: message }, { token: tokenA });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.templateId, 'correctie-gevraagd'));
    expect(mail).toMatchObject({
      recipient: 'no-reply@kampbeheer.local',
      subscriptionId: Math.max(paid.subscriptionId, coming.subscriptionId),
    });
    expect(mail!.body).toContain(message);
    expect(mail!.body).toContain(emailA);
    expect(mail!.subject).toBe('Vraag om correctie van de gegevens van Lotje Aerts');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'requestChildCorrection'));
    expect(audit).toMatchObject({ adminId: null, entity: 'parent', entityId: paid.parentId });
    expect((await t.api.requestChildCorrection({ CHILD_ID: kobe, MESSAGE: message }, { token: tokenA })).status).toBe(409);
    expect((await t.api.requestChildCorrection({ CHILD_ID: other.childId, MESSAGE: message }, { token: tokenA })).status).toBe(404);
    for (let i = 0; i < 4; i++)
      expect((await t.api.requestChildCorrection({ CHILD_ID: paid.childId, MESSAGE: message }, { token: tokenA })).status).toBe(200);
    const limited = await t.api.requestChildCorrection({ CHILD_ID: paid.childId, MESSAGE: message }, { token: tokenA });
    expect(limited.status).toBe(429);
  });
});
