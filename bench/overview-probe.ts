import type { CDPSession, Page } from 'playwright-core';
import { formatEuro } from '@common/money.js';
import type { CampRecord } from '@common/schemas/camps.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { compareByLastThenFirstName } from '@common/sort.js';
import { medianOf, mediansInTurns, timed } from './measure.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The baseline page: the overview's first 200 rows of a year as plain server-rendered HTML, no script. */
export function staticOverviewPage(rows: SubscriptionListRow[]): string {
  const first = rows
    .filter((r) => !r.SUBSCRIPTION_CANCELLED)
    .sort(
      compareByLastThenFirstName(
        (r) => r.SUBSCRIBER_LASTNAME,
        (r) => r.SUBSCRIBER_FIRSTNAME,
      ),
    )
    .slice(0, 200);
  const body = first
    .map(
      (r) =>
        `<tr><td>${escape(`${r.SUBSCRIBER_FIRSTNAME} ${r.SUBSCRIBER_LASTNAME}`)}</td><td>${escape(`${r.THEME_NAME} - ${r.LOCATION_NAME_SHORT} | ${r.PERIOD_NAME_SHORT}`)}</td>` +
        `<td>${formatEuro(r.SUBSCRIPTION_CAMP_PRICE)}</td><td>${formatEuro(r.SUBSCRIPTION_CAMP_DISCOUNT)}</td><td>${formatEuro(r.SUBSCRIPTION_AMOUNT_TO_PAY)}</td>` +
        `<td>${formatEuro(r.SUBSCRIPTION_PAID_AMOUNT)}</td><td>${r.PAYMENTMETHOD_ID}</td><td>${r.PAYMENT_STATUS}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="nl-BE"><head><meta charset="utf-8"><title>Statisch overzicht</title></head><body><table><thead><tr><th>Kind</th><th>Kamp</th><th>Prijs</th><th>Korting</th><th>Te betalen</th><th>Betaald</th><th>Betaalwijze</th><th>Status</th></tr></thead><tbody>${body}</tbody></table></body></html>`;
}

/** The floor of the camps overview: the camps of a year as plain server-rendered HTML, no script. */
export function staticCampsPage(camps: CampRecord[]): string {
  const body = camps
    .map(
      (c) =>
        `<tr><td>${escape(c.THEME_NAME)}</td><td>${escape(c.LOCATION_NAME)}</td><td>${escape(c.PERIOD_NAME)}</td><td>${escape(c.AGEGROUP_NAME)}</td>` +
        `<td>${c.SEATS_TAKEN} / ${c.SEATS_AVAILABLE}</td><td><a href="/camps/${c.CAMP_ID}">Wijzigen</a></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="nl-BE"><head><meta charset="utf-8"><title>Statisch kampenoverzicht</title></head><body><table><thead><tr><th>Thema</th><th>Locatie</th><th>Periode</th><th>Leeftijd</th><th>Plaatsen</th><th></th></tr></thead><tbody>${body}</tbody></table></body></html>`;
}

const ROW = 'tbody tr[data-subscription-id]';

/** A first visit: nothing of an earlier visit in the browser's HTTP cache. */
export const forgetHttpCache = (cdp: CDPSession) => cdp.send('Network.clearBrowserCache');

/** Types a search the way a person does and answers the milliseconds from the input until the table shows only matches, minus the debounce. */
async function searchOnce(page: Page, term: string, debounceMs: number): Promise<number> {
  return page.getByLabel('Zoeken').evaluate(
    (input, { term, debounceMs, rowSelector }) =>
      new Promise<number>((resolve) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(input, term);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const start = performance.now();
        const check = () => {
          const rows = [...document.querySelectorAll(rowSelector)];
          if (rows.length > 0 && rows.every((row) => row.textContent!.toLowerCase().includes(term.toLowerCase()))) {
            resolve(performance.now() - start - debounceMs);
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { term, debounceMs, rowSelector: ROW },
  );
}

/** Clicks the show-all toggle and answers the milliseconds until the table body holds the full list. */
async function showAllOnce(page: Page): Promise<{ ms: number; rowsInDom: number }> {
  const toggle = page.getByRole('button', { name: /alle/i }).first();
  const result = await toggle.evaluate(
    (button, rowSelector) =>
      new Promise<{ ms: number; rowsInDom: number }>((resolve) => {
        const body = document.querySelector('tbody')!;
        const before = body.getBoundingClientRect().height;
        const start = performance.now();
        (button as HTMLButtonElement).click();
        const check = () => {
          if (body.getBoundingClientRect().height > before * 1.5) {
            resolve({ ms: performance.now() - start, rowsInDom: document.querySelectorAll(rowSelector).length });
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    ROW,
  );
  await toggle.click();
  return result;
}

/** Opens the overview of a year and answers once its first row shows. */
async function openOverview(page: Page, year: number) {
  await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
  await page.locator(ROW).first().waitFor();
}

/**
 * What the overview's calls bring over the wire on a first visit, until the network is idle (compressed
 * bytes as Chromium received them), and whether any of the given national numbers is among it.
 */
export async function overviewLoad(page: Page, cdp: CDPSession, year: number, nationalNumbers: string[]) {
  const finished: Promise<{ bytes: number; text: string }>[] = [];
  const collect = (request: import('playwright-core').Request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    finished.push(
      (async () => {
        const response = await request.response();
        return { bytes: (await request.sizes()).responseBodySize, text: response ? await response.text() : '' };
      })(),
    );
  };
  await forgetHttpCache(cdp);
  page.on('requestfinished', collect);
  await openOverview(page, year);
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', collect);
  const answers = await Promise.all(finished);
  return {
    wireBytes: answers.reduce((sum, a) => sum + a.bytes, 0),
    nationalNumbersSent: nationalNumbers.filter((n) => answers.some((a) => a.text.includes(n))).length,
  };
}

/**
 * Milliseconds from navigating to `url` until `ready`, starting from an empty page of the same site (the bench
 * server's /bench/blank): no visit pays for unloading the page before it (an overview of 50,000 holds some
 * 100 MB the browser must free), not the floor either.
 */
export async function fromBlankPage(page: Page, url: string, ready: () => Promise<unknown>): Promise<number> {
  await page.goto('/bench/blank');
  return timed(async () => {
    await page.goto(url);
    await ready();
  });
}

/** `fromBlankPage` as a first visit: nothing of an earlier visit in the browser's HTTP cache. */
export async function firstVisitFromBlankPage(page: Page, cdp: CDPSession, url: string, ready: () => Promise<unknown>): Promise<number> {
  await forgetHttpCache(cdp);
  return fromBlankPage(page, url, ready);
}

/** A timed visit of the floor of measurement 3: the static page of a year's first rows, until its first row shows. */
export const staticOverviewVisit = (page: Page, year: number) =>
  fromBlankPage(page, `/bench/static-overview?year=${year}`, () => page.locator('tbody tr').first().waitFor());

/**
 * Measurement 3 for one camp year: a first visit (empty HTTP cache) and a revisit (what the browser kept)
 * until the first row, against the static page, taken in turns; a search; and the show-all toggle.
 */
export async function overviewProbe(page: Page, cdp: CDPSession, year: number, runs: number) {
  const overview = `/subscription-overview?subscriptionsYear=${year}`;
  const firstRowShows = () => page.locator(ROW).first().waitFor();
  const times = await mediansInTurns(runs, {
    staticPage: () => staticOverviewVisit(page, year),
    firstRow: () => firstVisitFromBlankPage(page, cdp, overview, firstRowShows),
    revisit: () => fromBlankPage(page, overview, firstRowShows),
  });
  await openOverview(page, year);
  const terms = ['Peeters', 'Janssens'];
  let turn = 0;
  const search = await medianOf(runs, () => searchOnce(page, terms[turn++ % terms.length]!, 350));
  await openOverview(page, year);
  let rowsInDom = 0;
  const showAll = await medianOf(runs, async () => {
    const once = await showAllOnce(page);
    rowsInDom = once.rowsInDom;
    return once.ms;
  });
  return {
    firstRowMs: times.firstRow,
    revisitMs: times.revisit,
    staticMs: times.staticPage,
    searchMs: search.median,
    showAllMs: showAll.median,
    rowsInDom,
  };
}
