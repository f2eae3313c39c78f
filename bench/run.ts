/**
 * npm run bench: how fast the product is at 1,000, 10,000 and 50,000 subscriptions a year.
 * Every figure is a median, next to a baseline measured in the same run on the same machine, so the
 * ratios survive a noisy machine. It asserts nothing: it writes bench/results.md and bench/results.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../server/src/db/client.js';
import { getDashboard } from '../server/src/features/dashboard/queries.js';
import { listSubscriptionsOfYear } from '../server/src/features/subscriptions/queries.js';
import { DEMO_ADMIN, seedDemoData, seedSubscriptions } from '../server/src/seed/demo-data.js';
import { buildWeb } from '../scripts/web-build.js';
import { launchChromium } from '../tests/helpers/browser.js';
import { openInlinePglite } from './inline-pglite.js';
import { bankImportSection, measureBankImport, type BankImportFigures } from './bank-import.js';
import { getOnWire, loadTest, medianOf, timed } from './measure.js';
import { MIXED_LOAD_CONNECTIONS, MIXED_LOAD_TARGETS, mixedLoad, mixedLoadSubject, rssOf, type MixedLoadFigures } from './mixed-load.js';
import { overviewProbe, staticOverviewPage } from './overview-probe.js';

const root = path.resolve(import.meta.dirname, '..');
const SIZES = [1000, 10_000, 50_000] as const;
/** Each size gets a camp year of its own, inside the Kampjaar list (2021 up to next year). */
const YEAR_OF: Record<number, number> = { 1000: 2022, 10_000: 2023, 50_000: 2024 };
const RUNS = 7;
const LOAD_SECONDS = 10;

interface ApiFigures {
  backend: string;
  subscriptions: { size: number; apiMs: number; sqlMs: number; ratio: number; wireBytes: number; rawRows: number }[];
  dashboard?: { size: number; apiMs: number; queriesMs: number; ratio: number }[];
  detail: {
    requestsPerSecond: number;
    p99Ms: number;
    trivialRequestsPerSecond: number;
    trivialP99Ms: number;
    ratio: number;
    errors: number;
  };
}

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function seed(db: Database, only: Only = 'all') {
  await seedDemoData(db, { subscriptionsPerYear: 0 });
  const sizes = { all: SIZES, 'mixed-load': [10_000] as const, bank: [1000] as const, dashboard: [10_000, 50_000] as const }[only];
  for (const size of sizes) {
    const seconds = await timed(() => seedSubscriptions(db, { year: YEAR_OF[size]!, count: size }));
    log(`seeded ${size} subscriptions in ${(seconds / 1000).toFixed(1)} s`);
  }
}

/** The same rows the overview call reads, by a plain SQL query without any mapping: the floor for getSubscriptions. */
function plainYearQuery(db: Database, year: number) {
  return queryRows(
    db,
    sql`select s.id, s.reference, s.ogm, s.camp_price_cents, s.paid_amount_cents, s.paid, s.cancelled, s.cancellation_date,
          s.payment_method_id, c.id as camp_id, th.id as theme_id, th.name as theme_name, l.id as location_id, l.name_short,
          p.id as period_id, p.name_short as period_name_short, p.start_date, p.end_date, ch.firstname, ch.lastname,
          (select coalesce(sum(sd.amount_cents), 0) from subscription_discounts sd where sd.subscription_id = s.id) as discount_cents
        from periods p join camps c on c.period_id = p.id join subscriptions s on s.camp_id = c.id
        join themes th on th.id = c.theme_id join locations l on l.id = c.location_id
        join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
        where p.start_date >= ${`${year}-01-01`} and p.start_date < ${`${year + 1}-01-01`}`,
  );
}

async function startServer(database: DatabaseHandle, dataDir: string) {
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, logger: false });
  // The static baseline of measurement 3: the first 200 rows of a year as plain HTML, served by the same server.
  // Rendered once per year before anything is measured, so that serving it costs only the transfer.
  const staticPages = new Map<number, string>();
  for (const size of SIZES) staticPages.set(YEAR_OF[size]!, staticOverviewPage(await listSubscriptionsOfYear(database.db, YEAR_OF[size]!)));
  app.get('/bench/static-overview', { config: { public: true } }, async (request, reply) =>
    reply.type('text/html').send(staticPages.get(Number((request.query as { year?: string }).year)) ?? ''),
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
  return { app, baseUrl, token };
}

async function measureApi(backend: string, database: DatabaseHandle, baseUrl: string, token: string): Promise<ApiFigures> {
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
    let rawRows = 0;
    const plain = await medianOf(RUNS, () =>
      timed(async () => {
        rawRows = (await plainYearQuery(database.db, year)).length;
      }),
    );
    subscriptions.push({ size, apiMs: api.median, sqlMs: plain.median, ratio: api.median / plain.median, wireBytes, rawRows });
    log(`${backend} getSubscriptions ${size}: ${api.median.toFixed(1)} ms vs plain SQL ${plain.median.toFixed(1)} ms, ${wireBytes} bytes`);
  }
  const dashboard = await measureDashboard(backend, database, baseUrl, token);
  const [someSubscription] = await queryRows<{ id: number }>(database.db, sql`select id from subscriptions order by id desc limit 1`);
  const detailUrl = `${baseUrl}/api/getSubscriptionFullDetail?id=${someSubscription!.id}`;
  const detail = await loadTest(detailUrl, token, LOAD_SECONDS, 10);
  const trivial = await loadTest(`${baseUrl}/api/health`, null, LOAD_SECONDS, 10);
  log(
    `${backend} detail ${detail.requestsPerSecond.toFixed(0)} req/s p99 ${detail.p99Ms} ms; trivial ${trivial.requestsPerSecond.toFixed(0)} req/s`,
  );
  return {
    backend,
    subscriptions,
    dashboard,
    detail: {
      requestsPerSecond: detail.requestsPerSecond,
      p99Ms: detail.p99Ms,
      trivialRequestsPerSecond: trivial.requestsPerSecond,
      trivialP99Ms: trivial.p99Ms,
      ratio: detail.requestsPerSecond / trivial.requestsPerSecond,
      errors: detail.errors + detail.non2xx,
    },
  };
}

/** Target of issue 21: getDashboard to the last byte at most this many times its own queries run directly. */
const DASHBOARD_TARGET_RATIO = 1.5;

/** getDashboard over HTTP against the same queries run in this process through the same driver: what HTTP, the schema check and JSON add. */
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
    figures.push({ size, apiMs: api.median, queriesMs: queries.median, ratio: api.median / queries.median });
    log(`${backend} getDashboard ${size}: ${api.median.toFixed(1)} ms vs its queries ${queries.median.toFixed(1)} ms`);
  }
  return figures;
}

function dashboardSection(date: string, figures: Pick<ApiFigures, 'backend' | 'dashboard'>[]): string[] {
  return [
    `## 2b. getDashboard of a year (issue 21; target: at most ${DASHBOARD_TARGET_RATIO} × its own queries run directly through the same driver)`,
    '',
    `Measured ${date}; medians of ${RUNS} runs after a warm-up.`,
    '',
    '| backend | subscriptions | API (ms, to last byte) | its queries (ms) | ratio | target |',
    '|---|---|---|---|---|---|',
    ...figures.flatMap((a) =>
      (a.dashboard ?? []).map(
        (d) =>
          `| ${a.backend} | ${d.size} | ${d.apiMs.toFixed(1)} | ${d.queriesMs.toFixed(1)} | ${d.ratio.toFixed(2)} | ${d.ratio <= DASHBOARD_TARGET_RATIO ? '**pass**' : '**FAIL**'} |`,
      ),
    ),
    '',
  ];
}

interface BrowserFigures {
  overview: { size: number; firstRowMs: number; staticMs: number; ratio: number; searchMs: number; showAllMs: number; rowsInDom: number }[];
  campsOverviewMs: number;
  javascriptGzipBytes: { login: number; subscriptionOverview: number };
}

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('kampbeheer.token', value), token);
}

/** Gzip size of every script a page loads, from the files the server sent. */
async function javascriptGzipBytes(page: Page, url: string): Promise<number> {
  const scripts = new Map<string, Buffer>();
  const collect = async (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
  };
  page.on('response', collect);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', collect);
  return [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
}

async function measureBrowser(baseUrl: string, token: string): Promise<BrowserFigures> {
  const browser = await launchChromium();
  try {
    const bundleContext = await browser.newContext({ baseURL: baseUrl });
    const bundlePage = await bundleContext.newPage();
    const loginBytes = await javascriptGzipBytes(bundlePage, '/login');
    await signIn(bundlePage, token);
    const overviewBytes = await javascriptGzipBytes(bundlePage, `/subscription-overview?subscriptionsYear=${YEAR_OF[1000]}`);
    await bundleContext.close();

    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
    // tsx keeps function names with a __name helper that the page does not have.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await signIn(page, token);
    const overview: BrowserFigures['overview'] = [];
    for (const size of SIZES) {
      const year = YEAR_OF[size]!;
      const figures = await overviewProbe(page, year, RUNS);
      overview.push({ size, ...figures, ratio: figures.firstRowMs / figures.staticMs });
      log(
        `overview ${size}: first row ${figures.firstRowMs.toFixed(0)} ms (static ${figures.staticMs.toFixed(0)} ms), search ${figures.searchMs.toFixed(1)} ms after debounce, show all ${figures.showAllMs.toFixed(1)} ms`,
      );
    }
    const camps = await medianOf(RUNS, () =>
      timed(async () => {
        await page.goto(`/camps?subscriptionsYear=${YEAR_OF[10_000]}`);
        await page.getByRole('link', { name: 'Wijzigen' }).first().waitFor();
      }),
    );
    log(`camps overview ${camps.median.toFixed(0)} ms`);
    await context.close();
    return { overview, campsOverviewMs: camps.median, javascriptGzipBytes: { login: loginBytes, subscriptionOverview: overviewBytes } };
  } finally {
    await browser.close();
  }
}

/** The real server in a process of its own (as `npm start` runs it), signed in as the demo administrator. */
async function startServerProcess(env: Record<string, string>) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env, PORT: String(port), HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'warn' },
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

/** The resident memory of a separate server process after it served the 50,000 year. */
async function measureServerMemory(dataDir: string): Promise<number> {
  const server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    for (let i = 0; i < 3; i++) await getOnWire(`${server.baseUrl}/api/getSubscriptions?campYear=${YEAR_OF[50_000]}`, server.token);
    return rssOf(server.pid);
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

type Only = 'all' | 'mixed-load' | 'bank' | 'dashboard';

async function postgresFigures(
  databaseUrl: string,
  only: Only,
): Promise<{ api?: ApiFigures; bank?: BankImportFigures; mixed?: MixedLoadFigures }> {
  const name = `kampbeheer_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await seed(database.db, only);
    const server = await startServer(database, '');
    const api = only === 'all' ? await measureApi('postgres', database, server.baseUrl, server.token) : undefined;
    const bank = only !== 'mixed-load' ? await measureBankImport('postgres', database.db, server.baseUrl, server.token) : undefined;
    await server.app.close();
    if (only === 'bank') return { bank };
    const processServer = await startServerProcess({ DATABASE_URL: url.toString() });
    const mixed = await mixedLoad('postgres', await mixedLoadSubject(database.db), processServer, LOAD_SECONDS).finally(processServer.stop);
    return { api, mixed };
  } finally {
    await database.close();
    const dropper = new pg.Client({ connectionString: databaseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

function writeResults(results: {
  date: string;
  machine: string;
  api: ApiFigures[];
  browser: BrowserFigures;
  serverRssBytes: number;
  mixed: MixedLoadFigures[];
}) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${results.date} on ${results.machine}. Each time is the median of ${RUNS} runs after a warm-up; load tests run ${LOAD_SECONDS} s with 10 connections. Produced by \`npm run bench\`.`,
    '',
    '## 1. getSubscriptions for a whole year (target: at most 1.5 × the plain SQL query)',
    '',
    '| backend | subscriptions | API (ms, to last byte, compressed) | plain SQL (ms) | ratio | bytes on the wire |',
    '|---|---|---|---|---|---|',
    ...results.api.flatMap((a) =>
      a.subscriptions.map(
        (s) => `| ${a.backend} | ${s.size} | ${s.apiMs.toFixed(1)} | ${s.sqlMs.toFixed(1)} | ${s.ratio.toFixed(2)} | ${kb(s.wireBytes)} |`,
      ),
    ),
    '',
    '## 2. getSubscriptionFullDetail under 10 connections (target: at least 1/3 of the trivial route)',
    '',
    '| backend | detail req/s | detail p99 (ms) | trivial req/s | trivial p99 (ms) | ratio | errors |',
    '|---|---|---|---|---|---|---|',
    ...results.api.map(
      (a) =>
        `| ${a.backend} | ${a.detail.requestsPerSecond.toFixed(0)} | ${a.detail.p99Ms} | ${a.detail.trivialRequestsPerSecond.toFixed(0)} | ${a.detail.trivialP99Ms} | ${a.detail.ratio.toFixed(2)} | ${a.detail.errors} |`,
    ),
    '',
    ...dashboardSection(results.date, results.api),
    '## 3. In Chromium (targets at 10,000: first row at most 2 × the static page; search within 50 ms after the debounce; full list within 200 ms)',
    '',
    '| subscriptions | first row (ms) | static page, same 200 rows (ms) | ratio | search, after the 350 ms debounce (ms) | show all (ms) | rows in the DOM after show all |',
    '|---|---|---|---|---|---|---|',
    ...results.browser.overview.map(
      (o) =>
        `| ${o.size} | ${o.firstRowMs.toFixed(0)} | ${o.staticMs.toFixed(0)} | ${o.ratio.toFixed(2)} | ${o.searchMs.toFixed(1)} | ${o.showAllMs.toFixed(1)} | ${o.rowsInDom} |`,
    ),
    '',
    `Camps overview (10,000 year) until its first row: ${results.browser.campsOverviewMs.toFixed(0)} ms.`,
    '',
    '## 4. JavaScript loaded, gzip -9 (target: /login at most 150 KB)',
    '',
    `- /login: ${kb(results.browser.javascriptGzipBytes.login)}`,
    `- /subscription-overview: ${kb(results.browser.javascriptGzipBytes.subscriptionOverview)}`,
    '',
    '## 5. Server memory',
    '',
    `Resident memory of the server process (embedded database) after serving the 50,000 year three times: ${(results.serverRssBytes / 1024 / 1024).toFixed(0)} MB.`,
    '',
  ];
  writeFileSync(path.join(root, 'bench/results.md'), lines.join('\n'));
  writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
}

/** Section 6 of results.md: the mixed load at 50 connections, each target line marked pass or fail. */
function mixedLoadSection(date: string, figures: MixedLoadFigures[]): string[] {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const mark = (pass: boolean) => (pass ? '**pass**' : '**FAIL**');
  const before = figures.find((f) => f.label.startsWith('pglite, main thread'));
  const now = figures.filter((f) => f !== before);
  const pglite = figures.find((f) => f.label === 'pglite');
  const t = MIXED_LOAD_TARGETS;
  const lines = [
    '## 6. 50 connections of mixed load (issue 23)',
    '',
    `Measured ${date}. For ${LOAD_SECONDS} s at once: ${MIXED_LOAD_CONNECTIONS.work} connections cycle through a subscription's detail, its discounts, the camps of its year and saving its remark; ${MIXED_LOAD_CONNECTIONS.health} ask \`/api/health\`; ${MIXED_LOAD_CONNECTIONS.signIn} sign in. 'Main thread (before)' is the embedded database as it ran before issue 23, measured in the same run on the same data. Memory is the server process's resident memory after one warm-up pass, at its peak under the load, and 5 s after.`,
    '',
    '| server | work req/s | work p99 (ms) | health p99 (ms) | sign-in p99 (ms) | sign-ins/s | errors | memory before | peak | 5 s after |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.label} | ${f.workRequestsPerSecond.toFixed(0)} | ${f.workP99Ms} | ${f.healthP99Ms} | ${f.signInP99Ms} | ${f.signInRequestsPerSecond.toFixed(1)} | ${f.errors} | ${mb(f.rssBeforeBytes)} | ${mb(f.rssPeakBytes)} | ${mb(f.rssAfterBytes)} |`,
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

async function main() {
  const flag = (['mixed-load', 'bank', 'dashboard'] as const).find((name) => process.argv.includes(`--${name}-only`));
  const only: Only = flag ?? 'all';
  const tmp = path.join(root, 'bench/tmp');
  const dataDir = path.join(tmp, 'pglite');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const date = new Date().toISOString();

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

  if (only === 'dashboard') {
    log('seeding the embedded database (years of 10,000 and 50,000 subscriptions)');
    const database = await openDatabase({ dataDir });
    await seed(database.db, only);
    const server = await startServer(database, dataDir);
    const figures = await measureDashboard('pglite', database, server.baseUrl, server.token);
    await server.app.close();
    await database.close();
    writeSection(dashboardSection(date, [{ backend: 'pglite', dashboard: figures }]));
    rmSync(tmp, { recursive: true, force: true });
    log('wrote section 2b of bench/results.md');
    return;
  }

  log('building the web app');
  buildWeb();
  log('seeding the embedded database');
  const database = await openDatabase({ dataDir });
  await seed(database.db);
  const server = await startServer(database, dataDir);
  const api = [await measureApi('pglite', database, server.baseUrl, server.token)];
  const browser = await measureBrowser(server.baseUrl, server.token);
  // Last on this database: the import books payments, which the measurements above must not see.
  const bank = [await measureBankImport('pglite', database.db, server.baseUrl, server.token)];
  await server.app.close();
  await database.close();

  const serverRssBytes = await measureServerMemory(dataDir);
  log(`server RSS after the 50,000 year: ${(serverRssBytes / 1024 / 1024).toFixed(0)} MB`);
  const mixed = await pgliteMixedLoad(dataDir);
  if (process.env.DATABASE_URL) {
    const postgres = await postgresFigures(process.env.DATABASE_URL, only);
    api.push(postgres.api!);
    bank.push(postgres.bank!);
    mixed.push(postgres.mixed!);
  }

  writeResults({
    date,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
    api,
    browser,
    serverRssBytes,
    mixed,
  });
  writeSection(mixedLoadSection(date, mixed));
  writeSection(bankImportSection(date, bank));
  rmSync(tmp, { recursive: true, force: true });
  log('wrote bench/results.md and bench/results.json');
}

await main();
