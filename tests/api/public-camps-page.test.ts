import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCampsAnswer } from '@common/schemas/public.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import type { DatabaseHandle } from '../../server/src/db/client.js';
import { PUBLIC_ROOT } from '../../server/src/features/public/page.js';
import { subscriptionListVersion } from '../../server/src/lib/year-answers.js';
import { controlledClock } from '../helpers/clock.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { createCamp, createLocation, createPeriod, createSubscription, createTheme } from '../helpers/factory.js';

/**
 * The public site's camps kept per server process and drawn into its page (issue 40, bench section 9): every change
 * staff make to what the answer shows reaches the next answer and page, and an answer is read once per version.
 */
const YEAR = new Date().getFullYear() + 1;
// The site's stylesheet is in its page (web/inschrijven/vite.config.ts).
const STYLE = 'body{margin:0}';
const TEMPLATE = `<!doctype html><html lang="nl-BE"><head><title>Inschrijven</title><style>${STYLE}</style></head><body>${PUBLIC_ROOT}</body></html>`;
// A 1 × 1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe.each(backends)('the public camps, kept and drawn into the page, on %s', (backend) => {
  let dir: string;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const clock = controlledClock(new Date(`${YEAR}-07-01T10:00:00Z`));
  let campId: number;
  let locationId: number;
  let themeId: number;
  let periodId: number;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kampbeheer-public-'));
    mkdirSync(path.join(dir, 'inschrijven'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Kampbeheer</title><div id="root"></div>');
    writeFileSync(path.join(dir, 'inschrijven', 'index.html'), TEMPLATE);
    database = await openTestDatabase(backend);
    app = await buildApp({ config: { ...loadConfig({ LOG_LEVEL: 'silent' }), webDistDir: dir }, database, logger: false, clock });
    await app.ready();
    locationId = await createLocation(database.db, { name: 'Sporthal De Kouter' });
    themeId = await createTheme(database.db, { name: 'Ridders en kastelen' });
    periodId = await createPeriod(database.db, { startDate: `${YEAR}-07-06`, name: 'Zomerweek 1' });
    campId = await createCamp(database.db, { locationId, themeId, periodId, seatsAvailable: 10 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // Raw in this file: the site's pages are no calls of the table, and this app is not a test app of the typed client.
  const camps = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/getCamps' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: PublicCampsAnswer }).data;
  };
  const page = async () => (await app.inject({ method: 'GET', url: '/inschrijven/' })).body;
  const camp = async () => (await camps()).CAMPS.find((c) => c.CAMP_ID === campId);
  const change = (statement: ReturnType<typeof sql>) => database.db.execute(statement);

  it("draws the camp list into the page with the site's own components, from the same answer as the call", async () => {
    const html = await page();
    expect(html).toContain(`<li class="camp" data-camp-id="${campId}">`);
    expect(html).toContain('Ridders en kastelen');
    expect(html).toContain('<h1 tabindex="-1">Kampen</h1>');
    expect(html).toContain('nog 10 plaatsen');
    // Any path of the site is the same page; the staff app's page is not drawn.
    expect(await (await app.inject({ method: 'GET', url: '/inschrijven/index.html' })).body).toBe(html);
    expect((await app.inject({ method: 'GET', url: '/' })).body).not.toContain('data-camp-id');
  });

  it('carries the answer it drew the list from as data the browser never runs, and allows its own stylesheet by its hash', async () => {
    await change(sql`update themes set name = ${'Ridders </script><script>alert(1)</script><!-- $& kastelen'} where id = ${themeId}`);
    const response = await app.inject({ method: 'GET', url: '/inschrijven/' });
    // No '<' inside the block: no text of the answer ends it or opens a comment, and the site reads the call's answer.
    const block = /<script type="application\/json" id="camps-answer">([^<]*)<\/script>/.exec(response.body);
    expect(JSON.parse(block![1]!)).toEqual(await camps());
    expect(response.body).toContain('Ridders &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- $&amp; kastelen');
    const hash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
    expect(response.headers['content-security-policy']).toContain(`;style-src 'self' ${hash};`);
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']).toContain(";style-src 'self';");
    await change(sql`update themes set name = 'Ridders en kastelen' where id = ${themeId}`);
  });

  it('keeps the answer while nothing it shows changes', async () => {
    const version = () => subscriptionListVersion(database.db);
    const before = await version();
    expect((await camp())?.THEME_NAME).toBe('Ridders en kastelen');
    // A change put back to the version the answer was read at is not seen: the answer was kept, not read again.
    await change(sql`update themes set name = 'Piraten' where id = ${themeId}`);
    const after = await version();
    await change(sql`update subscription_list_version set version = ${before}`);
    expect((await camp())?.THEME_NAME).toBe('Ridders en kastelen');
    expect(await page()).not.toContain('Piraten');
    await change(sql`update subscription_list_version set version = ${after}`);
    expect((await camp())?.THEME_NAME).toBe('Piraten');
    expect(await page()).toContain('Piraten');
  });

  it.each([
    [
      "a location's address",
      sql`update locations set address = 'Kouterlaan 1, 9000 Gent' where name = 'Sporthal De Kouter'`,
      (a: PublicCampsAnswer) => a.CAMPS[0]?.LOCATION_ADDRESS === 'Kouterlaan 1, 9000 Gent',
    ],
    [
      'a lunch preference',
      sql`insert into lunch_preferences (description) values ('Boterhammen van thuis')`,
      (a: PublicCampsAnswer) => a.LUNCH_PREFERENCES.some((l) => l.LUNCHPREFERENCE_DESCRIPTION === 'Boterhammen van thuis'),
    ],
    [
      "the organiser's name",
      sql`insert into settings (id, organiser_name, organiser_iban, mail_from, public_site_url)
      values (1, 'Speelpleinwerking De Vlieger', 'BE68539007547034', 'kampen@vlieger.be', 'http://localhost/inschrijven/')`,
      (a: PublicCampsAnswer) => a.ORGANISER_NAME === 'Speelpleinwerking De Vlieger',
    ],
    [
      "the organiser's logo",
      sql`update settings set organiser_logo = ${`data:image/png;base64,${PNG.toString('base64')}`}`,
      (a: PublicCampsAnswer) => a.ORGANISER_LOGO_URL?.startsWith('/inschrijven/logo?v=') === true,
    ],
    ['the camp itself', sql`update camps set price_cents = 9900 where true`, (a: PublicCampsAnswer) => a.CAMPS[0]?.CAMP_PRICE === 99],
    [
      "the period's name",
      sql`update periods set name = 'Zomerweek een' where true`,
      (a: PublicCampsAnswer) => a.CAMPS[0]?.PERIOD_NAME === 'Zomerweek een',
    ],
  ])('answers anew after a change of %s', async (_what, statement, seen) => {
    await camps();
    await change(statement);
    expect(seen(await camps())).toBe(true);
  });

  it('counts a booking and an open offer of the waiting list as seats taken at once', async () => {
    const open = (await camp())!.SEATS_OPEN;
    await createSubscription(database.db, { campId });
    expect((await camp())!.SEATS_OPEN).toBe(open - 1);
    expect(await page()).toContain(`nog ${open - 1} plaatsen`);
    await change(sql`insert into waiting_offers (camp_id, seats, token_hash, created_at, expires_at)
      values (${campId}, 2, 'hash', now(), now() + interval '2 days')`);
    expect((await camp())!.SEATS_OPEN).toBe(open - 3);
    await change(sql`update waiting_offers set state = 'lapsed' where camp_id = ${campId}`);
    expect((await camp())!.SEATS_OPEN).toBe(open - 1);
  });

  it('drops a camp that has ended on the next day, without any change', async () => {
    expect(await camp()).toBeDefined();
    clock.advance(10 * 24 * 3600 * 1000);
    expect(await camp()).toBeUndefined();
    expect(await page()).not.toContain(`data-camp-id="${campId}"`);
  });

  it('serves the logo at its address, kept for good there; a header with the organiser name as its text', async () => {
    const { ORGANISER_LOGO_URL: url, ORGANISER_NAME: name } = await camps();
    const logo = await app.inject({ method: 'GET', url: url! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    // Under an old address the logo is revalidated, not kept.
    expect((await app.inject({ method: 'GET', url: '/inschrijven/logo?v=oud' })).headers['cache-control']).toBe('no-cache');
    expect(await page()).toContain(`<img class="logo" src="${url!.replace('&', '&amp;')}" alt="${name}"/>`);
    await change(sql`update settings set organiser_logo = null`);
    expect((await camps()).ORGANISER_LOGO_URL).toBeNull();
    expect((await app.inject({ method: 'GET', url: url! })).statusCode).toBe(404);
  });
});
