/**
 * npm run bench: how fast the product is at 1,000, 10,000 and 50,000 subscriptions a year (issue 22).
 * Every figure is a median, next to a floor measured in the same run on the same machine (what the same
 * answer costs without the product's own work), so the ratios survive a noisy machine. Each target line
 * is marked pass or FAIL in bench/results.md (and bench/results.json). `--quick` measures the 10,000 year
 * only, with fewer runs, and prints its lines without touching the results.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../server/src/db/client.js';
import { resolveSession } from '../server/src/domain/sessions.js';
import { listCamps } from '../server/src/features/camps/queries.js';
import { getDashboard } from '../server/src/features/dashboard/queries.js';
import { fetchSubscriptionsOfYear, listSubscriptionsOfYear } from '../server/src/features/subscriptions/queries.js';
import { findSubscriptionDetail } from '../server/src/domain/subscription-detail.js';
import { DEMO_ADMIN, seedDemoData, seedSubscriptions } from '../server/src/seed/demo-data.js';
import { buildWeb } from '../scripts/web-build.js';
import { launchChromium } from '../tests/helpers/chromium.js';
import { openInlinePglite } from './inline-pglite.js';
import { bankImportSection, measureBankImport, type BankImportFigures } from './bank-import.js';
import { measurePublicBooking, publicBookingSection, type BookingFigures } from './public-booking.js';
import { concurrentLoop, getOnWire, loadTest, mark, medianOf, mediansInTurns, timed } from './measure.js';
import { MIXED_LOAD_CONNECTIONS, MIXED_LOAD_TARGETS, mixedLoad, mixedLoadSubject, rssOf, type MixedLoadFigures } from './mixed-load.js';
import { startEnvironment } from './server-process.js';
import {
  javascriptGzipBytes,
  overviewLoad,
  overviewProbe,
  staticCampsPage,
  staticOverviewPage,
  staticOverviewVisit,
  visitClock,
} from './overview-probe.js';
import { measurePublicSite, publicCampsOf, publicSiteSection, STATIC_PUBLIC_CAMPS_PATH, staticPublicCampsPage } from './public-site.js';
import { runRush, rushSection } from './rush.js';

const root = path.resolve(import.meta.dirname, '..');
const QUICK = process.argv.includes('--quick');
/** `--overview-only`: sections 3 and 4 at 10,000 and 50,000 (the first row's 3 × and the search at 50,000), printed. */
const OVERVIEW_ONLY = process.argv.includes('--overview-only');
const SIZES: readonly number[] = OVERVIEW_ONLY ? [10_000, 50_000] : QUICK ? [10_000] : [1000, 10_000, 50_000];
/** Each size gets a camp year of its own, inside the Kampjaar list (2021 up to next year). */
const YEAR_OF: Record<number, number> = { 1000: 2022, 10_000: 2023, 50_000: 2024 };
const RUNS = QUICK ? 3 : 7;
const LOAD_SECONDS = QUICK ? 5 : 10;
/** `--memory-only --size N`: the year whose serving section 5 measures (the largest of a full run unless given). */
const sizeArgument = process.argv.indexOf('--size');
const MEMORY_SIZE = sizeArgument === -1 ? 50_000 : Number(process.argv[sizeArgument + 1]);
const DETAIL_CONNECTIONS = 10;

/** The targets of issue 22, each a ratio against a floor measured in the same run unless it is a plain bound. */
const TARGETS = {
  subscriptionsRatio: 1.3,
  overviewWireBytes: 400 * 1024,
  firstRowRatio: { 1000: 2, 10_000: 2, 50_000: 3 } as Record<number, number>,
  searchMs: 50,
  detailThroughputRatio: 0.5,
  detailP99MsPostgres: 30,
  memoryAboveIdleBytes: 150 * 1024 * 1024,
  loginJsGzipBytes: 110 * 1024,
  overviewJsGzipBytes: 160 * 1024,
  campsOverviewRatio: 2,
} as const;

interface ApiFigures {
  backend: string;
  subscriptions: { size: number; apiMs: number; afterWriteMs: number; floorMs: number; ratio: number; wireBytes: number }[];
  dashboard?: { size: number; apiMs: number; queriesMs: number; ratio: number; scanMs: number; scanRatio: number }[];
  detail: {
    requestsPerSecond: number;
    p99Ms: number;
    floorRequestsPerSecond: number;
    floorP99Ms: number;
    ratio: number;
    errors: number;
  };
}

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** How long each part of the run took, printed at its end: where a full run spends its time. */
const phases: { name: string; seconds: number }[] = [];
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    phases.push({ name, seconds: (performance.now() - start) / 1000 });
  }
}
/** The parts, and the whole run's time since the process started ('seeding postgres' is part of 'postgres'). */
const logPhases = () =>
  log(
    `time per part (s): ${phases.map((p) => `${p.name} ${p.seconds.toFixed(0)}`).join(', ')}; whole run ${(performance.now() / 1000).toFixed(0)}`,
  );

async function seed(db: Database, only: Only = 'all') {
  await seedDemoData(db, { subscriptionsPerYear: 0 });
  const sizes = {
    all: SIZES,
    quick: SIZES,
    overview: SIZES,
    'mixed-load': [10_000],
    bank: [1000],
    booking: [1000],
    dashboard: [10_000, 50_000],
    memory: [MEMORY_SIZE],
    'public-site': [],
  }[only];
  for (const size of sizes) {
    const seconds = await timed(() => seedSubscriptions(db, { year: YEAR_OF[size]!, count: size }));
    log(`seeded ${size} subscriptions in ${(seconds / 1000).toFixed(1)} s`);
  }
}

/**
 * The floor of getSubscriptions: the database producing the same answer, the very query and fetches the
 * call runs, through the same driver and connection pool, every chunk fetched; without HTTP, mapping or JSON.
 */
const yearAnswerFromDatabase = (db: Database, year: number) => fetchSubscriptionsOfYear(db, year);

type BenchServer = Awaited<ReturnType<typeof startServer>>;

async function startServer(database: DatabaseHandle, dataDir: string) {
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, logger: false });
  // The static baseline of measurement 3: the first 200 rows of a year as plain HTML, served by the same server.
  // Rendered once per year before anything is measured, so that serving it costs only the transfer.
  const staticPages = new Map<number, string>();
  for (const size of SIZES) staticPages.set(YEAR_OF[size]!, staticOverviewPage(await listSubscriptionsOfYear(database.db, YEAR_OF[size]!)));
  app.get('/bench/static-overview', { config: { public: true } }, async (request, reply) =>
    reply.type('text/html').send(staticPages.get(Number((request.query as { year?: string }).year)) ?? ''),
  );
  // The floor of the camps overview: its camps as plain HTML, rendered once like the page above.
  const campsPage = staticCampsPage(await listCamps(database.db, { campYear: YEAR_OF[10_000] }));
  app.get('/bench/static-camps', { config: { public: true } }, async (_request, reply) => reply.type('text/html').send(campsPage));
  // The floor of the public site (section 9): its camps as plain HTML, rendered from the site's own answer once the
  // server listens (routes cannot be added after that).
  let publicCampsPage = '';
  app.get(STATIC_PUBLIC_CAMPS_PATH, { config: { public: true } }, async (_request, reply) => reply.type('text/html').send(publicCampsPage));
  // Where every timed visit starts: an empty page of the same site, so the browser keeps its process and caches.
  app.get('/bench/blank', { config: { public: true } }, async (_request, reply) =>
    reply
      .type('text/html')
      .send('<!doctype html><html lang="nl-BE"><head><meta charset="utf-8"><title>Leeg</title></head><body></body></html>'),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  publicCampsPage = staticPublicCampsPage(await publicCampsOf(baseUrl));
  return { app, baseUrl, token };
}

async function measureApi(backend: string, database: DatabaseHandle, server: BenchServer): Promise<ApiFigures> {
  const { baseUrl, token } = server;
  const subscriptions: ApiFigures['subscriptions'] = [];
  for (const size of SIZES) {
    const year = YEAR_OF[size]!;
    let wireBytes = 0;
    const api = await medianOf(RUNS, async () => {
      const answer = await getOnWire(`${baseUrl}/api/getSubscriptions?campYear=${year}`, token);
      if (answer.status !== 200) throw new Error(`getSubscriptions answered ${answer.status}`);
      wireBytes = answer.bytes;
      return answer.ms;
    });
    // The first answer after a write: the lists' version moved, so the server reads, maps and compresses the year again.
    const afterWrite = await medianOf(RUNS, async () => {
      await database.db.execute(sql`update subscription_list_version set version = version + 1`);
      return (await getOnWire(`${baseUrl}/api/getSubscriptions?campYear=${year}`, token)).ms;
    });
    const floor = await medianOf(RUNS, () => timed(() => yearAnswerFromDatabase(database.db, year)));
    subscriptions.push({
      size,
      apiMs: api.median,
      afterWriteMs: afterWrite.median,
      floorMs: floor.median,
      ratio: api.median / floor.median,
      wireBytes,
    });
    log(
      `${backend} getSubscriptions ${size}: ${api.median.toFixed(1)} ms (${afterWrite.median.toFixed(1)} ms after a write) vs its query ${floor.median.toFixed(1)} ms, ${wireBytes} bytes`,
    );
  }
  const dashboard = QUICK ? undefined : await measureDashboard(backend, database, baseUrl, token);
  const [someSubscription] = await queryRows<{ id: number }>(database.db, sql`select id from subscriptions order by id desc limit 1`);
  const subscriptionId = someSubscription!.id;
  const detail = await loadTest(`${baseUrl}/api/getSubscriptionFullDetail?id=${subscriptionId}`, token, LOAD_SECONDS, DETAIL_CONNECTIONS);
  // The floor: what the route asks the database, the session check and the detail, through the same pool.
  const floor = await concurrentLoop(
    async () => {
      if (!(await resolveSession(database.db, server.app.authSettings, server.app.clock, token))) throw new Error('no session');
      if (!(await findSubscriptionDetail(database.db, subscriptionId))) throw new Error('no subscription');
    },
    LOAD_SECONDS,
    DETAIL_CONNECTIONS,
  );
  log(
    `${backend} detail ${detail.requestsPerSecond.toFixed(0)} req/s p99 ${detail.p99Ms} ms; its queries ${floor.requestsPerSecond.toFixed(0)} per s p99 ${floor.p99Ms} ms`,
  );
  return {
    backend,
    subscriptions,
    dashboard,
    detail: {
      requestsPerSecond: detail.requestsPerSecond,
      p99Ms: detail.p99Ms,
      floorRequestsPerSecond: floor.requestsPerSecond,
      floorP99Ms: floor.p99Ms,
      ratio: detail.requestsPerSecond / floor.requestsPerSecond,
      errors: detail.errors + detail.non2xx + floor.errors,
    },
  };
}

/**
 * Targets of issue 21 ("fast at 50,000"), both ratios against floors measured in the same run through the same driver:
 * - getDashboard to the last byte at most DASHBOARD_TARGET_RATIO × its own queries run directly (what HTTP, the
 *   schema check and JSON add);
 * - its queries at most DASHBOARD_SCAN_TARGET_RATIO × one plain pass over the rows they read (the subscriptions of
 *   the season and the last, with camp, period and discounts joined, summed once): grouping them into the five
 *   parts costs at most that many passes, so no part reads row by row.
 */
const DASHBOARD_TARGET_RATIO = 1.5;
const DASHBOARD_SCAN_TARGET_RATIO = 3;

/** The floor of getDashboard's queries: the rows they read, read once and summed, without any grouping. */
const dashboardRowsOnce = (db: Database, year: number) =>
  queryRows(
    db,
    sql`select count(*) as subscriptions, sum(s.paid_amount_cents + s.camp_price_cents) as cents, sum(d.amount_cents) as discounts
        from periods p join camps c on c.period_id = p.id join subscriptions s on s.camp_id = c.id
        left join subscription_discounts d on d.subscription_id = s.id
        where p.start_date >= ${`${year - 1}-01-01`} and p.start_date < ${`${year + 1}-01-01`}`,
  );

/** getDashboard over HTTP, its queries run in this process, and one plain pass over their rows, all through the same driver. */
async function measureDashboard(backend: string, database: DatabaseHandle, baseUrl: string, token: string) {
  const figures: NonNullable<ApiFigures['dashboard']> = [];
  for (const size of [10_000, 50_000] as const) {
    const year = YEAR_OF[size]!;
    const api = await medianOf(RUNS, async () => {
      const answer = await getOnWire(`${baseUrl}/api/getDashboard?campYear=${year}`, token);
      if (answer.status !== 200) throw new Error(`getDashboard answered ${answer.status}`);
      return answer.ms;
    });
    const queries = await medianOf(RUNS, () => timed(() => getDashboard(database.db, year)));
    const scan = await medianOf(RUNS, () => timed(() => dashboardRowsOnce(database.db, year)));
    figures.push({
      size,
      apiMs: api.median,
      queriesMs: queries.median,
      ratio: api.median / queries.median,
      scanMs: scan.median,
      scanRatio: queries.median / scan.median,
    });
    log(
      `${backend} getDashboard ${size}: ${api.median.toFixed(1)} ms vs its queries ${queries.median.toFixed(1)} ms vs one pass ${scan.median.toFixed(1)} ms`,
    );
  }
  return figures;
}

function dashboardSection(date: string, figures: Pick<ApiFigures, 'backend' | 'dashboard'>[]): string[] {
  const [one, five, fifteen] = os.loadavg().map((load) => load.toFixed(2));
  return [
    `## 2b. getDashboard of a year (issue 21; targets: the API at most ${DASHBOARD_TARGET_RATIO} × its own queries run directly, and those at most ${DASHBOARD_SCAN_TARGET_RATIO} × one plain pass over the rows they read, both through the same driver)`,
    '',
    `Measured ${date}; medians of ${RUNS} runs after a warm-up. The dashboard reads last year too: the year of 50,000 with the 10,000 before it, the year of 10,000 with the year before it (1,000 subscriptions in a full run, none with --dashboard-only). Load average of the machine (${os.cpus().length} cores, shared) at the end: ${one} / ${five} / ${fifteen} (1 / 5 / 15 min).`,
    '',
    '| backend | subscriptions | API (ms, to last byte) | its queries (ms) | ratio | target | one pass over its rows (ms) | queries / pass | target |',
    '|---|---|---|---|---|---|---|---|---|',
    ...figures.flatMap((a) =>
      (a.dashboard ?? []).map(
        (d) =>
          `| ${a.backend} | ${d.size} | ${d.apiMs.toFixed(1)} | ${d.queriesMs.toFixed(1)} | ${d.ratio.toFixed(2)} | ${mark(d.ratio <= DASHBOARD_TARGET_RATIO)} | ${d.scanMs.toFixed(1)} | ${d.scanRatio.toFixed(2)} | ${mark(d.scanRatio <= DASHBOARD_SCAN_TARGET_RATIO)} |`,
      ),
    ),
    '',
  ];
}

interface BrowserFigures {
  overview: {
    size: number;
    firstRowMs: number;
    revisitMs: number;
    staticMs: number;
    ratio: number;
    revisitRatio: number;
    searchMs: number;
    showAllMs: number;
    rowsInDom: number;
  }[];
  /** What the overview's calls bring over the wire for the 10,000 year, and how many of its national numbers (out of a sample) are among it. */
  overviewLoad: { wireBytes: number; nationalNumbersSent: number; nationalNumbersSampled: number };
  campsOverview: { firstRowMs: number; staticMs: number; ratio: number };
  /**
   * /login signed out, a first visit and a revisit, against the static page of 10,000 taken in turns with them: the
   * app's own code with no data and no sign-in check, what every screen costs before those (context for section 3).
   */
  login: { firstVisitMs: number; revisitMs: number; staticMs: number };
  javascriptGzipBytes: { login: number; subscriptionOverview: number };
}

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('kampbeheer.token', value), token);
}

/** National numbers of children and parents of a year, to look for in what the overview loads. */
async function nationalNumbersOfYear(db: Database, year: number): Promise<string[]> {
  const rows = await queryRows<{ nationalnr: string }>(
    db,
    sql`select n.nationalnr from (
          select ch.nationalnr from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          join children ch on ch.id = s.child_id where extract(year from p.start_date) = ${year} and ch.nationalnr <> ''
          union select pa.nationalnr from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          where extract(year from p.start_date) = ${year} and pa.nationalnr <> ''
        ) n order by n.nationalnr limit 200`,
  );
  return rows.map((r) => r.nationalnr);
}

async function measureBrowser(db: Database, baseUrl: string, token: string): Promise<BrowserFigures> {
  const browser = await launchChromium();
  try {
    const bundleContext = await browser.newContext({ baseURL: baseUrl });
    const bundlePage = await bundleContext.newPage();
    const loginBytes = await javascriptGzipBytes(bundlePage, '/login');
    await signIn(bundlePage, token);
    const overviewBytes = await javascriptGzipBytes(bundlePage, `/subscription-overview?subscriptionsYear=${YEAR_OF[10_000]}`);
    await bundleContext.close();

    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
    // tsx keeps function names with a __name helper that the page does not have.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const clock = await visitClock(page, cdp);
    await signIn(page, token);
    const overview: BrowserFigures['overview'] = [];
    for (const size of SIZES) {
      const year = YEAR_OF[size]!;
      const figures = await overviewProbe(page, clock, year, RUNS);
      overview.push({ size, ...figures, ratio: figures.firstRowMs / figures.staticMs, revisitRatio: figures.revisitMs / figures.staticMs });
      log(
        `overview ${size}: first row ${figures.firstRowMs.toFixed(0)} ms, revisit ${figures.revisitMs.toFixed(0)} ms (static ${figures.staticMs.toFixed(0)} ms), search ${figures.searchMs.toFixed(1)} ms after debounce, show all ${figures.showAllMs.toFixed(1)} ms`,
      );
    }
    const nationalNumbers = await nationalNumbersOfYear(db, YEAR_OF[10_000]!);
    const load = await overviewLoad(page, cdp, YEAR_OF[10_000]!, nationalNumbers);
    log(
      `overview 10000 loads ${load.wireBytes} bytes, ${load.nationalNumbersSent} of ${nationalNumbers.length} national numbers among them`,
    );
    // A camp's 'Wijzigen' link, in the app and in its static floor.
    const campShows = 'tbody a[href^="/camp-detail/"]';
    const camps = await mediansInTurns(RUNS, {
      staticPage: () => clock.visit('/bench/static-camps', campShows),
      firstRow: () => clock.visit(`/camps?subscriptionsYear=${YEAR_OF[10_000]}`, campShows, { firstVisit: true }),
    });
    log(`camps overview ${camps.firstRow.toFixed(0)} ms (static ${camps.staticPage.toFixed(0)} ms)`);
    await context.close();
    const signedOut = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
    const loginPage = await signedOut.newPage();
    const loginClock = await visitClock(loginPage, await signedOut.newCDPSession(loginPage));
    const loginShows = 'button[type="submit"]';
    const login = await mediansInTurns(RUNS, {
      staticPage: () => staticOverviewVisit(loginClock, YEAR_OF[10_000]!),
      firstVisit: () => loginClock.visit('/login', loginShows, { firstVisit: true }),
      revisit: () => loginClock.visit('/login', loginShows),
    });
    await signedOut.close();
    log(
      `login first visit ${login.firstVisit.toFixed(0)} ms, revisit ${login.revisit.toFixed(0)} ms (static ${login.staticPage.toFixed(0)} ms)`,
    );
    return {
      overview,
      overviewLoad: { ...load, nationalNumbersSampled: nationalNumbers.length },
      campsOverview: { firstRowMs: camps.firstRow, staticMs: camps.staticPage, ratio: camps.firstRow / camps.staticPage },
      login: { firstVisitMs: login.firstVisit, revisitMs: login.revisit, staticMs: login.staticPage },
      javascriptGzipBytes: { login: loginBytes, subscriptionOverview: overviewBytes },
    };
  } finally {
    await browser.close();
  }
}

/** The real server in a process of its own (as `npm start` runs it), signed in as the demo administrator. */
async function startServerProcess(env: Record<string, string>) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...startEnvironment,
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Kampbeheer draait') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return {
    baseUrl,
    token,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

interface MemoryFigures {
  /** The floor: the same server idle after start (and one sign-in). */
  idleBytes: number;
  afterBytes: number;
  year: number;
}

/** The resident memory of a separate server process idle after start, and after it served a year (the largest) three times. */
async function measureServerMemory(dataDir: string, year = YEAR_OF[SIZES[SIZES.length - 1]!]!): Promise<MemoryFigures> {
  const server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleBytes = rssOf(server.pid);
    for (let i = 0; i < 3; i++) await getOnWire(`${server.baseUrl}/api/getSubscriptions?campYear=${year}`, server.token);
    return { idleBytes, afterBytes: rssOf(server.pid), year };
  } finally {
    await server.stop();
  }
}

/**
 * Section 6: the mixed load on the embedded database as it ran before issue 23 (PGlite on the main
 * thread, in this process) and as it runs now (a server process, PGlite in its worker), same data.
 */
async function pgliteMixedLoad(dataDir: string): Promise<MixedLoadFigures[]> {
  const inline = await openInlinePglite(dataDir);
  const subject = await mixedLoadSubject(inline.db);
  const before = await startServer(inline, dataDir);
  const mainThread = await mixedLoad('pglite, main thread (before)', subject, { ...before, pid: 'self' }, LOAD_SECONDS);
  log(
    `mixed load, PGlite on the main thread: ${mainThread.workRequestsPerSecond.toFixed(0)} req/s, health p99 ${mainThread.healthP99Ms} ms`,
  );
  await before.app.close();
  await inline.close();

  const server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    const worker = await mixedLoad('pglite', subject, server, LOAD_SECONDS);
    log(`mixed load, PGlite in its worker: ${worker.workRequestsPerSecond.toFixed(0)} req/s, health p99 ${worker.healthP99Ms} ms`);
    return [mainThread, worker];
  } finally {
    await server.stop();
  }
}

type Only = 'all' | 'quick' | 'overview' | 'mixed-load' | 'bank' | 'booking' | 'dashboard' | 'memory' | 'public-site';

async function postgresFigures(
  databaseUrl: string,
  only: Only,
): Promise<{
  api?: ApiFigures;
  bank?: BankImportFigures;
  booking?: BookingFigures;
  mixed?: MixedLoadFigures;
  dashboard?: ApiFigures['dashboard'];
}> {
  const name = `kampbeheer_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await phase('seeding postgres', () => seed(database.db, only));
    const server = await startServer(database, '');
    if (only === 'dashboard') {
      const dashboard = await measureDashboard('postgres', database, server.baseUrl, server.token);
      await server.app.close();
      return { dashboard };
    }
    if (only === 'booking') {
      const booking = await measurePublicBooking('postgres', database.db, server.app.config, server.baseUrl);
      await server.app.close();
      return { booking };
    }
    const api = only === 'all' || only === 'quick' ? await measureApi('postgres', database, server) : undefined;
    if (only === 'quick') {
      await server.app.close();
      return { api };
    }
    const bank = only !== 'mixed-load' ? await measureBankImport('postgres', database.db, server.baseUrl, server.token) : undefined;
    const booking = only === 'all' ? await measurePublicBooking('postgres', database.db, server.app.config, server.baseUrl) : undefined;
    await server.app.close();
    if (only === 'bank') return { bank };
    const processServer = await startServerProcess({ DATABASE_URL: url.toString() });
    const mixed = await mixedLoad('postgres', await mixedLoadSubject(database.db), processServer, LOAD_SECONDS).finally(processServer.stop);
    return { api, bank, booking, mixed };
  } finally {
    await database.close();
    const dropper = new pg.Client({ connectionString: databaseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

interface Results {
  date: string;
  machine: string;
  api: ApiFigures[];
  browser: BrowserFigures;
  memory: MemoryFigures;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Sections 1 to 5 of results.md: issue 22's measurements, every target line marked pass or FAIL. */
/** Sections 3 and 4: the overview and the camps overview in Chromium, and the JavaScript the pages load. */
function browserSections(browser: BrowserFigures): string[] {
  const t = TARGETS;
  return [
    '## 3. In Chromium',
    '',
    "First row: sign-in done, from navigating to the overview until the frame that shows its first row has been drawn, with the browser's HTTP cache emptied first; revisit: the same without emptying it (context: its target of 1.2 × was dropped with issue 38). The floor is a static page with the same 200 rows, served by the same server. Every visit starts from a blank page, and the floor, the first visit and the revisit take turns (the camps overview and its floor likewise). The page times itself: a script the browser runs before the page's own watches for the row and reports the moment its frame is drawn, so that no polling of the test driver is counted (docs/decisions.md, 'Timed from inside the page').",
    '',
    '| subscriptions | first row (ms) | revisit (ms) | static page (ms) | first row ratio | revisit ratio | search, after the 350 ms debounce (ms) | show all (ms) | rows in the DOM after show all |',
    '|---|---|---|---|---|---|---|---|---|',
    ...browser.overview.map(
      (o) =>
        `| ${o.size} | ${o.firstRowMs.toFixed(0)} | ${o.revisitMs.toFixed(0)} | ${o.staticMs.toFixed(0)} | ${o.ratio.toFixed(2)} | ${o.revisitRatio.toFixed(2)} | ${o.searchMs.toFixed(1)} | ${o.showAllMs.toFixed(1)} | ${o.rowsInDom} |`,
    ),
    '',
    ...browser.overview
      .filter((o) => o.size >= 10_000)
      .map(
        (o) =>
          `- ${mark(o.ratio <= t.firstRowRatio[o.size]!)} first row at ${o.size} at most ${t.firstRowRatio[o.size]} × the static page: ${o.ratio.toFixed(2)} ×`,
      ),
    ...browser.overview
      .filter((o) => o.size === 50_000)
      .map(
        (o) =>
          `- ${mark(o.searchMs <= t.searchMs)} search at 50000 within ${t.searchMs} ms after the debounce: ${o.searchMs.toFixed(1)} ms`,
      ),
    `- ${mark(browser.overviewLoad.wireBytes <= t.overviewWireBytes)} the overview of 10,000 loads at most ${kb(t.overviewWireBytes)} over the wire: ${kb(browser.overviewLoad.wireBytes)}`,
    `- ${mark(browser.overviewLoad.nationalNumbersSent === 0)} no national numbers in what it loads: ${browser.overviewLoad.nationalNumbersSent} of ${browser.overviewLoad.nationalNumbersSampled} sampled`,
    `- ${mark(browser.campsOverview.ratio <= t.campsOverviewRatio)} camps overview of the 10,000 year, first row at most ${t.campsOverviewRatio} × its static page: ${browser.campsOverview.firstRowMs.toFixed(0)} against ${browser.campsOverview.staticMs.toFixed(0)} ms (${browser.campsOverview.ratio.toFixed(2)} ×)`,
    `- context: /login signed out (the app's own code: no data, no sign-in check), taken in turns with the static page of 10,000 (${browser.login.staticMs.toFixed(0)} ms): a first visit takes ${browser.login.firstVisitMs.toFixed(0)} ms (${(browser.login.firstVisitMs / browser.login.staticMs).toFixed(2)} ×), a revisit ${browser.login.revisitMs.toFixed(0)} ms (${(browser.login.revisitMs / browser.login.staticMs).toFixed(2)} ×); every screen pays that before its sign-in check and its data (docs/decisions.md, 'Where the first row's time goes').`,
    '',
    '## 4. JavaScript loaded, gzip -9',
    '',
    `- ${mark(browser.javascriptGzipBytes.login <= t.loginJsGzipBytes)} /login at most ${kb(t.loginJsGzipBytes)}: ${kb(browser.javascriptGzipBytes.login)}`,
    `- ${mark(browser.javascriptGzipBytes.subscriptionOverview <= t.overviewJsGzipBytes)} /subscription-overview at most ${kb(t.overviewJsGzipBytes)}: ${kb(browser.javascriptGzipBytes.subscriptionOverview)}`,
    '',
  ];
}

function productSections(results: Results): string[] {
  const t = TARGETS;
  const { browser, memory } = results;
  const detailLines = results.api.flatMap((a) => [
    `- ${mark(a.detail.ratio >= t.detailThroughputRatio)} throughput at least ${t.detailThroughputRatio} × its two queries on ${a.backend}: ${a.detail.ratio.toFixed(2)} ×`,
    ...(a.backend === 'postgres'
      ? [`- ${mark(a.detail.p99Ms <= t.detailP99MsPostgres)} p99 at most ${t.detailP99MsPostgres} ms on postgres: ${a.detail.p99Ms} ms`]
      : []),
  ]);
  return [
    '## 1. getSubscriptions for a whole year (target: at most 1.3 × the database producing the same answer)',
    '',
    'The floor is the query the call runs, sent through the same driver and pool and its answer fetched whole, in the same process as the server: what any answer of these rows costs before HTTP, mapping and JSON. The server keeps each year\'s answer compressed until a write changes the lists (docs/decisions.md); "after a write" is the first answer once the lists\' version moved, which reads, maps and compresses the year again (context, not the target).',
    '',
    '| backend | subscriptions | API (ms, to last byte, compressed) | after a write (ms) | its query (ms) | ratio | bytes on the wire | target |',
    '|---|---|---|---|---|---|---|---|',
    ...results.api.flatMap((a) =>
      a.subscriptions.map(
        (s) =>
          `| ${a.backend} | ${s.size} | ${s.apiMs.toFixed(1)} | ${s.afterWriteMs.toFixed(1)} | ${s.floorMs.toFixed(1)} | ${s.ratio.toFixed(2)} | ${kb(s.wireBytes)} | ${mark(s.ratio <= t.subscriptionsRatio)} |`,
      ),
    ),
    '',
    `## 2. getSubscriptionFullDetail under ${DETAIL_CONNECTIONS} connections (targets: at least ${t.detailThroughputRatio} × its queries' throughput; p99 at most ${t.detailP99MsPostgres} ms on PostgreSQL)`,
    '',
    `The floor is the route's two queries, the session check and the detail, run back to back by ${DETAIL_CONNECTIONS} loops at once through the same pool, without HTTP, for as long as the load test.`,
    '',
    '| backend | detail req/s | detail p99 (ms) | its queries per s | their p99 (ms) | ratio | errors |',
    '|---|---|---|---|---|---|---|',
    ...results.api.map(
      (a) =>
        `| ${a.backend} | ${a.detail.requestsPerSecond.toFixed(0)} | ${a.detail.p99Ms} | ${a.detail.floorRequestsPerSecond.toFixed(0)} | ${a.detail.floorP99Ms} | ${a.detail.ratio.toFixed(2)} | ${a.detail.errors} |`,
    ),
    '',
    ...detailLines,
    '',
    ...(results.api.some((a) => a.dashboard) ? dashboardSection(results.date, results.api) : []),
    ...browserSections(browser),
    ...memorySection(memory),
  ];
}

/** Section 5: the server's memory after serving a year three times, against the same server idle. */
function memorySection(memory: MemoryFigures): string[] {
  const above = memory.afterBytes - memory.idleBytes;
  const bound = TARGETS.memoryAboveIdleBytes;
  return [
    '## 5. Server memory',
    '',
    `Resident memory of the server process (embedded database), started as \`npm start\` starts it: the floor is the same process idle after start and one sign-in; then it serves the ${memory.year} year three times.`,
    '',
    `- ${mark(above <= bound)} at most ${mb(bound)} above idle: ${mb(memory.idleBytes)} idle, ${mb(memory.afterBytes)} after (${mb(above)} above)`,
    '',
  ];
}

function writeResults(results: Results & { mixed: MixedLoadFigures[] }) {
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${results.date} on ${results.machine}. Each time is the median of ${RUNS} runs after a warm-up; load tests run ${LOAD_SECONDS} s with ${DETAIL_CONNECTIONS} connections. Every floor is measured in the same run. Produced by \`npm run bench\`.`,
    '',
    ...productSections(results),
  ];
  writeFileSync(path.join(root, 'bench/results.md'), lines.join('\n'));
  writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify({ ...results, rush: readResultsJson().rush }, null, 2) + '\n');
}

const readResultsJson = () => JSON.parse(readFileSync(path.join(root, 'bench/results.json'), 'utf8')) as Record<string, unknown>;

/** Section 6 of results.md: the mixed load at 50 connections, each target line marked pass or fail. */
function mixedLoadSection(date: string, figures: MixedLoadFigures[]): string[] {
  const before = figures.find((f) => f.label.startsWith('pglite, main thread'));
  const now = figures.filter((f) => f !== before);
  const pglite = figures.find((f) => f.label === 'pglite');
  const t = MIXED_LOAD_TARGETS;
  const lines = [
    '## 6. 50 connections of mixed load (issue 23)',
    '',
    `Measured ${date}. For ${LOAD_SECONDS} s at once: ${MIXED_LOAD_CONNECTIONS.work} connections cycle through a subscription's detail, its discounts, the camps of its year and saving its remark; ${MIXED_LOAD_CONNECTIONS.health} ask \`/api/health\`; ${MIXED_LOAD_CONNECTIONS.signIn} sign in. 'Main thread (before)' is the embedded database as it ran before issue 23, measured in the same run on the same data. Memory is the server process's resident memory after one warm-up pass, at its peak under the load, and 5 s after. Load average: the machine's, as the load started and ended (on a 2-core machine, above 2 means the latencies are mostly the machine's).`,
    '',
    '| server | work req/s | work p99 (ms) | health p99 (ms) | sign-in p99 (ms) | sign-ins/s | errors | memory before | peak | 5 s after | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.label} | ${f.workRequestsPerSecond.toFixed(0)} | ${f.workP99Ms} | ${f.healthP99Ms} | ${f.signInP99Ms} | ${f.signInRequestsPerSecond.toFixed(1)} | ${f.errors} | ${mb(f.rssBeforeBytes)} | ${mb(f.rssPeakBytes)} | ${mb(f.rssAfterBytes)} | ${f.loadAverage.map((l) => l.toFixed(1)).join(' → ')} |`,
    ),
    '',
    ...now.map(
      (f) => `- ${mark(f.healthP99Ms <= t.healthP99Ms)} \`/api/health\` p99 at most ${t.healthP99Ms} ms on ${f.label}: ${f.healthP99Ms} ms`,
    ),
    ...now.map(
      (f) => `- ${mark(f.signInP99Ms <= t.signInP99Ms)} sign-in p99 at most ${t.signInP99Ms} ms on ${f.label}: ${f.signInP99Ms} ms`,
    ),
  ];
  if (pglite && before) {
    const ratio = pglite.workRequestsPerSecond / before.workRequestsPerSecond;
    lines.push(
      `- ${mark(ratio >= t.throughputRatio)} PGlite throughput at least ${t.throughputRatio} × before: ${pglite.workRequestsPerSecond.toFixed(0)} against ${before.workRequestsPerSecond.toFixed(0)} req/s (${ratio.toFixed(2)} ×)`,
    );
  }
  // The memory target is the embedded database's (issue 23): PostgreSQL's server process holds no data.
  for (const f of now.filter((g) => g.label === 'pglite')) {
    const growth = f.rssAfterBytes / f.rssBeforeBytes - 1;
    lines.push(
      `- ${mark(growth <= t.memoryGrowth)} memory back within ${t.memoryGrowth * 100} % of its start after the load on ${f.label}: ${mb(f.rssBeforeBytes)} → ${mb(f.rssAfterBytes)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} %)`,
    );
  }
  return [...lines, ''];
}

/** Replaces one numbered section of results.md (or adds it), leaving the others as the last run wrote them. */
function writeSection(section: string[]) {
  const file = path.join(root, 'bench/results.md');
  const current = readFileSync(file, 'utf8');
  const heading = section[0]!.slice(0, section[0]!.indexOf('.') + 2);
  const start = current.indexOf(heading);
  const next = start === -1 ? -1 : current.indexOf('\n## ', start + heading.length);
  const before = start === -1 ? current.trimEnd() + '\n\n' : current.slice(0, start);
  const after = next === -1 ? '' : current.slice(next + 1);
  writeFileSync(file, before + section.join('\n') + (after ? '\n' + after : ''));
}

const logPublicSite = (f: Awaited<ReturnType<typeof measurePublicSite>>) =>
  log(
    `public site on a phone, CPU 4 × slower: first camp ${f.firstCampMs.toFixed(0)} ms, revisit ${f.revisitMs.toFixed(0)} ms (static ${f.staticMs.toFixed(0)} ms), ${(f.javascriptGzipBytes / 1024).toFixed(1)} KB of JavaScript`,
  );

async function main() {
  if (process.argv.includes('--rush')) {
    // Issue 37, section 10: not part of a full run, as it restarts the local PostgreSQL.
    const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
    if (process.argv.includes('--postgres-one')) {
      // One floor and one run on PostgreSQL with one process, for before/after comparisons: results.md is left alone.
      const rush = await runRush(databaseUrl, 'postgres-one');
      console.log(JSON.stringify({ loadAverage: rush.loadAverage, floors: rush.floors, runs: rush.runs }, null, 2));
      return;
    }
    const rush = await runRush(databaseUrl);
    const section = rushSection(rush);
    console.log(section.join('\n'));
    writeSection(section);
    writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify({ ...readResultsJson(), rush }, null, 2) + '\n');
    log(`wrote section 10 of bench/results.md and its figures in bench/results.json (${rush.seconds.toFixed(0)} s)`);
    return;
  }
  const flag = (['mixed-load', 'bank', 'booking', 'dashboard', 'memory', 'overview', 'public-site'] as const).find((name) =>
    process.argv.includes(`--${name}-only`),
  );
  const only: Only = flag ?? (QUICK ? 'quick' : 'all');
  const tmp = path.join(root, 'bench/tmp');
  const dataDir = path.join(tmp, 'pglite');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const date = new Date().toISOString();

  if (only === 'memory') {
    if (!YEAR_OF[MEMORY_SIZE]) throw new Error(`--size is one of ${Object.keys(YEAR_OF).join(', ')}`);
    log(`seeding the embedded database (one year of ${MEMORY_SIZE} subscriptions)`);
    const database = await openDatabase({ dataDir });
    await phase('seeding', () => seed(database.db, only));
    await database.close();
    const memory = await phase('memory', () => measureServerMemory(dataDir, YEAR_OF[MEMORY_SIZE]));
    rmSync(tmp, { recursive: true, force: true });
    console.log(memorySection(memory).join('\n'));
    logPhases();
    return;
  }

  if (only === 'mixed-load') {
    log('seeding the embedded database (one year of 10,000 subscriptions)');
    const database = await openDatabase({ dataDir });
    await seed(database.db, only);
    await database.close();
    const mixed = await pgliteMixedLoad(dataDir);
    if (process.env.DATABASE_URL) mixed.push((await postgresFigures(process.env.DATABASE_URL, only)).mixed!);
    writeSection(mixedLoadSection(date, mixed));
    rmSync(tmp, { recursive: true, force: true });
    log('wrote section 6 of bench/results.md');
    return;
  }

  if (only === 'bank') {
    log('seeding the embedded database (one year of 1,000 subscriptions)');
    const database = await openDatabase({ dataDir });
    await seed(database.db, only);
    const server = await startServer(database, dataDir);
    const bank = [await measureBankImport('pglite', database.db, server.baseUrl, server.token)];
    await server.app.close();
    await database.close();
    if (process.env.DATABASE_URL) bank.push((await postgresFigures(process.env.DATABASE_URL, only)).bank!);
    for (const b of bank) log(`${b.backend} bank import: ${b.importMs.toFixed(0)} ms, floor ${b.floorMs.toFixed(0)} ms`);
    writeSection(bankImportSection(date, bank));
    rmSync(tmp, { recursive: true, force: true });
    log('wrote section 7 of bench/results.md');
    return;
  }

  if (only === 'booking') {
    log('seeding the embedded database (one year of 1,000 subscriptions)');
    const database = await openDatabase({ dataDir });
    await seed(database.db, only);
    const server = await startServer(database, dataDir);
    const booking = [await measurePublicBooking('pglite', database.db, server.app.config, server.baseUrl)];
    await server.app.close();
    await database.close();
    if (process.env.DATABASE_URL) booking.push((await postgresFigures(process.env.DATABASE_URL, only)).booking!);
    for (const b of booking)
      log(
        `${b.backend} public booking: ${b.apiMs.toFixed(1)} ms, its transaction ${b.transactionMs.toFixed(1)} ms (${b.ratio.toFixed(2)} ×)`,
      );
    writeSection(publicBookingSection(date, booking));
    rmSync(tmp, { recursive: true, force: true });
    log('wrote section 8 of bench/results.md');
    return;
  }

  if (only === 'dashboard') {
    log('seeding the embedded database (years of 10,000 and 50,000 subscriptions)');
    const database = await openDatabase({ dataDir });
    await seed(database.db, only);
    const server = await startServer(database, dataDir);
    const figures: Pick<ApiFigures, 'backend' | 'dashboard'>[] = [
      { backend: 'pglite', dashboard: await measureDashboard('pglite', database, server.baseUrl, server.token) },
    ];
    await server.app.close();
    await database.close();
    if (process.env.DATABASE_URL)
      figures.push({ backend: 'postgres', dashboard: (await postgresFigures(process.env.DATABASE_URL, only)).dashboard });
    writeSection(dashboardSection(date, figures));
    rmSync(tmp, { recursive: true, force: true });
    log('wrote section 2b of bench/results.md');
    return;
  }

  if (only === 'public-site') {
    log('building the web app');
    buildWeb();
    log('seeding the embedded database (the demo data, no subscriptions)');
    const database = await openDatabase({ dataDir });
    await seed(database.db, only);
    const server = await startServer(database, dataDir);
    const site = await measurePublicSite(server.baseUrl, RUNS);
    await server.app.close();
    await database.close();
    logPublicSite(site);
    writeSection(publicSiteSection(date, RUNS, site));
    rmSync(tmp, { recursive: true, force: true });
    log('wrote section 9 of bench/results.md');
    return;
  }

  if (only === 'overview') {
    log('building the web app');
    buildWeb();
    log('seeding the embedded database (years of 10,000 and 50,000 subscriptions)');
    const database = await openDatabase({ dataDir });
    await seed(database.db, only);
    const server = await startServer(database, dataDir);
    const browser = await measureBrowser(database.db, server.baseUrl, server.token);
    await server.app.close();
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      [`Measured ${date}; load average ${load.join(' / ')} (1 / 5 / 15 min) at the end.`, '', ...browserSections(browser)].join('\n'),
    );
    return;
  }

  log('building the web app');
  await phase('web build', async () => buildWeb());
  log('seeding the embedded database');
  const database = await openDatabase({ dataDir });
  await phase('seeding pglite', () => seed(database.db, only));
  const server = await startServer(database, dataDir);
  const api = [await phase('api pglite', () => measureApi('pglite', database, server))];
  const browser = await phase('chromium', () => measureBrowser(database.db, server.baseUrl, server.token));
  const publicSite = only === 'all' ? await phase('public site', () => measurePublicSite(server.baseUrl, RUNS)) : undefined;
  if (publicSite) logPublicSite(publicSite);
  // Last on this database: the import books payments, which the measurements above must not see.
  const bank =
    only === 'all' ? [await phase('bank pglite', () => measureBankImport('pglite', database.db, server.baseUrl, server.token))] : [];
  const booking =
    only === 'all'
      ? [await phase('booking pglite', () => measurePublicBooking('pglite', database.db, server.app.config, server.baseUrl))]
      : [];
  await server.app.close();
  await database.close();

  const memory = await phase('memory', () => measureServerMemory(dataDir));
  log(`server RSS ${mb(memory.idleBytes)} idle, ${mb(memory.afterBytes)} after the ${memory.year} year three times`);
  const mixed = only === 'all' ? await phase('mixed load pglite', () => pgliteMixedLoad(dataDir)) : [];
  if (process.env.DATABASE_URL) {
    const postgres = await phase('postgres', () => postgresFigures(process.env.DATABASE_URL!, only));
    api.push(postgres.api!);
    if (only === 'all') {
      bank.push(postgres.bank!);
      booking.push(postgres.booking!);
      mixed.push(postgres.mixed!);
    }
  }
  rmSync(tmp, { recursive: true, force: true });
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
  if (only === 'quick') {
    console.log(productSections({ date, machine, api, browser, memory }).join('\n'));
    logPhases();
    return;
  }
  writeResults({ date, machine, api, browser, memory, mixed });
  writeSection(mixedLoadSection(date, mixed));
  writeSection(bankImportSection(date, bank));
  writeSection(publicBookingSection(date, booking));
  writeSection(publicSiteSection(date, RUNS, publicSite!));
  log('wrote bench/results.md and bench/results.json');
  logPhases();
}

await main();
