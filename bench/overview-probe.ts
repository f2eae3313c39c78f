import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';
import { formatEuro } from '@common/money.js';
import type { CampRecord } from '@common/schemas/camps.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { compareByLastThenFirstName } from '@common/sort.js';
import { medianOf, mediansInTurns } from './measure.js';

export const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
        `<td>${c.SEATS_TAKEN} / ${c.SEATS_AVAILABLE}</td><td><a href="/camp-detail/${c.CAMP_ID}">Wijzigen</a></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="nl-BE"><head><meta charset="utf-8"><title>Statisch kampenoverzicht</title></head><body><table><thead><tr><th>Thema</th><th>Locatie</th><th>Periode</th><th>Leeftijd</th><th>Plaatsen</th><th></th></tr></thead><tbody>${body}</tbody></table></body></html>`;
}

/** Gzip size of every script a page loads: the URLs as the page asked them, the files fetched again from the server. */
export async function javascriptGzipBytes(page: Page, url: string): Promise<number> {
  const scripts = new Set<string>();
  const collect = (response: import('playwright-core').Response) => {
    // A redirect has no body; the script it leads to arrives as a response of its own.
    const redirect = response.status() >= 300 && response.status() < 400;
    if (response.request().resourceType() === 'script' && !redirect) scripts.add(response.url());
  };
  page.on('response', collect);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', collect);
  const bodies = await Promise.all([...scripts].map(async (script) => (await page.request.get(script)).body()));
  return bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
}

/** The first row of the overview, in the app and in its static floor. */
export const OVERVIEW_ROW = 'tbody tr[data-subscription-id]';
export const STATIC_ROW = 'tbody tr';

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
    { term, debounceMs, rowSelector: OVERVIEW_ROW },
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
    OVERVIEW_ROW,
  );
  await toggle.click();
  return result;
}

/** Opens the overview of a year and answers once its first row shows. */
async function openOverview(page: Page, year: number) {
  await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
  await page.locator(OVERVIEW_ROW).first().waitFor();
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

/** How long a timed visit waits for its element: the driver's own default. */
const VISIT_TIMEOUT_MS = 30_000;

/** The binding through which the page reports the moment a watched element shows (see `visitClock`). */
const SHOWN_BINDING = '__benchShown';

/**
 * What the browser runs in a new document before any of its own: it watches for the first element matching
 * `selector` and, once the frame that draws it has been rendered (the first task after that frame's animation
 * callbacks, style, layout and paint), reports the wall-clock time through the binding. That task is posted with the
 * highest priority (scheduler.postTask 'user-blocking'): a task of the page's own queued before it (React's effects,
 * which run after the frame) would otherwise run first and be counted as drawing time (docs/decisions.md, 'The
 * clock reports right after the frame'). The page's clock and the bench's are the same machine's, so the report is
 * exact to the millisecond and costs the page one observer.
 */
const watcherSource = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const afterFrame = (task) => scheduler.postTask(task, { priority: 'user-blocking' });
  const report = () => requestAnimationFrame(() => afterFrame(() => globalThis.${SHOWN_BINDING}(String(Date.now()))));
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) {
      observer.disconnect();
      report();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

export interface VisitClock {
  /**
   * Milliseconds from navigating to `url` until the frame that shows its first element matching `shows` has been
   * drawn, starting from an empty page of the same site (the bench server's /bench/blank): no visit pays for
   * unloading the page before it (an overview of 50,000 holds some 100 MB the browser must free), not the floor
   * either. A first visit starts with the browser's HTTP cache emptied.
   */
  visit(url: string, shows: string, options?: { firstVisit?: boolean }): Promise<number>;
}

/**
 * Times visits the way a user sees them, from inside the page. The test driver's own waiting polls the page at
 * 0, 20, 50, 100 and 100 ms intervals and compiles its helper script in every new document: that put up to
 * 100 ms on a screen whose row comes after the load event, and some 100 ms of the driver's work on every floor
 * (docs/decisions.md, 'Timed from inside the page').
 */
export async function visitClock(page: Page, cdp: CDPSession): Promise<VisitClock> {
  let shown: ((at: number) => void) | null = null;
  // A session runs its scripts for new documents only with the Page domain on.
  await cdp.send('Page.enable');
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: SHOWN_BINDING });
  cdp.on('Runtime.bindingCalled', (event) => {
    if (event.name === SHOWN_BINDING) shown?.(Number(event.payload));
  });
  return {
    async visit(url, shows, { firstVisit = false } = {}) {
      await page.goto('/bench/blank');
      if (firstVisit) await forgetHttpCache(cdp);
      const { identifier } = await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: watcherSource(shows) });
      let giveUp: NodeJS.Timeout | undefined;
      try {
        const shownAt = new Promise<number>((resolve, reject) => {
          shown = resolve;
          // As long as the driver's own wait: a screen that never shows fails the run instead of holding it.
          giveUp = setTimeout(() => reject(new Error(`${shows} did not show on ${url} within ${VISIT_TIMEOUT_MS} ms`)), VISIT_TIMEOUT_MS);
        });
        const start = Date.now();
        await page.goto(url, { waitUntil: 'commit' });
        return (await shownAt) - start;
      } finally {
        shown = null;
        clearTimeout(giveUp);
        await cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier });
      }
    },
  };
}

/** A timed visit of the floor of measurement 3: the static page of a year's first rows, until its first row shows. */
export const staticOverviewVisit = (clock: VisitClock, year: number) => clock.visit(`/bench/static-overview?year=${year}`, STATIC_ROW);

/**
 * Measurement 3 for one camp year: a first visit (empty HTTP cache) and a revisit (what the browser kept)
 * until the first row, against the static page, taken in turns; a search; and the show-all toggle.
 */
export async function overviewProbe(page: Page, clock: VisitClock, year: number, runs: number) {
  const overview = `/subscription-overview?subscriptionsYear=${year}`;
  const times = await mediansInTurns(runs, {
    staticPage: () => staticOverviewVisit(clock, year),
    firstRow: () => clock.visit(overview, OVERVIEW_ROW, { firstVisit: true }),
    revisit: () => clock.visit(overview, OVERVIEW_ROW),
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
