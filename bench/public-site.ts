/**
 * Section 9 of the benchmark: the public booking site on a phone (issue 40). A phone-sized Chromium (390 × 844,
 * touch, device scale 3) with its CPU slowed 4 × (`Emulation.setCPUThrottlingRate`) opens /inschrijven/ as a parent
 * does the first time (empty HTTP cache) until the frame that draws the first camp, against a static page with the
 * same camps (the same answer of getPublicCamps as plain HTML, no script) served by the same server, taken in turns
 * in the same throttled page. Also the JavaScript the site loads, gzip -9.
 */
import { formatEuro } from '@common/money.js';
import { birthYearsText } from '@common/registration.js';
import type { PublicCampsAnswer } from '@common/schemas/public.js';
import { periodText, seatsText } from '../web/inschrijven/format.js';
import { launchChromium } from '../tests/helpers/chromium.js';
import { mark, mediansInTurns } from './measure.js';
import { escape, javascriptGzipBytes, visitClock } from './overview-probe.js';

/** The targets of issue 40's bench line. */
export const PUBLIC_SITE_TARGETS = { firstCampRatio: 1.5, javascriptGzipBytes: 60 * 1024 } as const;
export const PUBLIC_SITE_CPU_SLOWDOWN = 4;
/** A phone: an iPhone 12 to 15's CSS viewport. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
/** The first camp, in the site and in its static floor. */
const CAMP = 'li[data-camp-id]';
export const STATIC_PUBLIC_CAMPS_PATH = '/bench/static-public-camps';

/** The floor: the camps of the site's answer as plain HTML, the texts a parent reads on each card, no script. */
export function staticPublicCampsPage(answer: PublicCampsAnswer): string {
  const cards = answer.CAMPS.map(
    (c) =>
      `<li data-camp-id="${c.CAMP_ID}"><h2>${escape(c.THEME_NAME)} <span>in ${escape(c.LOCATION_NAME)}</span></h2><dl>` +
      `<dt>Periode</dt><dd>${escape(c.PERIOD_NAME)}: ${periodText(c.PERIOD_STARTDATE, c.PERIOD_ENDDATE)}</dd>` +
      `<dt>Leeftijd</dt><dd>${escape(c.AGEGROUP_NAME)}, ${birthYearsText(c)}</dd>` +
      `<dt>Prijs</dt><dd>${formatEuro(c.CAMP_PRICE)}</dd></dl><p>${seatsText(c.SEATS_OPEN)}</p></li>`,
  ).join('');
  return `<!doctype html><html lang="nl-BE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>Statische kampenlijst</title></head><body><h1>Kampen</h1><p>${answer.CAMPS.length} kampen</p><ul>${cards}</ul></body></html>`;
}

/** The camps the site lists, as it asks them (web/inschrijven/index.html): the current camp year's and the next's. */
export async function publicCampsOf(baseUrl: string): Promise<PublicCampsAnswer> {
  const response = await fetch(`${baseUrl}/api/public/getCamps`);
  return ((await response.json()) as { data: PublicCampsAnswer }).data;
}

export interface PublicSiteFigures {
  camps: number;
  firstCampMs: number;
  revisitMs: number;
  staticMs: number;
  ratio: number;
  javascriptGzipBytes: number;
}

export async function measurePublicSite(baseUrl: string, runs: number): Promise<PublicSiteFigures> {
  const answer = await publicCampsOf(baseUrl);
  if (answer.CAMPS.length === 0) throw new Error('the public site lists no camps');
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: baseUrl, ...PHONE });
    // tsx keeps function names with a __name helper that the page does not have.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const bytes = await javascriptGzipBytes(page, '/inschrijven/');
    const cdp = await context.newCDPSession(page);
    const clock = await visitClock(page, cdp);
    // The session's emulation stays with the page's target across its navigations: every visit below is throttled.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PUBLIC_SITE_CPU_SLOWDOWN });
    const times = await mediansInTurns(runs, {
      staticPage: () => clock.visit(STATIC_PUBLIC_CAMPS_PATH, CAMP),
      firstCamp: () => clock.visit('/inschrijven/', CAMP, { firstVisit: true }),
      revisit: () => clock.visit('/inschrijven/', CAMP),
    });
    await context.close();
    return {
      camps: answer.CAMPS.length,
      firstCampMs: times.firstCamp,
      revisitMs: times.revisit,
      staticMs: times.staticPage,
      ratio: times.firstCamp / times.staticPage,
      javascriptGzipBytes: bytes,
    };
  } finally {
    await browser.close();
  }
}

export function publicSiteSection(date: string, runs: number, f: PublicSiteFigures): string[] {
  const t = PUBLIC_SITE_TARGETS;
  return [
    `## 9. The public booking site on a phone (issue 40; targets: the first camp at most ${t.firstCampRatio} × a static page with the same camps, with the CPU slowed ${PUBLIC_SITE_CPU_SLOWDOWN} ×; its JavaScript at most ${t.javascriptGzipBytes / 1024} KB gzip)`,
    '',
    `Measured ${date}; medians of ${runs} visits each, in turns after a warm-up of each, in a phone-sized Chromium (390 × 844, touch, device scale 3) with \`Emulation.setCPUThrottlingRate\` ${PUBLIC_SITE_CPU_SLOWDOWN}. Each visit starts from an empty page of the same server and is timed by the page itself until the frame that draws the first camp (\`li[data-camp-id]\`). The site's first visit starts with an empty HTTP cache; the floor is a static page with the same ${f.camps} camps (getPublicCamps' answer as plain HTML, no script), served by the same server.`,
    '',
    '| measure | value | floor | ratio | target |',
    '|---|---|---|---|---|',
    `| /inschrijven/, first visit to the first camp | ${f.firstCampMs.toFixed(0)} ms | ${f.staticMs.toFixed(0)} ms | ${(f.firstCampMs / f.staticMs).toFixed(2)} | ≤ ${t.firstCampRatio} × ${mark(f.ratio <= t.firstCampRatio)} |`,
    `| /inschrijven/, revisit (context) | ${f.revisitMs.toFixed(0)} ms | ${f.staticMs.toFixed(0)} ms | ${(f.revisitMs / f.staticMs).toFixed(2)} | |`,
    `| the site's JavaScript, gzip -9 | ${(f.javascriptGzipBytes / 1024).toFixed(1)} KB | | | ≤ ${t.javascriptGzipBytes / 1024} KB ${mark(f.javascriptGzipBytes <= t.javascriptGzipBytes)} |`,
    '',
  ];
}
