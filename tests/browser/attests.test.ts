import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attestMessages, belcotaxBlockMessages } from '@common/fiscal-attests.js';
import { belcotaxSettingLabels } from '@common/schemas/settings.js';
import { formatNationalNumber } from '@common/identity-numbers.js';
import * as schema from '../../server/src/db/schema.js';
import { BELCOTAX_XSD, markAttendance, recogniseOrganiser } from '../helpers/attests.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription, type CreatedSubscription } from '../helpers/factory.js';
import { download, pdfText } from '../helpers/files.js';
import { eventually, field, holdCalls, openDetail, refuseCalls, UI_TIMEOUT_MS } from '../helpers/page.js';
import { schemaErrors } from '../helpers/xml-schema.js';
import { addUser, signIn } from '../helpers/users.js';

const YEAR = 2025;
const WEEK = ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11'];
const SECOND_DEBTOR_NN = formatNationalNumber('1985-07-30', 33);

/** Beheer › Attesten and the attest buttons of the subscription detail (issue 16) in Chromium. */
describe('attests in Chromium', () => {
  let session: BrowserSession;
  let eligible: CreatedSubscription;
  let partlyPaid: CreatedSubscription;

  beforeAll(async () => {
    session = await startBrowserSession({ seed: 'none' });
    const app = session.t;
    await recogniseOrganiser(app);
    const periodId = await createPeriod(app.db, { startDate: WEEK[0] });
    const campId = await createCamp(app.db, { periodId, activeDays: WEEK.join(','), priceCents: 10_000 });
    eligible = await createSubscription(app.db, {
      campId,
      priceCents: 10_000,
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
      childFirstname: 'Mats',
      childLastname: 'Baert',
    });
    // Aerts: 4 of 5 days at € 20 a day, € 80.
    await markAttendance(app, eligible.subscriptionId, WEEK.slice(0, 4));
    await markAttendance(app, partlyPaid.subscriptionId, WEEK);
    await addUser(app.db, 'medewerker@kamp.test', 'medewerker');
  });
  afterAll(async () => session?.close());

  /** Clicks a button that saves a file and answers the file as the browser saved it. */
  async function downloadBy(page: Page, button: string) {
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: UI_TIMEOUT_MS }),
      page.getByRole('button', { name: button, exact: true }).click(),
    ]);
    return { name: file.suggestedFilename(), body: await readFile(await file.path()) };
  }

  const rowOf = (page: Page, child: CreatedSubscription) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${child.childLastname} ${child.childFirstname}`) }) });

  it('a beheerder opens Beheer › Attesten, chooses the income year, makes the attests and downloads the ZIP and the Belcotax XML', async () => {
    const page = await session.newPage();
    await page.goto('/subscription-overview');
    await page.getByRole('button', { name: 'Beheer' }).click();
    await page.getByRole('link', { name: 'Attesten', exact: true }).click();
    await page.waitForURL('**/attesten');
    await page.getByRole('button', { name: /^Kampjaar:/ }).click();
    await page.getByRole('button', { name: String(YEAR), exact: true }).click();
    await page.waitForURL(`**/attesten?subscriptionsYear=${YEAR}`);
    await page.getByRole('heading', { level: 1, name: `Attesten ${YEAR}` }).waitFor({ timeout: UI_TIMEOUT_MS });

    const aerts = rowOf(page, eligible);
    await aerts.waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await aerts.getByRole('cell').allInnerTexts()).map((c) => c.trim())).toEqual([
      'Aerts Lotte',
      '01/03/2015',
      '4',
      '€ 80,00',
      expect.stringMatching(/^Nr\. 1: Sofie Aerts, € 80,00$/),
      '',
      'Aanpassen',
    ]);
    const baert = rowOf(page, partlyPaid);
    expect(await baert.getByRole('cell').nth(4).innerText()).toBe('');
    expect(await baert.getByRole('cell').nth(5).innerText()).toContain(attestMessages.notFullyPaid);
    await expectNoSeriousAxeViolations(page, 'Attesten');

    // 'Attesten maken' asks first (issue 39 item 23): cancelled, nothing is made.
    const dialog = page.getByRole('dialog');
    let pdfCalls = 0;
    page.on('request', (r) => void (r.url().includes('/api/getFiscalAttestPdf') && pdfCalls++));
    await page.getByRole('button', { name: 'Attesten maken' }).click();
    await dialog.getByRole('heading', { name: 'Attesten maken voor 1 kind?' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await expectNoSeriousAxeViolations(page, 'Attesten maken asks first');
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pdfCalls).toBe(0);
    // A refusal stops the work and says, next to the bar, for which child, why and how far it got.
    await refuseCalls(page, 'getFiscalAttestPdf?*', 409, 'Het attest kan nu niet gemaakt worden.');
    await page.getByRole('button', { name: 'Attesten maken' }).click();
    await dialog.getByRole('button', { name: 'Attesten maken' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.locator('.card', { has: page.getByRole('button', { name: 'Attesten maken' }) });
    await card
      .getByRole('alert')
      .getByText('Attesten maken gestopt bij Lotte Aerts: Het attest kan nu niet gemaakt worden. 0 kinderen zijn klaar, 1 niet.')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/attests-stopped.png`, fullPage: true });
    await page.unroute('**/api/getFiscalAttestPdf?*');
    // While the server makes the PDF the bar shows 0 %, then the result under it.
    const release = await holdCalls(page, 'getFiscalAttestPdf?*');
    await page.getByRole('button', { name: 'Attesten maken' }).click();
    await dialog.getByRole('button', { name: 'Attesten maken' }).click();
    await dialog.waitFor({ state: 'detached' });
    const bar = page.getByRole('progressbar', { name: 'Attesten maken' });
    await eventually(() => bar.getAttribute('aria-valuenow')).toBe('0');
    expect(await card.getByRole('alert').count()).toBe(0);
    await release();
    await eventually(() => bar.getAttribute('aria-valuenow')).toBe('100');
    await card.getByRole('status').getByText('1 kind: attesten gemaakt.', { exact: false }).waitFor({ timeout: UI_TIMEOUT_MS });
    // One attest for one child reads as such, not '1 attesten voor 1 kinderen' (issue 39, Dutch everywhere).
    await card.getByText(/^1 attest voor 1 kind, samen € [\d.,]+\./).waitFor({ timeout: UI_TIMEOUT_MS });

    const zip = await downloadBy(page, 'Alle attesten (ZIP)');
    expect(zip.name).toMatch(/\.zip$/);
    const entries = unzipSync(new Uint8Array(zip.body));
    expect(Object.keys(entries)).toEqual([`fiscaal-attest-2025-aerts-lotte-${eligible.childId}.pdf`]);
    const text = await pdfText(Buffer.from(entries[Object.keys(entries)[0]!]!));
    expect(text).toContain('Lotte Aerts');
    expect(text).toMatch(/Totaal\s+€ 80,00/);
    await card
      .getByRole('status')
      .getByText(/^fiscale-attesten-2025.*\.zip gedownload: de attesten van 1 kind\.$/)
      .waitFor();

    // Mailing the parents asks first with the number of mails, and ends with what it queued.
    await page.getByRole('button', { name: 'Mailen naar de ouders' }).click();
    await dialog.getByRole('heading', { name: '1 mail versturen?' }).waitFor({ timeout: UI_TIMEOUT_MS });
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/attests-mail-ask.png` });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await session.t.db.select().from(schema.mailOutbox)).toHaveLength(0);
    await page.getByRole('button', { name: 'Mailen naar de ouders' }).click();
    await dialog.getByRole('button', { name: 'Mails versturen' }).click();
    await card
      .getByRole('status')
      .getByText('1 mail met het attest klaargezet in de outbox; 1 kind zonder attest.')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await session.t.db.select().from(schema.mailOutbox)).toHaveLength(1);

    // A test file for Belcotax-on-web's test environment first: BCTEST, valid, and it declares nothing.
    await page.getByLabel(/^Testbestand \(BCTEST\)/).check();
    const trial = await downloadBy(page, 'Belcotax-testbestand (XML)');
    expect(trial.name).toMatch(/-aangifte-test-.*\.xml$/);
    expect(schemaErrors(trial.body, BELCOTAX_XSD)).toBeNull();
    expect(trial.body.toString('utf8')).toContain('<v0010_bestandtype>BCTEST</v0010_bestandtype>');
    await page.getByLabel(/^Testbestand \(BCTEST\)/).uncheck();
    const belcotax = await downloadBy(page, 'Belcotax-bestand (XML)');
    expect(belcotax.name).toMatch(/-aangifte-\d{4}-\d{2}-\d{2}\.xml$/);
    expect(schemaErrors(belcotax.body, BELCOTAX_XSD)).toBeNull();
    expect(belcotax.body.toString('utf8')).toContain('<v0010_bestandtype>BELCOTAX</v0010_bestandtype>');
    expect(belcotax.body.toString('utf8')).toContain('<f86_2064_totalamount>8000</f86_2064_totalamount>');
  });

  it('says before the export which settings and children block the Belcotax file, each with a link to fix it', async () => {
    const app = session.t;
    const [parent] = await app.db.select().from(schema.parents).where(eq(schema.parents.id, eligible.parentId));
    const [child] = await app.db.select().from(schema.children).where(eq(schema.children.id, eligible.childId));
    const settings = (await app.api.getSettings()).body.data[0]!;
    // The settings as read, sent back with one change (a read record types its fields looser than the save).
    await app.unchecked.updateSettings({ ...settings, BELCOTAX_CONTACT_PHONE: null });
    await app.db.update(schema.parents).set({ country: 'Narnia' }).where(eq(schema.parents.id, eligible.parentId));
    await app.db.update(schema.children).set({ nationalnr: null }).where(eq(schema.children.id, eligible.childId));
    try {
      const page = await session.newPage();
      await page.goto(`/attesten?subscriptionsYear=${YEAR}`);
      const warning = page.getByRole('alert').filter({ hasText: 'Het Belcotax-bestand kan nog niet gemaakt worden' });
      await warning.waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await warning.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
        belcotaxSettingLabels.BELCOTAX_CONTACT_PHONE,
        `Lotte Aerts: ${belcotaxBlockMessages.childNationalNumber}. Kind aanpassen van Lotte Aerts`,
        `Lotte Aerts: ${belcotaxBlockMessages.unknownCountry('Sofie Aerts', 'Narnia')}. Ouder aanpassen van Lotte Aerts`,
        `Lotte Aerts: ${belcotaxBlockMessages.unknownCountry('kind Lotte Aerts', 'Narnia')}. Ouder aanpassen van Lotte Aerts`,
      ]);
      expect(await page.getByRole('button', { name: 'Belcotax-bestand (XML)' }).isDisabled()).toBe(true);
      await expectNoSeriousAxeViolations(page, 'Attesten with what blocks the Belcotax file');
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/attests-blocked.png`, fullPage: true });

      // Each link leads to where it is fixed: the child on the subscription, the settings page.
      await warning.getByRole('link', { name: 'Kind aanpassen van Lotte Aerts' }).click();
      await page.waitForURL(`**/subscription-detail/${eligible.subscriptionId}`);
      await page.goBack();
      await warning.getByRole('link', { name: 'Beheer › Instellingen' }).click();
      await page.waitForURL('**/settings');
      const phone = page.getByLabel('Telefoonnummer', { exact: true });
      await phone.fill('09 123');
      await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await page
        .getByText('Foutief formaat: een telefoonnummer van 8 tot 12 cijfers', { exact: false })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await phone.fill('09 123 45 67');
      await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await page.getByRole('button', { name: 'Opgeslagen' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await expectNoSeriousAxeViolations(page, 'settings with the Belcotax contact');
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/settings-belcotax.png`, fullPage: true });
      expect((await app.api.getSettings()).body.data[0]!.BELCOTAX_CONTACT_PHONE).toBe('09 123 45 67');

      await page.goto(`/attesten?subscriptionsYear=${YEAR}`);
      await warning.getByRole('listitem').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await warning.getByText('Deze instellingen ontbreken nog', { exact: false }).count()).toBe(0);
    } finally {
      await app.db.update(schema.parents).set({ country: parent!.country }).where(eq(schema.parents.id, eligible.parentId));
      await app.db.update(schema.children).set({ nationalnr: child!.nationalnr }).where(eq(schema.children.id, eligible.childId));
      await recogniseOrganiser(app);
    }
  });

  it("opens the child's 'Fiscaal attest' and the 'Deelname-attest' from the subscription detail", async () => {
    const page = await session.newPage();
    await openDetail(page, eligible);
    const fiscal = await downloadBy(page, 'Fiscaal attest');
    const fiscalText = await pdfText(fiscal.body);
    expect(fiscalText).toContain('Formulier 281.86 - inkomstenjaar 2025');
    expect(fiscalText).toContain('Lotte Aerts');
    expect(fiscalText).toMatch(/Totaal\s+€ 80,00/);
    const participation = await downloadBy(page, 'Deelname-attest');
    const participationText = await pdfText(participation.body);
    expect(participationText).toContain('Deelname-attest');
    expect(participationText).toContain('Lotte Aerts');
    expect(participationText).toMatch(/Aantal aanwezige dagen: 4/);
    expect(participationText).toMatch(/Betaald bedrag: € 100,00/);

    // A child without an attest: the button says why, in the server's words.
    await openDetail(page, partlyPaid);
    await page.getByRole('button', { name: 'Fiscaal attest', exact: true }).click();
    await page.getByRole('alert').getByText(attestMessages.notFullyPaid, { exact: false }).waitFor({ timeout: UI_TIMEOUT_MS });
  });

  it('sets two debtors with their shares and the severe-disability flag per child; a refusal shows the Dutch message and changes nothing', async () => {
    const claes = await createSubscription(session.t.db, {
      campId: eligible.campId,
      priceCents: 10_000,
      paidAmountCents: 10_000,
      paid: true,
      childFirstname: 'Noor',
      childLastname: 'Claes',
      childBirthdate: '2011-07-09',
    });
    await markAttendance(session.t, claes.subscriptionId, WEEK);
    const page = await session.newPage();
    await page.goto(`/attesten?subscriptionsYear=${YEAR}`);
    const edit = async (child: CreatedSubscription) => {
      await page.getByRole('button', { name: `Attestgegevens ${child.childFirstname} ${child.childLastname} aanpassen` }).click();
      const dialog = page.getByRole('dialog', { name: `Attestgegevens ${child.childFirstname} ${child.childLastname} (${YEAR})` });
      await dialog.getByRole('group', { name: 'Schuldenaar 1' }).waitFor({ timeout: UI_TIMEOUT_MS });
      return dialog;
    };
    const debtor = (dialog: Locator, n: number, label: string) => field(dialog.getByRole('group', { name: `Schuldenaar ${n}` }), label);

    // The parent pays everything until staff say otherwise; the co-parent paid half.
    let dialog = await edit(eligible);
    expect(await debtor(dialog, 1, 'Voornaam').inputValue()).toBe('Sofie');
    expect(await debtor(dialog, 1, 'Aandeel (%)').inputValue()).toBe('100');
    await expectNoSeriousAxeViolations(page, 'Attestgegevens');
    await debtor(dialog, 1, 'Aandeel (%)').fill('50');
    await dialog.getByRole('button', { name: 'Schuldenaar toevoegen' }).click();
    const second = { Voornaam: 'Tom', Naam: 'Willems', Rijksregisternummer: SECOND_DEBTOR_NN, 'Straat en huisnummer': 'Veldstraat 3' };
    for (const [label, value] of Object.entries({ ...second, Postcode: '9000', Gemeente: 'Gent', 'Aandeel (%)': '50' })) {
      await debtor(dialog, 2, label).fill(value);
    }
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => dialog.count()).toBe(0);
    const attests = rowOf(page, eligible).getByRole('cell').nth(4);
    await eventually(() => attests.innerText()).toMatch(/Sofie Aerts \(50 %\), € 40,00\s+Nr\. \d+: Tom Willems \(50 %\), € 40,00/);
    const pdf = await download(session.t, `/api/getFiscalAttestPdf?subscriberId=${eligible.childId}&year=${YEAR}`);
    const text = await pdfText(pdf.body);
    expect(text).toContain('Tom Willems');
    expect(text.match(/Totaal\s+€ 40,00/g)).toHaveLength(2);

    // Shares that do not add up to 100 %: the server's message, and nothing saved.
    dialog = await edit(eligible);
    await debtor(dialog, 2, 'Aandeel (%)').fill('60');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.getByRole('alert').getByText(attestMessages.sharesNot100).waitFor({ timeout: UI_TIMEOUT_MS });
    const stored = await session.t.api.getFiscalAttestChild({ subscriberId: eligible.childId, year: YEAR });
    expect(stored.body.data.DEBTORS.map((d: { SHARE_PERCENT: number }) => d.SHARE_PERCENT)).toEqual([50, 50]);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await eventually(() => dialog.count()).toBe(0);

    // An edit in the dialog is not lost without a word: closing the tab asks first and keeps it.
    dialog = await edit(eligible);
    await debtor(dialog, 2, 'Voornaam').fill('Tomas');
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(await debtor(dialog, 2, 'Voornaam').inputValue()).toBe('Tomas');

    // 'Gegevens van de ouder gebruiken' drops the child's own debtors: the attest follows the parent again.
    await dialog.getByRole('button', { name: 'Gegevens van de ouder gebruiken' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => attests.innerText()).toMatch(/^Nr\. \d+: Sofie Aerts, € 80,00$/);
    const followsParent = await session.t.api.getFiscalAttestChild({ subscriberId: eligible.childId, year: YEAR });
    expect(followsParent.body.data).toMatchObject({ OWN_DEBTORS: false, DEBTORS: [{ FIRSTNAME: 'Sofie', SHARE_PERCENT: 100 }] });
    dialog = await edit(eligible);
    expect(await dialog.getByRole('button', { name: 'Gegevens van de ouder gebruiken' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await eventually(() => dialog.count()).toBe(0);

    // Noor turned 14 on the camp's third day: with a severe disability all five days count.
    const noor = rowOf(page, claes);
    expect(await noor.getByRole('cell').nth(2).innerText()).toBe('2');
    dialog = await edit(claes);
    await dialog.getByLabel('Ernstige handicap (de dagen tot 21 jaar tellen)').check();
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => noor.getByRole('cell').nth(2).innerText()).toBe('5');
    expect(await noor.getByRole('cell').nth(3).innerText()).toBe('€ 100,00');
    expect(await noor.getByRole('cell').nth(0).innerText()).toContain('ernstige handicap');
    const flagged = await session.t.api.getFiscalAttestChild({ subscriberId: claes.childId, year: YEAR });
    expect(flagged.body.data).toMatchObject({ SEVERE_DISABILITY: true, OWN_DEBTORS: false });
  });

  it('a medewerker sees neither the Attesten entry nor the attest buttons', async () => {
    const page = await session.newPage({ signedIn: false });
    const token = await signIn(session.t, 'medewerker@kamp.test');
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('kampbeheer.token', value), token);
    await openDetail(page, eligible);
    await page.getByRole('button', { name: 'Beheer' }).click();
    await page.getByRole('link', { name: 'Locaties' }).waitFor();
    expect(await page.getByRole('link', { name: 'Attesten', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Fiscaal attest' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Deelname-attest' }).count()).toBe(0);
    await page.goto(`/attesten?subscriptionsYear=${YEAR}`);
    await page.getByRole('heading', { level: 1, name: 'Geen toegang' }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText('Aerts Lotte').count()).toBe(0);
  });
});
