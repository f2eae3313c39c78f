import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attestMessages, belcotaxBlockMessages } from '@common/fiscal-attests.js';
import { belcotaxSettingLabels } from '@common/schemas/settings.js';
import { formatNationalNumber } from '@common/identity-numbers.js';
import { validationMessages } from '@common/messages.js';
import type { CallName } from '@common/contract/index.js';
import * as t from '../../server/src/db/schema.js';
import { startTestApp, type CallAnswer, type TestApp, beheerderSettings } from '../helpers/api.js';
import { BELCOTAX_XSD, markAttendance, recogniseOrganiser } from '../helpers/attests.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { pdfText } from '../helpers/files.js';
import { schemaErrors } from '../helpers/xml-schema.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';

const YEAR = 2025;
const WEEK = ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11'];

/** '85073003361' as the attest prints it. */
const printed = (nn: string) => {
  const d = nn.replace(/\D/g, '');
  return `${d.slice(0, 2)}.${d.slice(2, 4)}.${d.slice(4, 6)}-${d.slice(6, 9)}.${d.slice(9)}`;
};
const SECOND_DEBTOR_NN = formatNationalNumber('1985-07-30', 33);
const euroText = (cents: number) => `€ ${(cents / 100).toFixed(2).replace('.', ',')}`;

/** A download of the typed client as these tests read it: its status, content type and bytes, and the refusal's JSON. */
async function file(call: Promise<CallAnswer<CallName>>) {
  const answer = await call;
  return { status: answer.status, type: String(answer.headers['content-type']), body: answer.bytes, json: () => answer.body };
}

const xmlParser = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Fiche28186' });
const fichesOf = (xml: string): Record<string, string>[] =>
  xmlParser.parse(xml).Verzendingen.Verzending.Aangiften.Aangifte.Opgaven.Opgave32586.Fiche28186;

/**
 * The conventions of the tax administration's example file (tests/fixtures/BOW2022_VoorbeeldXML_f86.xml) that its
 * schema does not enforce: whole cents, DD-MM-YYYY, f86_2059 = the form's amount zones (2.60 to 2.64) added up, and
 * the closing totals r8010 = forms + 2, r8011 = the sequence numbers added up, r8012 = the f86_2059 added up,
 * r8013 = 0, r9010 = 3, r9011 = forms + 4, r9012/r9013 as r8011/r8012, r9014 = 0.
 */
function expectExampleConventions(xml: string, fileType: 'BELCOTAX' | 'BCTEST') {
  const sending = xmlParser.parse(xml).Verzendingen.Verzending;
  const aangifte = sending.Aangiften.Aangifte;
  const fiches = fichesOf(xml);
  expect(sending.v0010_bestandtype).toBe(fileType);
  expect(sending.v0011_aanmaakdatum).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  for (const [i, fiche] of fiches.entries()) {
    expect(fiche.f2009_volgnummer).toBe(String(i + 1));
    for (const [zone, value] of Object.entries(fiche)) {
      if (/amount|tariff|totaal/.test(zone)) expect(value, zone).toMatch(/^\d+$/);
      if (/date/.test(zone)) expect(value, zone).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    }
    const amounts = ['f86_2060_amount1', 'f86_2061_amount2', 'f86_2062_amount3', 'f86_2063_amount4', 'f86_2064_totalamount'];
    expect(Number(fiche.f86_2059_totaalcontrole)).toBe(amounts.reduce((sum, zone) => sum + Number(fiche[zone] ?? 0), 0));
  }
  const sequences = fiches.reduce((sum, f) => sum + Number(f.f2009_volgnummer), 0);
  const controls = fiches.reduce((sum, f) => sum + Number(f.f86_2059_totaalcontrole), 0);
  expect(aangifte).toMatchObject({
    r8010_aantalrecords: String(fiches.length + 2),
    r8011_controletotaal: String(sequences),
    r8012_controletotaal: String(controls),
    r8013_totaalvoorheffingen: '0',
  });
  expect(sending).toMatchObject({
    r9010_aantallogbestanden: '3',
    r9011_totaalaantalrecords: String(fiches.length + 4),
    r9012_controletotaal: String(sequences),
    r9013_controletotaal: String(controls),
    r9014_controletotaal: '0',
  });
}

describe.each(backends)('fiscal and participation attests on %s', (backend) => {
  let app: TestApp;
  let paidFull: Awaited<ReturnType<typeof createSubscription>>;
  let partlyPaid: Awaited<ReturnType<typeof createSubscription>>;
  let turns14: Awaited<ReturnType<typeof createSubscription>>;
  let notAttended: Awaited<ReturnType<typeof createSubscription>>;

  const present = (subscriptionId: number, days: string[], value = true) => markAttendance(app, subscriptionId, days, value);

  beforeAll(async () => {
    app = await startTestApp(backend, { seed: 'none' });
    const periodId = await createPeriod(app.db, { startDate: WEEK[0] });
    const campId = await createCamp(app.db, { periodId, activeDays: WEEK.join(','), priceCents: 10_000 });
    paidFull = await createSubscription(app.db, {
      campId,
      priceCents: 10_500,
      discounts: [{ kind: 'extra', amountCents: 500, remark: 'Eigen lunchpakket' }],
      paidAmountCents: 10_000,
      paid: true,
      childFirstname: 'Lotte',
      childLastname: 'Aerts',
      childBirthdate: '2015-03-01',
    });
    partlyPaid = await createSubscription(app.db, {
      campId,
      priceCents: 10_000,
      paidAmountCents: 5000,
      paid: true,
      childLastname: 'Baert',
    });
    turns14 = await createSubscription(app.db, {
      campId,
      priceCents: 10_000,
      paidAmountCents: 10_000,
      paid: true,
      childLastname: 'Claes',
      childBirthdate: '2011-07-09',
    });
    notAttended = await createSubscription(app.db, {
      campId,
      priceCents: 10_000,
      paidAmountCents: 10_000,
      paid: true,
      childLastname: 'Dierckx',
    });
    await present(paidFull.subscriptionId, WEEK.slice(0, 4));
    await present(paidFull.subscriptionId, [WEEK[4]!], false);
    await present(partlyPaid.subscriptionId, WEEK);
    await present(turns14.subscriptionId, WEEK);
  });
  afterAll(async () => app?.close());

  it('offers no fiscal attest while the organiser is not recognised, and says why', async () => {
    const list = await app.api.getFiscalAttests({ year: YEAR });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ NOT_ALLOWED: attestMessages.notRecognised, CHILDREN: [], ATTEST_COUNT: 0 });
    const pdf = await file(app.api.getFiscalAttestPdf({ subscriberId: paidFull.childId, year: YEAR }));
    expect(pdf.status).toBe(409);
    expect(pdf.json().error.message).toBe(attestMessages.notRecognised);
  });

  it('lists each child with days, amounts and attest numbers, or the reason it gets none', async () => {
    const saved = await recogniseOrganiser(app);
    expect(saved.FISCAL_DAILY_MAXIMUMS).toBe('2023: 15,70\n2025: 16,10');

    const list = await app.api.getFiscalAttests({ year: YEAR });
    expect(list.status).toBe(200);
    const data = list.body.data;
    expect(data.NOT_ALLOWED).toBeNull();
    expect(data.DAILY_MAXIMUM).toBe(16.1);
    const byName = Object.fromEntries(data.CHILDREN.map((c: any) => [c.SUBSCRIBER_LASTNAME, c]));
    // 4 of 5 days present, € 105 − € 5 'Eigen lunchpakket' = € 100 for 5 booked days: € 20 a day.
    expect(byName.Aerts).toMatchObject({ DAYS: 4, AMOUNT: 80, MISSING_REASON: null });
    expect(byName.Aerts.ATTESTS).toEqual([expect.objectContaining({ DAYS: 4, AMOUNT: 80, SHARE_PERCENT: 100 })]);
    expect(byName.Baert).toMatchObject({ ATTESTS: [], MISSING_REASON: attestMessages.notFullyPaid });
    expect(byName.Claes).toMatchObject({ DAYS: 2, AMOUNT: 40 });
    expect(byName.Dierckx).toMatchObject({ ATTESTS: [], MISSING_REASON: attestMessages.noAttendedDays });
    const numbers = data.CHILDREN.flatMap((c: any) => c.ATTESTS.map((a: any) => a.NUMBER));
    expect(numbers).toEqual([1, 2]);
    expect(data).toMatchObject({ ATTEST_COUNT: 2, TOTAL_AMOUNT: 120, DECLARED: false });
    // The list names no national number.
    expect(JSON.stringify(data)).not.toMatch(/\d{11}|\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}/);
  });

  it('prints the attest with the figures of the database', async () => {
    const pdf = await file(app.api.getFiscalAttestPdf({ subscriberId: paidFull.childId, year: YEAR }));
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    const text = await pdfText(pdf.body);
    const [child] = await app.db.select().from(t.children).where(eq(t.children.id, paidFull.childId));
    const [parent] = await app.db.select().from(t.parents).where(eq(t.parents.id, paidFull.parentId));
    const [attest] = await app.db.select().from(t.fiscalAttests).where(eq(t.fiscalAttests.childId, paidFull.childId));
    expect(text).toContain('Formulier 281.86 - inkomstenjaar 2025');
    expect(text).toMatch(new RegExp(`Attestnummer: ${attest!.number}\\b`));
    expect(text).toContain('Sportkampen Gent vzw');
    expect(text).toContain('Stad Gent');
    expect(text).toContain('Een openbare overheid');
    expect(text).toContain(`${parent!.firstname} ${parent!.lastname}`);
    expect(text).toContain(printed(parent!.nationalnr!));
    expect(text).toContain(`${child!.firstname} ${child!.lastname}`);
    expect(text).toContain(printed(child!.nationalnr!));
    expect(text).toContain('01/03/2015');
    expect(text).toMatch(/07\/07\/2025\s+10\/07\/2025\s+4\s+€ 20,00\s+€ 80,00/);
    expect(text).toMatch(/Totaal\s+€ 80,00/);
    expect(text).toContain('€ 16,10 per dag voor 2025');
    expect(text).toContain('Jan Peeters');
    expect(text).toContain('Voorzitter');

    const none = await file(app.api.getFiscalAttestPdf({ subscriberId: partlyPaid.childId, year: YEAR }));
    expect(none.status).toBe(404);
    expect(none.json().error.message).toContain(attestMessages.notFullyPaid);
  });

  it('downloads every attest as one ZIP of PDFs', async () => {
    const zip = await file(app.api.exportFiscalAttests({ year: YEAR }));
    expect(zip.status).toBe(200);
    expect(zip.type).toContain('application/zip');
    const entries = unzipSync(new Uint8Array(zip.body));
    const names = Object.keys(entries).sort();
    expect(names).toEqual([
      `fiscaal-attest-2025-aerts-lotte-${paidFull.childId}.pdf`,
      `fiscaal-attest-2025-claes-lotte-${turns14.childId}.pdf`,
    ]);
    expect(await pdfText(Buffer.from(entries[names[1]!]!))).toMatch(/07\/07\/2025\s+08\/07\/2025\s+2\s+€ 20,00\s+€ 40,00/);
  });

  it('names the settings the Belcotax file still needs, and refuses to write it without them', async () => {
    const settings = await beheerderSettings(app);
    const saved = await app.api.updateSettings({
      ...settings,
      ORGANISER_ADDRESS: 'Sportlaan 5 Gent',
      BELCOTAX_CONTACT_PHONE: null,
      BELCOTAX_CONTACT_EMAIL: '',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      const expected = ['ORGANISER_ADDRESS', 'BELCOTAX_CONTACT_PHONE', 'BELCOTAX_CONTACT_EMAIL'] as const;
      const list = (await app.api.getFiscalAttests({ year: YEAR })).body.data;
      expect(list.BELCOTAX_MISSING_SETTINGS).toEqual(expected.map((s) => ({ SETTING: s, LABEL: belcotaxSettingLabels[s] })));
      const before = await databaseDigest(app.db);
      for (const query of [{ year: YEAR }, { year: YEAR, test: 'true' as const }]) {
        const refused = await file(app.api.exportBelcotax(query));
        expect(refused.status).toBe(409);
        expect(refused.json().error.code).toBe('BELCOTAX_SETTINGS_MISSING');
        const message: string = refused.json().error.message;
        expect(message).toMatch(/^Het Belcotax-bestand kan nog niet gemaakt worden: vul eerst in bij Beheer › Instellingen: /);
        for (const setting of expected) expect(message).toContain(belcotaxSettingLabels[setting]);
      }
      expect(await databaseDigest(app.db)).toEqual(before);
    } finally {
      await recogniseOrganiser(app);
    }
    expect((await app.api.getFiscalAttests({ year: YEAR })).body.data.BELCOTAX_MISSING_SETTINGS).toEqual([]);
  });

  it('validates the contact settings as Belcotax takes them', async () => {
    const settings = await beheerderSettings(app);
    const wrong = await app.api.updateSettings({
      ...settings,
      BELCOTAX_CONTACT_NAME: 'x'.repeat(35),
      BELCOTAX_CONTACT_PHONE: '09 123',
      BELCOTAX_CONTACT_EMAIL: 'geen adres',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({
      BELCOTAX_CONTACT_NAME: validationMessages.tooLong,
      BELCOTAX_CONTACT_PHONE: 'Foutief formaat: een telefoonnummer van 8 tot 12 cijfers, bijvoorbeeld 09 123 45 67 of +32 9 123 45 67.',
      BELCOTAX_CONTACT_EMAIL: 'Foutief formaat: een mailadres, bijvoorbeeld boekhouding@voorbeeld.be.',
    });
    expect(await beheerderSettings(app)).toMatchObject({
      BELCOTAX_CONTACT_NAME: 'An De Smet',
      BELCOTAX_CONTACT_PHONE: '09 123 45 67',
      BELCOTAX_CONTACT_EMAIL: 'boekhouding@sportkampen-gent.be',
    });
  });

  it('lists the children whose data block the Belcotax file, with where to fix it, and refuses the file meanwhile', async () => {
    const [child] = await app.db.select().from(t.children).where(eq(t.children.id, turns14.childId));
    const [parent] = await app.db.select().from(t.parents).where(eq(t.parents.id, paidFull.parentId));
    await app.db.update(t.children).set({ nationalnr: null }).where(eq(t.children.id, turns14.childId));
    await app.db.update(t.parents).set({ country: 'Atlantis', postalcode: '' }).where(eq(t.parents.id, paidFull.parentId));
    try {
      const list = (await app.api.getFiscalAttests({ year: YEAR })).body.data;
      const parentName = `${parent!.firstname} ${parent!.lastname}`;
      expect(list.BELCOTAX_BLOCKERS).toEqual([
        {
          SUBSCRIBER_ID: paidFull.childId,
          SUBSCRIBER_NAME: 'Lotte Aerts',
          SUBSCRIPTION_ID: paidFull.subscriptionId,
          FIX: 'parent',
          REASON: belcotaxBlockMessages.unknownCountry(parentName, 'Atlantis'),
        },
        {
          SUBSCRIBER_ID: paidFull.childId,
          SUBSCRIBER_NAME: 'Lotte Aerts',
          SUBSCRIPTION_ID: paidFull.subscriptionId,
          FIX: 'parent',
          REASON: belcotaxBlockMessages.unknownCountry('kind Lotte Aerts', 'Atlantis'),
        },
        {
          SUBSCRIBER_ID: turns14.childId,
          SUBSCRIBER_NAME: `${child!.firstname} Claes`,
          SUBSCRIPTION_ID: turns14.subscriptionId,
          FIX: 'child',
          REASON: belcotaxBlockMessages.childNationalNumber,
        },
      ]);
      const before = await databaseDigest(app.db);
      const refused = await file(app.api.exportBelcotax({ year: YEAR }));
      expect(refused.status).toBe(409);
      expect(refused.json().error.code).toBe('BELCOTAX_DATA_MISSING');
      expect(refused.json().error.message).toContain(`${child!.firstname} Claes: ${belcotaxBlockMessages.childNationalNumber}`);
      expect(refused.json().error.message).toContain('(Atlantis)');
      expect(await databaseDigest(app.db)).toEqual(before);
    } finally {
      await app.db.update(t.children).set({ nationalnr: child!.nationalnr }).where(eq(t.children.id, turns14.childId));
      await app.db
        .update(t.parents)
        .set({ country: parent!.country, postalcode: parent!.postalcode })
        .where(eq(t.parents.id, paidFull.parentId));
    }
    expect((await app.api.getFiscalAttests({ year: YEAR })).body.data.BELCOTAX_BLOCKERS).toEqual([]);
  });

  it('writes a BCTEST file for the test environment that validates and declares nothing', async () => {
    const declaredBefore = await app.db.select().from(t.fiscalAttests);
    const answer = await file(app.api.exportBelcotax({ year: YEAR, test: 'true' }));
    expect(answer.status).toBe(200);
    const xml = answer.body.toString('utf8');
    expect(schemaErrors(xml, BELCOTAX_XSD)).toBeNull();
    expectExampleConventions(xml, 'BCTEST');
    expect(fichesOf(xml)).toHaveLength(2);
    expect(await app.db.select().from(t.fiscalAttests)).toEqual(declaredBefore);
    expect((await app.api.getFiscalAttests({ year: YEAR })).body.data.DECLARED).toBe(false);
    // Nothing declared yet: there is no modification file, not even a test one.
    expect((await file(app.api.exportBelcotaxCorrections({ year: YEAR, test: 'true' }))).status).toBe(409);
  });

  it("writes a parent abroad with the country's code and a foreign postal code, and refuses a country it does not know", async () => {
    const setParent = (country: string, postalcode: string) =>
      app.db.update(t.parents).set({ country, postalcode }).where(eq(t.parents.id, paidFull.parentId));
    const [original] = await app.db.select().from(t.parents).where(eq(t.parents.id, paidFull.parentId));
    const declaredBefore = await app.db.select().from(t.fiscalAttests);
    try {
      await setParent('Pays-Bas', '4331 AB');
      const answer = await file(app.api.exportBelcotax({ year: YEAR }));
      expect(answer.status).toBe(200);
      const xml = answer.body.toString('utf8');
      expect(schemaErrors(xml, BELCOTAX_XSD)).toBeNull();
      expectExampleConventions(xml, 'BELCOTAX');
      const [abroad, belgian] = fichesOf(xml).sort((a, b) => Number(a.f2010_referentie) - Number(b.f2010_referentie));
      expect(abroad).toMatchObject({ f2018_landwoonplaats: '129', f2112_buitenlandspostnummer: '4331 AB', f86_2101_childcountry: '129' });
      expect(abroad!.f86_2139_childpostnr).toBe('4331 AB');
      expect(abroad).not.toHaveProperty('f2016_postcodebelgisch');
      expect(belgian).toMatchObject({ f2018_landwoonplaats: '150', f86_2101_childcountry: '150' });
      expect(belgian!.f2016_postcodebelgisch).toMatch(/^\d{4}$/);
      expect(belgian).not.toHaveProperty('f2112_buitenlandspostnummer');

      // A country Belcotax has no code for: the export names the parent and records nothing.
      await setParent('Narnia', '1234');
      const declared = await app.db.select().from(t.fiscalAttests);
      const refused = await file(app.api.exportBelcotax({ year: YEAR }));
      expect(refused.status).toBe(409);
      expect(refused.json().error.code).toBe('BELCOTAX_DATA_MISSING');
      const message: string = refused.json().error.message;
      expect(message).toContain('Belcotax kent het land niet van');
      expect(message).toContain('(Narnia)');
      expect(await app.db.select().from(t.fiscalAttests)).toEqual(declared);
      expect(declared).not.toEqual(declaredBefore);
    } finally {
      await setParent(original!.country, original!.postalcode);
    }
  });

  it('writes the Belcotax XML by its schema, with the amounts of the PDFs and the closing totals', async () => {
    const answer = await file(app.api.exportBelcotax({ year: YEAR }));
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('application/xml');
    const xml = answer.body.toString('utf8');
    expect(schemaErrors(xml, BELCOTAX_XSD)).toBeNull();
    expectExampleConventions(xml, 'BELCOTAX');
    const sending = xmlParser.parse(xml).Verzendingen.Verzending;
    expect(sending).toMatchObject({
      v0014_naam: 'Sportkampen Gent vzw',
      v0015_adres: 'Sportlaan 5',
      v0016_postcode: '9000',
      v0017_gemeente: 'Gent',
      v0018_telefoonnummer: '09 123 45 67',
      v0021_contactpersoon: 'An De Smet',
      v0023_emailadres: 'boekhouding@sportkampen-gent.be',
      v0024_nationaalnr: '0123456749',
    });
    const fiches = fichesOf(xml);
    expect(fiches).toHaveLength(2);
    for (const [i, fiche] of fiches.entries()) {
      expect(fiche.f2009_volgnummer).toBe(String(i + 1));
      expect(fiche.f2028_typetraitement).toBe('0');
      expect(fiche.f86_2031_certificationautorisation).toBe('2');
      expect(Number(fiche.f86_2060_amount1)).toBe(Number(fiche.f86_2110_numberofday1) * Number(fiche.f86_2111_dailytariff1));
      expect(Number(fiche.f86_2059_totaalcontrole)).toBe(2 * Number(fiche.f86_2064_totalamount));
      // The same amount as the child's PDF.
      const childId = fiche.f2010_referentie === '1' ? paidFull.childId : turns14.childId;
      const pdf = await pdfText((await file(app.api.getFiscalAttestPdf({ subscriberId: childId, year: YEAR }))).body);
      expect(pdf).toMatch(new RegExp(`Totaal\\s+${euroText(Number(fiche.f86_2064_totalamount))}`));
      expect(pdf).toContain(printed(fiche.f2011_nationaalnr!));
    }
    const aangifte = xmlParser.parse(xml).Verzendingen.Verzending.Aangiften.Aangifte;
    expect(aangifte.r8010_aantalrecords).toBe('4');
    expect(aangifte.r8011_controletotaal).toBe('3');
    expect(aangifte.r8012_controletotaal).toBe(String(2 * (8000 + 4000)));
  });

  it('sends a corrected attest as a modification of its number, a withdrawn one as a cancellation', async () => {
    const none = await file(app.api.exportBelcotaxCorrections({ year: YEAR }));
    expect(none.status).toBe(409);
    // A correction: the fifth day was attended after all; Claes's payment turns out to be taken back.
    await present(paidFull.subscriptionId, [WEEK[4]!]);
    await app.db.update(t.subscriptions).set({ paidAmountCents: 0, paid: false }).where(eq(t.subscriptions.id, turns14.subscriptionId));
    // … and Lotte's family moved to France.
    const [home] = await app.db.select().from(t.parents).where(eq(t.parents.id, paidFull.parentId));
    await app.db
      .update(t.parents)
      .set({ country: 'France', postalcode: '59000', city: 'Lille' })
      .where(eq(t.parents.id, paidFull.parentId));
    const list = (await app.api.getFiscalAttests({ year: YEAR })).body.data;
    expect(list).toMatchObject({ DECLARED: true, CHANGED_SINCE_DECLARATION: 2 });
    // A test file of the corrections first: it declares nothing, so the real one holds the same forms.
    const trial = await file(app.api.exportBelcotaxCorrections({ year: YEAR, test: 'true' }));
    expect(trial.status).toBe(200);
    expect(schemaErrors(trial.body, BELCOTAX_XSD)).toBeNull();
    expectExampleConventions(trial.body.toString('utf8'), 'BCTEST');
    const answer = await file(app.api.exportBelcotaxCorrections({ year: YEAR }));
    expect(answer.status).toBe(200);
    const xml = answer.body.toString('utf8');
    expect(schemaErrors(xml, BELCOTAX_XSD)).toBeNull();
    expectExampleConventions(xml, 'BELCOTAX');
    const fiches = fichesOf(xml);
    expect(fichesOf(trial.body.toString('utf8'))).toEqual(fiches);
    expect(fiches.map((f) => [f.f2010_referentie, f.f2028_typetraitement, f.f86_2064_totalamount])).toEqual([
      ['1', '1', '10000'],
      ['2', '3', '4000'],
    ]);
    expect(fiches[0]).toMatchObject({ f2018_landwoonplaats: '111', f2112_buitenlandspostnummer: '59000', f2017_gemeente: 'Lille' });
    expect(fiches[0]).not.toHaveProperty('f2016_postcodebelgisch');
    // Declared now: nothing more to correct.
    expect((await file(app.api.exportBelcotaxCorrections({ year: YEAR }))).status).toBe(409);
    await app.db
      .update(t.parents)
      .set({ country: home!.country, postalcode: home!.postalcode, city: home!.city })
      .where(eq(t.parents.id, paidFull.parentId));
  });

  it('gives two debtors two attests, each with its share, and keeps the first number', async () => {
    const detail = (await app.api.getFiscalAttestChild({ subscriberId: paidFull.childId, year: YEAR })).body.data;
    expect(detail).toMatchObject({ OWN_DEBTORS: false, SEVERE_DISABILITY: false });
    // The stored debtor sent back as it was answered (its national number is set).
    const parent = { ...detail.DEBTORS[0]!, NATIONALNR: detail.DEBTORS[0]!.NATIONALNR! };
    const saved = await app.api.saveFiscalAttestChild({
      SUBSCRIBER_ID: paidFull.childId,
      year: YEAR,
      SEVERE_DISABILITY: false,
      DEBTORS: [
        { ...parent, SHARE_PERCENT: 50 },
        { ...parent, FIRSTNAME: 'Tom', LASTNAME: 'Willems', NATIONALNR: SECOND_DEBTOR_NN, SHARE_PERCENT: 50 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const wrong = await app.api.saveFiscalAttestChild({
      SUBSCRIBER_ID: paidFull.childId,
      year: YEAR,
      SEVERE_DISABILITY: false,
      DEBTORS: [{ ...parent, SHARE_PERCENT: 60 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.DEBTORS).toBe(attestMessages.sharesNot100);

    const aerts = (await app.api.getFiscalAttests({ year: YEAR })).body.data.CHILDREN.find(
      (c: any) => c.SUBSCRIBER_ID === paidFull.childId,
    );
    expect(aerts!.ATTESTS).toEqual([
      { NUMBER: 1, DEBTOR_NAME: `${parent.FIRSTNAME} ${parent.LASTNAME}`, SHARE_PERCENT: 50, DAYS: 5, AMOUNT: 50 },
      { NUMBER: 3, DEBTOR_NAME: 'Tom Willems', SHARE_PERCENT: 50, DAYS: 5, AMOUNT: 50 },
    ]);
    const text = await pdfText((await file(app.api.getFiscalAttestPdf({ subscriberId: paidFull.childId, year: YEAR }))).body);
    expect(text).toContain(printed(SECOND_DEBTOR_NN));
    expect(text.match(/Totaal\s+€ 50,00/g)).toHaveLength(2);
    // The audit log keeps the national numbers masked.
    const audit = await app.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'saveFiscalAttestChild'));
    expect(JSON.stringify(audit)).not.toContain(SECOND_DEBTOR_NN.slice(9));
    expect(JSON.stringify(audit)).not.toContain(SECOND_DEBTOR_NN.replace(/\D/g, ''));
  });

  it('counts a child with a severe disability after its 14th birthday', async () => {
    await app.db.update(t.subscriptions).set({ paidAmountCents: 10_000, paid: true }).where(eq(t.subscriptions.id, turns14.subscriptionId));
    const saved = await app.api.saveFiscalAttestChild({
      SUBSCRIBER_ID: turns14.childId,
      year: YEAR,
      SEVERE_DISABILITY: true,
      DEBTORS: null,
    });
    expect(saved.status).toBe(200);
    const claes = (await app.api.getFiscalAttests({ year: YEAR })).body.data.CHILDREN.find((c: any) => c.SUBSCRIBER_ID === turns14.childId);
    expect(claes).toMatchObject({ SEVERE_DISABILITY: true, DAYS: 5, AMOUNT: 100 });
  });

  it('mails each parent the attests as a PDF attachment through the outbox', async () => {
    const answer = await app.api.mailAttests({ year: YEAR });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ QUEUED: 2, SKIPPED: 2 });
    const mails = await app.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.templateId, 'fiscaal-attest'));
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      (await app.db.select().from(t.parents))
        .filter((p) => [paidFull.parentId, turns14.parentId].includes(p.id))
        .map((p) => p.email)
        .sort(),
    );
    const mail = mails.find((m) => m.subscriptionId === paidFull.subscriptionId)!;
    expect(mail.subject).toBe('Fiscaal attest kinderopvang voor Lotte Aerts');
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments![0]!;
    expect(attachment).toMatchObject({
      contentType: 'application/pdf',
      filename: `fiscaal-attest-2025-aerts-lotte-${paidFull.childId}.pdf`,
    });
    expect(attachment.cid).toBeUndefined();
    expect(await pdfText(Buffer.from(attachment.content!, 'base64'))).toContain('Formulier 281.86');
  });

  it('prints the participation attest of a subscription: camp, child, attended days, amount paid', async () => {
    const pdf = await file(app.api.getParticipationAttestPdf({ subscriptionId: paidFull.subscriptionId }));
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body);
    expect(text).toContain('Deelname-attest');
    expect(text).toContain('Lotte Aerts');
    expect(text).toContain('01/03/2015');
    expect(text).toMatch(/Periode: 07\/07\/2025 - 11\/07\/2025/);
    expect(text).toMatch(/Aantal aanwezige dagen: 5/);
    expect(text).toMatch(/Betaald bedrag: € 100,00/);
    expect(text).toContain('Sportkampen Gent vzw');
    const absent = await file(app.api.getParticipationAttestPdf({ subscriptionId: notAttended.subscriptionId }));
    expect(absent.status).toBe(409);
    expect((await file(app.api.getParticipationAttestPdf({ subscriptionId: 999999 }))).status).toBe(404);
  });

  it('the Logboek reads what these tests did in words staff understand (issue 39)', async () => {
    expect(await auditLogNotInWords(app)).toEqual([]);
  });
});
