import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themes } from '../../server/src/db/schema.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { databaseDigest } from '../helpers/digest.js';
import { createTheme } from '../helpers/factory.js';
import { eventually, expectLasts, holdCalls, pauseClock, saveButton, serverError } from '../helpers/page.js';

const isThemeLookup = (url: URL) => url.pathname === '/api/getTaxonomy' && url.searchParams.get('type') === 'theme';

describe('themes overview and detail in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
  });
  afterAll(async () => session?.close());

  const themeByName = async (name: string) => (await session.t.db.select().from(themes).where(eq(themes.name, name)))[0];
  const alertText = (page: Page) => page.getByRole('alert').first().textContent();

  it('lists every theme with its id and name, with an add button and a Wijzigen link per row', async () => {
    const page = await session.newPage();
    await page.goto('/themes');
    await page.getByRole('heading', { name: "Thema's" }).waitFor();
    const stored = await session.t.db.select().from(themes);
    await eventually(() => page.locator('tbody tr').count()).toBe(stored.length);
    const voetbal = stored.find((t) => t.name === 'Voetbal')!;
    const row = page.locator('tbody tr', { hasText: 'Voetbal' });
    expect(await row.locator('td').allTextContents()).toEqual([String(voetbal.id), 'Voetbal', 'Wijzigen']);
    expect(await row.getByRole('link', { name: 'Wijzigen' }).getAttribute('href')).toBe(`/theme-detail/${voetbal.id}`);
    expect(await page.getByRole('link', { name: 'Thema toevoegen' }).getAttribute('href')).toBe('/theme-detail');
    await expectNoSeriousAxeViolations(page, 'themes overview');
  });

  it('creates a theme, shows Opgeslagen, opens the new theme after a second, and lists it', async () => {
    const page = await session.newPage();
    await page.clock.install();
    await page.goto('/themes');
    await page.getByRole('link', { name: 'Thema toevoegen' }).click();
    await page.waitForURL('**/theme-detail');
    await page.getByRole('heading', { name: 'Thema toevoegen' }).waitFor();
    expect(await page.getByText('Thema ID:').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'theme create');

    await page.getByLabel('Naam thema').fill('Klimmen & klauteren');
    await pauseClock(page);
    await saveButton(page).click();
    await eventually(() => saveButton(page).textContent()).toBe('Opgeslagen');
    expect(await saveButton(page).isDisabled()).toBe(true);
    expect(await saveButton(page).getAttribute('class')).toContain('btn-success');

    await eventually(() => themeByName('Klimmen & klauteren')).toBeDefined();
    const created = await themeByName('Klimmen & klauteren');
    await expectLasts(page, 1000, async () => new URL(page.url()).pathname === '/theme-detail');
    await page.waitForURL(`**/theme-detail/${created!.id}`);
    await page.clock.resume();
    await page.getByRole('heading', { name: 'Thema "Klimmen & klauteren"' }).waitFor();
    expect(await page.locator('.card-body p').first().textContent()).toBe(`Thema ID: ${created!.id}`);
    expect(await page.getByLabel('Naam thema').inputValue()).toBe('Klimmen & klauteren');
    await expectNoSeriousAxeViolations(page, 'theme edit');

    await page.getByRole('link', { name: '<< Terug naar overzicht' }).click();
    await page.waitForURL('**/themes');
    await page.locator('tbody tr', { hasText: 'Klimmen & klauteren' }).waitFor();
  });

  it('renames a theme: Opgeslagen for a second, the new name in the title and the database', async () => {
    const [circus] = await session.t.db.select().from(themes).where(eq(themes.name, 'Circus'));
    const page = await session.newPage();
    await page.clock.install();
    await page.goto(`/theme-detail/${circus!.id}`);
    await page.getByRole('heading', { name: 'Thema "Circus"' }).waitFor();
    await page.getByLabel('Naam thema').fill('Circustechnieken');
    // While sending, the button reads 'Loading…' as the spec has it for the camp and theme forms.
    const release = await holdCalls(page, 'crudTheme');
    await pauseClock(page);
    await saveButton(page).click();
    await eventually(() => saveButton(page).textContent()).toBe('Loading…');
    await release();
    await eventually(() => saveButton(page).textContent()).toBe('Opgeslagen');
    // The saved state lasts a second, then the button is ready for the next change; the page stays.
    await expectLasts(page, 1000, async () => (await saveButton(page).textContent()) === 'Opgeslagen');
    await page.clock.resume();
    await page.getByRole('heading', { name: 'Thema "Circustechnieken"' }).waitFor();
    expect((await session.t.db.select().from(themes).where(eq(themes.id, circus!.id)))[0]!.name).toBe('Circustechnieken');
    expect(await saveButton(page).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/theme-detail/${circus!.id}`);
  });

  it('shows Veld verplicht and Inhoud te lang. once touched, and saves nothing', async () => {
    const before = await databaseDigest(session.t.db);
    const page = await session.newPage();
    await page.goto('/theme-detail');
    const name = page.getByLabel('Naam thema');
    await name.focus();
    await name.blur();
    await page.getByText('Veld verplicht').waitFor();
    await expectNoSeriousAxeViolations(page, 'theme validation');
    await name.fill('x'.repeat(51));
    await page.getByText('Inhoud te lang.').waitFor();
    await saveButton(page).click();
    expect(await saveButton(page).textContent()).toBe('Opslaan');
    await name.fill('x'.repeat(50));
    await eventually(() => page.getByText('Inhoud te lang.').count()).toBe(0);
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('a failed save shows Opslaan mislukt, probeer opnieuw. and the button returns to Opslaan', async () => {
    const [tennis] = await session.t.db.select().from(themes).where(eq(themes.name, 'Tennis'));
    const before = await databaseDigest(session.t.db);
    const page = await session.newPage();
    await page.route('**/api/crudTheme', serverError);
    await page.goto(`/theme-detail/${tennis!.id}`);
    await page.getByLabel('Naam thema').fill('Tennis en padel');
    await saveButton(page).click();
    await eventually(() => alertText(page)).toBe('Opslaan mislukt, probeer opnieuw.');
    expect(await saveButton(page).textContent()).toBe('Opslaan');
    expect(await saveButton(page).isEnabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'theme save failure');
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('shows Thema niet gevonden and nothing else for an unknown id, a bad id and a failed load', async () => {
    const page = await session.newPage();
    for (const path of ['/theme-detail/999999', '/theme-detail/abc']) {
      await page.goto(path);
      await eventually(() => alertText(page)).toBe('Thema niet gevonden');
      expect(await page.locator('main form').count()).toBe(0);
      expect(await page.locator('main h1').count()).toBe(0);
    }
    await expectNoSeriousAxeViolations(page, 'theme not found');
    await page.route(isThemeLookup, serverError);
    await page.goto(`/theme-detail/${await createTheme(session.t.db)}`);
    await eventually(() => alertText(page)).toBe('Thema niet gevonden');
    expect(await page.locator('main form').count()).toBe(0);
  });

  it("shows Niet gelukt om thema's op te halen. Probeer opnieuw. when the list fails to load", async () => {
    const page = await session.newPage();
    await page.route(isThemeLookup, serverError);
    await page.goto('/themes');
    await eventually(() => alertText(page)).toBe("Niet gelukt om thema's op te halen. Probeer opnieuw.");
    expect(await page.locator('table').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'themes load failure');
  });

  it('shows the loading line while the theme is on its way', async () => {
    const page = await session.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isThemeLookup, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/theme-detail/${await createTheme(session.t.db)}`);
    await page.getByRole('status').filter({ hasText: 'Laden...' }).waitFor();
    release();
    await page.getByRole('heading', { name: /^Thema "/ }).waitFor();
  });
});
