import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnonymiseYearsResult } from '@common/schemas/privacy.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, children, parents, subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createCamp, createPeriod, createSubscription, parentPayload } from '../helpers/factory.js';
import { pdfText, pdfTextOffPage } from '../helpers/files.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';

/** The server's clock stands in June 2030: with the default 7 years kept, camp years 2021 and 2022 are old. */
const NOW = new Date('2030-06-01T10:00:00Z');

describe.each(backends)('Gegevensbeheer on %s', (backend) => {
  let t: TestApp;
  const campIn = async (year: number) => createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: `${year}-07-06` }) });
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 20, clock: controlledClock(NOW) });
  });
  afterAll(async () => t?.close());

  const anonymise = (olderThanYears: number, dryRun: boolean) => t.api.anonymiseYears({ olderThanYears, dryRun });

  /** Per camp year: subscriptions, prices, paid amounts, discounts and attendance, what statistics read. */
  const totals = () =>
    queryRows(
      t.db,
      sql`select extract(year from p.start_date)::int as year, count(*)::int as n, sum(s.camp_price_cents)::int as price,
            sum(s.paid_amount_cents)::int as paid,
            sum((select coalesce(sum(d.amount_cents), 0) from subscription_discounts d where d.subscription_id = s.id))::int as discounts,
            sum((select count(*) from attendance a where a.subscription_id = s.id))::int as days, count(distinct s.camp_id)::int as camps
          from subscriptions s join camps k on k.id = s.camp_id join periods p on p.id = k.period_id group by 1 order by 1`,
    );
  /** The personal columns of the old years' families, as one digest per column set. */
  const oldFamilies = () =>
    queryRows<{ child: string; parent: string; subscription: string }>(
      t.db,
      sql`select distinct concat_ws('|', c.firstname, c.lastname, c.nationalnr, to_char(c.birthdate, 'MM-DD')) as child,
            concat_ws('|', pa.firstname, pa.lastname, pa.street, pa.housenr, pa.postalcode, pa.city, pa.phone, pa.phone2, pa.email, pa.nationalnr) as parent,
            concat_ws('|', s.remark, s.paid_account_nr) as subscription
          from subscriptions s join camps k on k.id = s.camp_id join periods p on p.id = k.period_id
          join children c on c.id = s.child_id join parents pa on pa.id = c.parent_id where p.start_date < '2023-01-01'`,
    );

  it('a dry run counts the old years and changes nothing; fewer years than the retention are refused', async () => {
    const refused = await anonymise(3, true);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({ olderThanYears: 'Minstens 7 jaar bewaren (fiscale bewaartermijn).' });

    const old = await t.api.getSubscriptions({ campYear: 2021 });
    expect(old.status).toBe(200);
    const before = await databaseDigest(t.db);
    const dry = await anonymise(7, true);
    expect(dry.status).toBe(200);
    const result = dry.body.data as AnonymiseYearsResult;
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from subscriptions s join camps k on k.id = s.camp_id join periods p on p.id = k.period_id where p.start_date < '2023-01-01'`,
    );
    expect(n).toBeGreaterThan(0);
    expect(result).toMatchObject({ dryRun: true, olderThanYears: 7, keptFromCampYear: 2023, campYears: [2021, 2022], subscriptions: n });
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('anonymises the old years: totals stay, no personal data is left anywhere, a family that still comes keeps its own', async () => {
    // A pure old family with a change, a mail and a payment; and a family with a child in 2021 and in 2029.
    const gone = await createSubscription(t.db, { campId: await campIn(2021), remark: 'Allergisch voor kiwi sinds 2021' });
    expect((await t.api.updateSubscriberParent(parentPayload(gone.parentId))).status).toBe(200);
    expect((await t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: gone.subscriptionId })).status).toBe(200);
    expect((await t.api.paymentComplete({ SUBSCRIPTION_ID: gone.subscriptionId })).status).toBe(200);
    const stays = await createSubscription(t.db, { campId: await campIn(2029), childFirstname: 'Jonas', childLastname: 'Blijftbestaan' });
    const earlier = await createSubscription(t.db, { campId: await campIn(2022) });
    await t.db.update(subscriptions).set({ childId: stays.childId }).where(eq(subscriptions.id, earlier.subscriptionId));
    await t.db.delete(children).where(eq(children.id, earlier.childId));
    await t.db.delete(parents).where(eq(parents.id, earlier.parentId));

    const oldPersonal = (await oldFamilies()).flatMap((f) => [...f.parent.split('|'), ...f.child.split('|'), ...f.subscription.split('|')]);
    const keptPersonal = await queryRows<{ v: string }>(
      t.db,
      sql`select unnest(array[pa.email, pa.nationalnr, c.nationalnr, pa.phone, pa.lastname, c.lastname, c.firstname, pa.firstname, pa.street, pa.city, s.remark]) as v
          from subscriptions s join camps k on k.id = s.camp_id join periods p on p.id = k.period_id
          join children c on c.id = s.child_id join parents pa on pa.id = c.parent_id where p.start_date >= '2023-01-01'
          union all select unnest(array[firstname, lastname, email, phone, street, city, nationalnr]) from monitors`,
    );
    // Values only the old families hold (the demo's names repeat, national numbers and addresses rarely do).
    const kept = new Set(keptPersonal.map((r) => r.v));
    const secrets = [...new Set(oldPersonal)].filter((v) => v.length >= 6 && !kept.has(v) && !['Geanonimiseerd', 'België'].includes(v));
    expect(secrets).toContain('annelies.desmet@voorbeeld.be');
    expect(secrets).toContain('Allergisch voor kiwi sinds 2021');

    const totalsBefore = await totals();
    const run = await anonymise(7, false);
    expect(run.status).toBe(200);
    const result = run.body.data as AnonymiseYearsResult;
    expect(result.subscriptions).toBeGreaterThan(2);
    expect(result.mails).toBeGreaterThanOrEqual(1);
    expect(result.auditEntries).toBeGreaterThanOrEqual(2);
    expect(await totals()).toEqual(totalsBefore);

    // The personal columns of every old subscription hold only the placeholder.
    const families = await oldFamilies();
    expect(new Set(families.map((f) => f.child.replace(/\|01-01$/, '')))).toEqual(new Set(['Geanonimiseerd|']));
    expect(new Set(families.map((f) => f.parent))).toEqual(new Set(['Geanonimiseerd||||||||']));
    expect(new Set(families.map((f) => f.subscription))).toEqual(new Set(['']));
    // And none of their values is left in any table: rows, mails, payments, audit snapshots.
    const tables = await queryRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await queryRows<{ row: string }>(t.db, sql.raw(`select t::text as row from "${table_name}" t`));
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(secrets.filter((secret) => dump.includes(secret))).toEqual([]);

    // The family that still comes keeps its names; its 2022 subscription moved to an anonymous copy.
    const [jonas] = await t.db.select().from(children).where(eq(children.id, stays.childId));
    expect(jonas!.firstname).toBe('Jonas');
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.id, stays.subscriptionId)))[0]!.childId).toBe(stays.childId);
    const [moved] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, earlier.subscriptionId));
    const [copy] = await t.db.select().from(children).where(eq(children.id, moved!.childId));
    expect(copy).toMatchObject({ firstname: 'Geanonimiseerd', lastname: '', nationalnr: null, birthdate: '2016-01-01' });
    expect(copy!.parentId).not.toBe(stays.parentId);

    // The run is audited by counts only; a second dry run finds nothing left.
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'anonymiseYears'));
    expect(entry!.after).toMatchObject({ subscriptions: result.subscriptions, campYears: [2021, 2022] });
    expect(JSON.stringify(entry!.after)).not.toMatch(/@|Geanonimiseerd/);
    expect((await anonymise(7, true)).body.data).toMatchObject({ subscriptions: 0, children: 0, parents: 0, auditEntries: 0 });
  });

  it('exports everything about one family as JSON and as a readable PDF', async () => {
    const s = await createSubscription(t.db, { campId: await campIn(2029), childFirstname: 'Fien' });
    expect((await t.api.updateSubscriberParent(parentPayload(s.parentId))).status).toBe(200);
    expect(
      (
        await t.api.addDiscount({
          subscriptionId: s.subscriptionId,
          discountAmount: '10',
          discountRemark: 'Vrijetijdspas',
        })
      ).status,
    ).toBe(200);
    expect((await t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    expect((await t.api.paymentComplete({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);

    const json = await t.api.exportFamilyData({ parentId: s.parentId });
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.headers['content-disposition']).toBe(`attachment; filename="gegevens-ouder-${s.parentId}-2030-06-01.json"`);
    const data = JSON.parse(json.bytes.toString());
    const [parentRow] = await t.db.select().from(parents).where(eq(parents.id, s.parentId));
    expect(data.parent).toEqual(parentRow);
    expect(data.children).toHaveLength(1);
    expect(data.children[0]).toMatchObject({ firstname: 'Fien', nationalnr: expect.any(String) });
    const [subscription] = data.children[0].subscriptions;
    expect(subscription).toMatchObject({
      id: s.subscriptionId,
      reference: s.reference,
      paidAmountCents: 14000,
      camp: { startDate: '2029-07-06' },
    });
    expect(subscription.discounts).toMatchObject([{ amountCents: 1000, remark: 'Vrijetijdspas' }]);
    expect(subscription.payments).toMatchObject([{ source: 'paymentComplete', amountCents: 14000 }]);
    expect(data.mails.length).toBeGreaterThanOrEqual(1);
    expect(data.mails).toContainEqual(
      expect.objectContaining({ subscriptionId: s.subscriptionId, recipient: 'annelies.desmet@voorbeeld.be' }),
    );
    expect(data.auditEntries.map((e: { action: string }) => e.action)).toEqual([
      'updateSubscriberParent',
      'addDiscount',
      'resendConfirmationEmail',
      'paymentComplete',
    ]);

    // A cancellation too, so the PDF holds a payment status and a refund to come; and Fien's safety sheet (issue 35).
    expect((await t.api.cancelSubscription({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    const sheet = await t.api.saveSafetySheet({
      CHILD_ID: s.childId,
      ALLERGIES: [{ KIND: 'food', WHAT: 'Pindanoten', ACTION: 'EpiPen geven' }],
      DIET: null,
      CONDITIONS: [],
      MEDICATIONS: [{ NAME: 'Ventolin', DOSE: '2 pufjes', TIMES: ['12:00'], MONITORS_MAY_GIVE: true }],
      TETANUS_YEAR: 2025,
      CAN_SWIM: 'with-aid',
      DOCTOR_NAME: null,
      DOCTOR_PHONE: null,
      NOTES: null,
      EMERGENCY_CONTACTS: [{ NAME: 'Marc Desmet', RELATION: 'Grootvader', PHONE: '0499 11 22 33' }],
      PICKUP_ALLOWED: [{ NAME: 'Rita Peeters', RELATION: 'Grootmoeder', PHONE: '0498 55 66 77' }],
      PICKUP_REFUSED: [],
      GOES_HOME_ALONE: false,
      PHOTO_CONSENT: 'none',
    });
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    const pdf = await t.api.exportFamilyData({ parentId: s.parentId, format: 'pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.bytes);
    for (const expected of [
      'Inzage in uw persoonsgegevens',
      'Annelies De Smet',
      'Kind: Fien Testkind',
      'Geslacht Meisje',
      s.reference,
      'Vrijetijdspas',
      '€ 140,00',
      'Geannuleerd Ja',
      'Mails die wij u stuurden',
      'annelies.desmet@voorbeeld.be',
      'Straat: Kerkstraat -> Molenstraat',
      'Betaalstatus: Niet betaald -> Betaald',
      'Veiligheidsfiche',
      'Allergieën Pindanoten (voeding): EpiPen geven',
      'Medicatie op kamp Ventolin, 2 pufjes om 12:00; een monitor mag het geven',
      'Mag ophalen Rita Peeters, Grootmoeder, 0498 55 66 77',
      'Veiligheidsfiche bewaard',
    ]) {
      expect(text).toContain(expected);
    }
    // The parent's document is in Dutch words: no field names, codes or calls of the product, no JSON, nothing off the page.
    for (const foreign of [
      /\bversion\b/i,
      /NOT-PAID|\bPAID\b|PAID-TO-MUCH/,
      /createSubscription|updateSubscriberParent|paymentComplete/,
      /outbox/,
      /[{}"]/,
      /Geslacht \d/,
      /\b[A-Z]+_[A-Z_]+\b/,
      /\b[a-z]+[A-Z]\w*\b/,
    ]) {
      expect(text).not.toMatch(foreign);
    }
    expect(await pdfTextOffPage(pdf.bytes)).toEqual([]);
    expect(text).toContain(parentRow!.nationalnr!);
    console.log(`family export: JSON ${json.bytes.length} bytes, PDF ${pdf.bytes.length} bytes`);

    expect((await t.api.exportFamilyData({ parentId: 999999 })).status).toBe(404);
  });

  it('erases a family only when everything is settled and outside the fiscal retention, saying why not', async () => {
    const open = await createSubscription(t.db, { campId: await campIn(2029) });
    let before = await databaseDigest(t.db);
    const refusedOpen = await t.api.eraseFamily({ parentId: open.parentId });
    expect(refusedOpen.status).toBe(409);
    expect(refusedOpen.body.error?.message).toBe(`Wissen kan niet: inschrijving ${open.reference} is nog niet volledig afgerekend.`);
    expect(await databaseDigest(t.db)).toEqual(before);

    expect((await t.api.paymentComplete({ SUBSCRIPTION_ID: open.subscriptionId })).status).toBe(200);
    before = await databaseDigest(t.db);
    const refusedFiscal = await t.api.eraseFamily({ parentId: open.parentId });
    expect(refusedFiscal.status).toBe(409);
    expect(refusedFiscal.body.error?.message).toBe(
      `Wissen kan niet: inschrijving ${open.reference} valt binnen de fiscale bewaartermijn (tot en met 2036).`,
    );
    expect(await databaseDigest(t.db)).toEqual(before);

    // Cancelled before paying in 2029, and a 2021 camp paid long ago: nothing keeps this family.
    const cancelled = await createSubscription(t.db, { campId: await campIn(2029), cancelled: true, parentEmail: 'wis.mij@voorbeeld.be' });
    const old = await createSubscription(t.db, {
      campId: await campIn(2021),
      paidAmountCents: 15000,
      paid: true,
      paymentDate: '2021-06-01',
    });
    await t.db.update(children).set({ parentId: cancelled.parentId }).where(eq(children.id, old.childId));
    expect(
      (
        await t.api.updateSubscriberParent({
          ...parentPayload(cancelled.parentId),
          SUBSCRIBER_PARENT_EMAIL: 'wis.mij@voorbeeld.be',
        })
      ).status,
    ).toBe(200);
    expect((await t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: cancelled.subscriptionId })).status).toBe(200);
    const erased = await t.api.eraseFamily({ parentId: cancelled.parentId });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.data).toMatchObject({ parentId: cancelled.parentId, children: 2, subscriptions: 2 });
    expect(await t.db.select().from(parents).where(eq(parents.id, cancelled.parentId))).toEqual([]);
    expect(await t.db.select().from(children).where(eq(children.parentId, cancelled.parentId))).toEqual([]);
    const dump = await queryRows<{ n: number }>(
      t.db,
      sql`select (select count(*) from mail_outbox where recipient = 'wis.mij@voorbeeld.be')::int + (select count(*) from audit_log where before::text like '%wis.mij%' or after::text like '%wis.mij%')::int as n`,
    );
    expect(dump[0]!.n).toBe(0);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'eraseFamily'));
    expect(entry).toMatchObject({ entity: 'family', entityId: cancelled.parentId, after: { children: 2, subscriptions: 2 } });
    expect((await t.api.eraseFamily({ parentId: cancelled.parentId })).status).toBe(404);
  });

  it('the Logboek reads what these tests did in words staff understand (issue 39)', async () => {
    expect(await auditLogNotInWords(t)).toEqual([]);
  });
});
