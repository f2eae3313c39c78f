/**
 * Section 10 of the benchmark: the opening-day rush (issue 37), `npm run bench -- --rush`.
 *
 * A season of 10,000 subscriptions; booking opens for 40 camps with 600 seats together; 1,000 families, signed in
 * already, press 'Boeken' (`POST /api/public/book` with an Idempotency-Key) for 1–3 children within 10 seconds and
 * retry a timeout or a failure with the same key, while staff use the overview, a subscription's detail, /api/health
 * and a bank import. Each run starts from the same database (a copy of one seeded template), on PostgreSQL with one
 * server process and with two behind a reverse proxy (bench/rush-proxy.ts), with one of the two killed mid-rush, with
 * PostgreSQL restarted mid-rush, and on the embedded database with one process. The floor is the same baskets run
 * directly (`bookBasket`) at the same moments by as many database connections as the servers book through.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { GENDER_BOY, GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { bookPayload, type BookPayload } from '@common/schemas/public.js';
import { loadConfig } from '../server/src/config.js';
import {
  EMBEDDED_WORK_CONNECTIONS,
  openDatabase,
  POSTGRES_FAMILY_CONNECTIONS,
  queryRows,
  type Database,
  type DatabaseHandle,
} from '../server/src/db/client.js';
import * as t from '../server/src/db/schema.js';
import { bookBasket } from '../server/src/features/public/booking.js';
import { settingsDefaults } from '../server/src/lib/settings.js';
import { hashToken } from '../server/src/lib/session-expiry.js';
import { createRandom, seedDemoData, seedSubscriptions } from '../server/src/seed/demo-data.js';
import { mark, median, p99 } from './measure.js';
import { proxyBookingConnections, send, sleep, type Answer } from './rush-http.js';
import { BANK_IMPORT_AT_MS, BANK_MOVEMENTS, HEALTH_EVERY_MS, OVERVIEW_EVERY_MS, QUIET_MS, startStaff, type Samples } from './rush-staff.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** The scenario of issue 37. */
export const RUSH = {
  subscriptions: 10_000,
  camps: 40,
  seats: 600,
  families: 1000,
  pressSeconds: 10,
  /** Families whose basket carries a voucher for its first child's camp (booked even when full, counted apart). */
  vouchers: 30,
  /**
   * Before the opening, the season so far: families book one child each in camps that opened earlier, a few at a
   * time, more than they have seats. A server on an opening morning has booked all season; one started seconds before
   * the opening runs its first bookings cold (docs/decisions.md, 'The rush meets a server that has booked before').
   */
  season: { families: 300, camps: 4, seatsEach: 60, atOnce: 4 },
  /** The organiser's signature and logo in the settings (bytes), as an organiser issuing attests has them. */
  images: { signature: 60_000, logo: 40_000 },
} as const;
export const RUSH_TARGETS = {
  bookingP99Ms: 2000,
  floorRatio: 0.5,
  healthP99Ms: 100,
  detailRatio: 3,
  twoProcessRatio: 0.9,
  fairness: 0.95,
} as const;
/** A family's browser gives up on an answer after this long and sends the same booking again, with the same key. */
const TIMEOUT_MS = 10_000;
/**
 * Before sending again after a failure (a 5xx, a lost connection, the same key still in progress), as a site's script
 * backs off: 500 ms, doubled after each failure up to 4 s, each time between half and one and a half of that.
 */
const RETRY_PAUSE_MS = 500;
const RETRY_PAUSE_MAX_MS = 4000;
/** A family that has no answer this long after its press stops trying: 'gave up', not told why. */
const GIVE_UP_MS = 30_000;
/** When a disruption (a process killed, PostgreSQL restarted) hits, after the opening: the busiest seconds. */
const DISRUPT_AT_MS = 2500;

const log = (message: string) => console.log(`[rush ${new Date().toISOString().slice(11, 19)}] ${message}`);

interface RushCamp {
  id: number;
  seats: number;
  flexible: boolean;
  activeDays: string[];
}

interface Family {
  accountId: number;
  sessionId: number;
  parentId: number;
  token: string;
  /** When the family presses, after the opening. */
  offsetMs: number;
  payload: BookPayload;
  /** The children and camps of its basket. */
  items: { childId: number; campId: number }[];
}

export interface Scenario {
  year: number;
  camps: RushCamp[];
  families: Family[];
  /** The season before the opening: families booking camps that opened earlier (RUSH.season). */
  season: Family[];
  detailIds: number[];
  ogms: string[];
}

/* ------------------------------------------------------------------ the scenario */

/**
 * The season (the demo's lookups and 10,000 subscriptions), 40 camps of one year's summer that open together with
 * 600 seats (10 to 20 each, a quarter of them flexible), and 1,000 families already signed in: an account with a
 * confirmed address, a session, and 1 to 3 children each wanting a camp of their age. Camps are wanted unevenly
 * (a few popular weeks fill in seconds, others keep seats); flexible camps are booked for 2 to 5 running days. And
 * the season so far (RUSH.season): camps open for a month and the families who book them before the opening.
 * Written straight into the database: preparing the families is not what is measured.
 */
export async function seedScenario(db: Database): Promise<Scenario> {
  const random = createRandom(37);
  const year = new Date().getFullYear() + 1;
  await seedDemoData(db, { subscriptionsPerYear: 0 });
  await seedSubscriptions(db, { year, count: RUSH.subscriptions });
  // Whatever reads the settings during the rush pays for these, unless it leaves them out as a booking does
  // (SettingsWithoutImages, server/src/lib/settings.ts).
  const image = (bytes: number) => `data:image/png;base64,${randomBytes(bytes).toString('base64')}`;
  const withImages = await db
    .update(t.settings)
    .set({ signatureImage: image(RUSH.images.signature), organiserLogo: image(RUSH.images.logo) })
    .returning({ id: t.settings.id });
  if (withImages.length !== 1) throw new Error("the demo data saves the organiser's settings");

  const [template] = await db.select().from(t.camps).orderBy(t.camps.id).limit(1);
  const locations = await db
    .insert(t.locations)
    .values([
      { name: 'Domein De Zeebries, De Haan', nameShort: 'De Haan' },
      { name: 'Speelbos Hoge Kempen, Genk', nameShort: 'Genk' },
    ])
    .returning({ id: t.locations.id });
  const [theme] = await db.insert(t.themes).values({ name: 'Avonturenweek' }).returning({ id: t.themes.id });
  const agegroups = await db.select().from(t.agegroups).orderBy(t.agegroups.id);
  const summer = (
    await queryRows<{ id: number; startDate: string }>(
      db,
      sql`select id, start_date::text as "startDate" from periods
          where extract(year from start_date) = ${year} and name like 'Zomer week %' order by start_date`,
    )
  ).slice(0, 8);
  const seatsOf = [10, 12, 15, 18, 20];
  const campValues = (count: number, seats: (i: number) => number, allowBookingFrom: string) =>
    Array.from({ length: count }, (_, i) => {
      const period = summer[i % summer.length]!;
      const agegroup = agegroups[Math.floor(i / summer.length) % agegroups.length]!;
      const flexible = i % 4 === 1;
      const start = new Date(`${period.startDate}T00:00:00Z`);
      const days = Array.from({ length: 5 }, (_, d) => new Date(start.getTime() + d * 86_400_000).toISOString().slice(0, 10));
      return {
        ...template!,
        id: undefined,
        version: undefined,
        locationId: locations[Math.floor(i / (summer.length * agegroups.length))]!.id,
        periodId: period.id,
        themeId: theme!.id,
        agegroupId: agegroup.id,
        minBirthyear: year - (agegroup.maxAge ?? 12),
        maxBirthyear: year - (agegroup.minAge ?? 6),
        seatsAvailable: seats(i),
        closed: false,
        allowBookingFrom,
        activeDays: days.join(','),
        flexibleBookingAllowed: flexible,
        discountSelectedDaysAllowed: flexible,
        minimumRequiredDays: flexible ? 2 : 0,
        minimumContiguousDays: flexible ? 2 : 0,
        maximumAllowedDays: flexible ? 5 : 0,
      };
    });
  // Not open yet: each run opens them just before the first press (openCamps).
  const campRows = await db
    .insert(t.camps)
    .values(campValues(RUSH.camps, (i) => seatsOf[i % seatsOf.length]!, '2099-01-01T08:00:00.000Z'))
    .returning();
  const camps = campRows.map(rushCamp);
  if (camps.reduce((sum, c) => sum + c.seats, 0) !== RUSH.seats) throw new Error('the rush camps must have 600 seats together');
  // Popularity: the camps in a drawn order, the first wanted most (weight 1 / (rank + 3)).
  const ranked = [...campRows].sort(() => random.next() - 0.5);
  const weights = ranked.map((_, rank) => 1 / (rank + 3));
  const total = weights.reduce((a, b) => a + b, 0);
  const wanted = () => {
    let draw = random.next() * total;
    for (let i = 0; i < ranked.length; i++) if ((draw -= weights[i]!) <= 0) return ranked[i]!;
    return ranked[ranked.length - 1]!;
  };

  // The children: 1 (40 %), 2 (40 %) or 3 (20 %) each; a sibling joins the first one's camp half of the time.
  const plans = Array.from({ length: RUSH.families }, () => {
    const count = random.chance(0.4) ? 1 : random.chance(2 / 3) ? 2 : 3;
    const first = wanted();
    return Array.from({ length: count }, (_, k) => (k > 0 && random.chance(0.5) ? first : wanted()));
  });
  // Vouchers: some families got one from the organiser for their first child's camp.
  const voucherFamilies = new Set<number>();
  while (voucherFamilies.size < RUSH.vouchers) voucherFamilies.add(random.int(0, RUSH.families - 1));
  const voucherToken = (f: number) => `rush-voucher-${f}`;
  const now = new Date();
  await db.insert(t.vouchers).values(
    [...voucherFamilies].map((f) => ({
      token: voucherToken(f),
      campId: plans[f]![0]!.id,
      type: 'rush',
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    })),
  );
  const families = await seedFamilies(db, random, plans, camps, {
    name: 'Rush',
    voucher: (f) => (voucherFamilies.has(f) ? voucherToken(f) : undefined),
    // Most press in the first seconds: the offset is 10 s × u², u uniform (half of them within 2.5 s).
    offsetMs: (u) => RUSH.pressSeconds * 1000 * u * u,
  });

  // The season so far: camps open for a month, each family wanting one of them for one child, in turn.
  const seasonRows = await db
    .insert(t.camps)
    .values(campValues(RUSH.season.camps, () => RUSH.season.seatsEach, new Date(now.getTime() - 30 * 86_400_000).toISOString()))
    .returning();
  const season = await seedFamilies(
    db,
    random,
    Array.from({ length: RUSH.season.families }, (_, f) => [seasonRows[f % seasonRows.length]!]),
    seasonRows.map(rushCamp),
    { name: 'Seizoen', voucher: () => undefined, offsetMs: () => 0 },
  );

  const detailIds = (
    await queryRows<{ id: number }>(
      db,
      sql`select s.id from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${year} and s.id % 50 = 7 order by s.id`,
    )
  ).map((r) => r.id);
  const ogms = (
    await queryRows<{ ogm: string }>(
      db,
      sql`select ogm from subscriptions where not cancelled order by id desc limit ${BANK_MOVEMENTS / 2}`,
    )
  ).map((r) => r.ogm);
  return { year, camps, families, season, detailIds, ogms };
}

type CampRow = typeof t.camps.$inferSelect;

const rushCamp = (c: CampRow): RushCamp => ({
  id: c.id,
  seats: c.seatsAvailable,
  flexible: c.flexibleBookingAllowed,
  activeDays: c.activeDays.split(','),
});

/**
 * Families signed in already: a parent, an account with a confirmed address and a session each, and per family a child
 * of the right age for each camp of its plan; its basket books them (flexible camps for 2 to 5 running days).
 */
async function seedFamilies(
  db: Database,
  random: ReturnType<typeof createRandom>,
  plans: CampRow[][],
  camps: RushCamp[],
  how: { name: string; voucher: (f: number) => string | undefined; offsetMs: (u: number) => number },
): Promise<Family[]> {
  const parentRows = await db
    .insert(t.parents)
    .values(
      plans.map((_, i) => ({
        firstname: random.pick(['An', 'Bart', 'Els', 'Joris', 'Katrien', 'Pieter', 'Sofie', 'Tom']),
        lastname: `${how.name}${i}`,
        street: 'Stationsstraat',
        housenr: String(1 + (i % 200)),
        postalcode: '9000',
        city: 'Gent',
        country: 'België',
        phone: '0478 12 34 56',
        email: `${how.name.toLowerCase()}${i}@rush.be`,
      })),
    )
    .returning({ id: t.parents.id });
  const accountRows = await db
    .insert(t.familyAccounts)
    .values(parentRows.map((p, i) => ({ email: `${how.name.toLowerCase()}${i}@rush.be`, parentId: p.id, emailConfirmedAt: new Date() })))
    .returning({ id: t.familyAccounts.id });
  const tokens = accountRows.map(() => `gezin.${randomBytes(32).toString('base64url')}`);
  const now = new Date();
  const sessionRows = await db
    .insert(t.familySessions)
    .values(
      accountRows.map((a, i) => ({
        tokenHash: hashToken(tokens[i]!),
        accountId: a.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 7 * 86_400_000),
      })),
    )
    .returning({ id: t.familySessions.id });
  const childValues = plans.flatMap((campsOfFamily, f) =>
    campsOfFamily.map((camp, k) => ({
      parentId: parentRows[f]!.id,
      firstname: `Kind${k + 1}`,
      lastname: `${how.name}${f}`,
      genderId: random.chance(0.5) ? GENDER_GIRL : GENDER_BOY,
      birthdate: `${random.int(camp.minBirthyear, camp.maxBirthyear)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      nationalnr: '',
    })),
  );
  const childIds: number[] = [];
  for (let start = 0; start < childValues.length; start += 500)
    childIds.push(
      ...(
        await db
          .insert(t.children)
          .values(childValues.slice(start, start + 500))
          .returning({ id: t.children.id })
      ).map((c) => c.id),
    );
  let nextChild = 0;
  return plans.map((campsOfFamily, f) => {
    const items = campsOfFamily.map((camp) => ({ childId: childIds[nextChild++]!, campId: camp.id }));
    const voucher = how.voucher(f);
    const payload = bookPayload.parse({
      items: items.map((item) => {
        const camp = camps.find((c) => c.id === item.campId)!;
        if (!camp.flexible) return { CHILD_ID: item.childId, CAMP_ID: item.campId };
        const length = random.int(2, 5);
        const from = random.int(0, 5 - length);
        return { CHILD_ID: item.childId, CAMP_ID: item.campId, days: camp.activeDays.slice(from, from + length) };
      }),
      PAYMENTMETHOD_ID: random.chance(0.8) ? PAYMENT_METHOD.bankTransfer : PAYMENT_METHOD.cash,
      ...(voucher ? { voucher } : {}),
    });
    return {
      accountId: accountRows[f]!.id,
      sessionId: sessionRows[f]!.id,
      parentId: parentRows[f]!.id,
      token: tokens[f]!,
      offsetMs: how.offsetMs(random.next()),
      payload,
      items,
    };
  });
}

/* ------------------------------------------------------------------ databases: one template, a copy per run */

interface Copy {
  label: string;
  /** For the server processes. */
  env: Record<string, string>;
  dataDir: string;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

interface Backend {
  kind: 'postgres' | 'pglite';
  /** The database connections one server process books through (its families' lane): the floor runs its baskets through as many. */
  connections: number;
  copy(label: string): Promise<Copy>;
  close(): Promise<void>;
}

/** Seeds the scenario into a new database (the template of every run) and closes it. */
async function seedTemplate(database: DatabaseHandle): Promise<Scenario> {
  try {
    const scenario = await seedScenario(database.db);
    // The planner's statistics, as a database that has held a season has them (autovacuum's analyze): a template
    // seeded seconds ago has none, and every copy inherits that (docs/decisions.md, issue 37's speed).
    await database.db.execute(sql`analyze`);
    return scenario;
  } finally {
    await database.close();
  }
}

/** Opens the rush camps of a run's copy: their booking moment (CAMP_ALLOW_BOOKING_FROM) becomes now, seconds before the first press. */
async function openCamps(open: () => Promise<DatabaseHandle>, scenario: Scenario) {
  const database = await open();
  try {
    await database.db
      .update(t.camps)
      .set({ allowBookingFrom: new Date().toISOString() })
      .where(
        inArray(
          t.camps.id,
          scenario.camps.map((c) => c.id),
        ),
      );
  } finally {
    await database.close();
  }
}

export async function postgresBackend(baseUrl: string, tmp: string) {
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const urlOf = (name: string) => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const template = `kampbeheer_rush_${Date.now()}`;
  await admin((c) => c.query(`CREATE DATABASE ${template}`));
  const scenario = await seedTemplate(await openDatabase({ databaseUrl: urlOf(template), dataDir: '' }));
  let copies = 0;
  const backend: Backend = {
    kind: 'postgres',
    connections: POSTGRES_FAMILY_CONNECTIONS,
    async copy(label) {
      const name = `${template}_${++copies}`;
      await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      const open = () => openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
      await openCamps(open, scenario);
      const dataDir = path.join(tmp, name);
      mkdirSync(dataDir, { recursive: true });
      return {
        label,
        env: { DATABASE_URL: urlOf(name) },
        dataDir,
        open,
        drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
      };
    },
    close: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)).then(() => undefined),
  };
  return { backend, scenario };
}

export async function pgliteBackend(tmp: string) {
  const template = path.join(tmp, 'pglite-template');
  const scenario = await seedTemplate(await openDatabase({ dataDir: template }));
  let copies = 0;
  const backend: Backend = {
    kind: 'pglite',
    connections: EMBEDDED_WORK_CONNECTIONS,
    async copy(label) {
      const dataDir = path.join(tmp, `pglite-${++copies}`);
      cpSync(template, dataDir, { recursive: true });
      const open = () => openDatabase({ dataDir });
      await openCamps(open, scenario);
      return { label, env: {}, dataDir, open, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
    close: async () => rmSync(template, { recursive: true, force: true }),
  };
  return { backend, scenario };
}

/* ------------------------------------------------------------------ HTTP as the families and staff send it */

interface Press {
  family: number;
  /** Milliseconds after the opening: when the family pressed (its first attempt left), and when its last answer came. */
  pressedAt: number;
  endedAt: number;
  attempts: { status: number; code?: string; failure?: string }[];
  /** The last answer: 200 with its subscriptions, or a refusal's status and code; null when the family gave up. */
  final: { status: number; code?: string; ids: number[] } | null;
}

/**
 * The season before the opening (RUSH.season): its families book, RUSH.season.atOnce at a time, through `book`, which
 * answers 'booked' or the refusal's code. Anything but booked or full stops the run: the warm-up must be what it says.
 */
async function bookTheSeason(label: string, scenario: Scenario, book: (family: Family) => Promise<string>) {
  const outcomes: Record<string, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: RUSH.season.atOnce }, async () => {
      while (next < scenario.season.length) {
        const outcome = await book(scenario.season[next++]!);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    }),
  );
  const booked = outcomes['booked'] ?? 0;
  const full = outcomes['CAMP_FULL'] ?? 0;
  if (booked + full !== scenario.season.length) throw new Error(`${label}: the season before the opening went wrong: ${list(outcomes)}`);
  log(`${label}: the season before the opening, ${booked} booked, ${full} full`);
  return { booked, full };
}

/** A family's press of 'Boeken': its basket with this Idempotency-Key, answered within TIMEOUT_MS or not at all. */
const sendBooking = (base: string, family: Family, key: string) =>
  send(`${base}/api/public/book`, {
    method: 'POST',
    headers: { authorization: `Bearer ${family.token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(family.payload),
    timeoutMs: TIMEOUT_MS,
  });

/** The code of a refusal thrown by `bookBasket` (the floor), or the start of the error's message. */
const refusalCode = (error: unknown) => (error as { code?: string }).code ?? String((error as Error).message).slice(0, 80);

/** One family: its press at its moment, and the same booking again (same key) after a timeout or a failure. */
async function press(base: string, family: Family, index: number, opening: number): Promise<Press> {
  await sleep(opening + family.offsetMs - performance.now());
  const key = randomUUID();
  const pressedAt = performance.now() - opening;
  const attempts: Press['attempts'] = [];
  let failures = 0;
  for (;;) {
    const answer = await sendBooking(base, family, key);
    attempts.push({ status: answer.status, code: answer.code, failure: answer.failure });
    const endedAt = performance.now() - opening;
    const settled = answer.status >= 200 && answer.status < 500 && answer.code !== 'CONFLICT';
    if (settled) {
      const ids =
        answer.status === 200
          ? (answer.body as { data: { bookings: { SUBSCRIPTION_ID: number }[] } }).data.bookings.map((b) => b.SUBSCRIPTION_ID)
          : [];
      return { family: index, pressedAt, endedAt, attempts, final: { status: answer.status, code: answer.code, ids } };
    }
    if (endedAt - pressedAt > GIVE_UP_MS) return { family: index, pressedAt, endedAt, attempts, final: null };
    if (answer.failure !== 'timeout') await sleep(Math.min(RETRY_PAUSE_MAX_MS, RETRY_PAUSE_MS * 2 ** failures++) * (0.5 + Math.random()));
  }
}

/* ------------------------------------------------------------------ processes: servers and the proxy */

/** A helper process of the bench (a TypeScript file in bench/), once it printed the port it listens on. */
async function startHelper(
  file: string,
  args: string[],
  listening: RegExp,
): Promise<{ port: string; process: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', file), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const bound = listening.exec(chunk.toString());
      if (bound) resolve(bound[1]!);
    });
    child.on('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return {
    port,
    process: child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function startProxy(ports: number[]) {
  const proxy = await startHelper('rush-proxy.ts', ports.map(String), /proxy listening on (\d+)/);
  return { ...proxy, base: `http://127.0.0.1:${proxy.port}` };
}

/** The mail server (bench/rush-smtp.ts): its URL, and how many mails it took so far and when it took the last. */
async function startSmtp() {
  const smtp = await startHelper('rush-smtp.ts', [], /smtp listening on (\d+)/);
  let received = 0;
  let lastAt = 0;
  smtp.process.stdout!.on('data', (chunk: Buffer) => {
    for (const [, n] of chunk.toString().matchAll(/received (\d+)/g)) {
      received = Number(n);
      lastAt = performance.now();
    }
  });
  return { ...smtp, url: `smtp://127.0.0.1:${smtp.port}`, received: () => received, lastAt: () => lastAt };
}

/** The local PostgreSQL cluster serving `databaseUrl`'s port (Debian's pg_lsclusters), to restart it mid-rush. */
async function localCluster(databaseUrl: string): Promise<[string, string] | null> {
  try {
    const { stdout } = await run('pg_lsclusters', ['--no-header']);
    const port = new URL(databaseUrl).port || '5432';
    const line = stdout
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .find((fields) => fields[2] === port);
    return line ? [line[0]!, line[1]!] : null;
  } catch {
    return null;
  }
}

/* ------------------------------------------------------------------ one run */

type Disruption = { kind: 'kill' } | { kind: 'restart'; cluster: [string, string] };

export interface RunFigures {
  label: string;
  backend: 'postgres' | 'pglite';
  processes: number;
  disruption: string | null;
  /** Families, booked, refused as full, refused otherwise, gave up. */
  families: number;
  booked: number;
  refusedFull: number;
  refusedOther: Record<string, number>;
  gaveUp: number;
  /** Attempts answered 5xx (by status and code), and attempts without an answer (timeouts, lost connections). */
  fiveHundreds: Record<string, number>;
  unanswered: Record<string, number>;
  retriedFamilies: number;
  bookingMedianMs: number;
  bookingP99Ms: number;
  /** Booking calls answered (booked or refused) per second, from the first press to the last answer. */
  callsPerSecond: number;
  rushSeconds: number;
  health: { quietP99Ms: number; p99Ms: number; samples: number; failures: number };
  detail: { quietP99Ms: number; p99Ms: number; samples: number; failures: number };
  overview: { medianMs: number; maxMs: number; samples: number; failures: number };
  bankImport: { ms: number; status: number };
  correctness: {
    /** Seats beyond a camp's seats once its voucher bookings are set apart, summed over the camps. */
    seatsBeyond: number;
    voucherSeats: number;
    /** Subscriptions a 200 named that are not (live, same child and camp) in the database. */
    lost: number;
    /** A child booked more than once in the rush camps. */
    duplicates: number;
    /** Rush bookings in the database no family was answered 200 for (a refusal, or no answer at all). */
    untold: number;
    /** Baskets partly booked. */
    halfBaskets: number;
    /** Camps whose seats taken in the staff's getCamps differ from the database. */
    staffSeatMismatches: number;
    /** Bookings answered 200, and how many of them have their confirmation mail sent (the mail server took it). */
    toldBookings: number;
    confirmed: number;
  };
  /** When the mail server took the last mail, in ms after the last family's answer (null: none after it, or not waited for). */
  mailLastMs: number | null;
  fairness: { pairs: number; inOrder: number; ratio: number };
  /** The server processes' CPU time (user + system) from the opening to the last answer: not stretched by a busy machine. */
  serverCpuSeconds: number;
  /** The machine's 1-minute load average as the rush began and as it ended. */
  loadAverage: [number, number];
  disrupted?: { atMs: number; tookMs?: number; familiesRetried: number };
}

interface ServerSet {
  servers: ServerProcess[];
  proxy: Awaited<ReturnType<typeof startProxy>>;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
}

async function startServers(copy: Copy, processes: number): Promise<ServerSet> {
  const servers: ServerProcess[] = [];
  const smtp = await startSmtp();
  try {
    for (let i = 0; i < processes; i++) {
      const dataDir = processes > 1 ? path.join(copy.dataDir, `process-${i + 1}`) : copy.dataDir;
      mkdirSync(dataDir, { recursive: true });
      servers.push(await startServerProcess(dataDir, { ...copy.env, SMTP_URL: smtp.url }));
    }
    const proxy = await startProxy(servers.map((s) => Number(new URL(s.base).port)));
    return { servers, proxy, smtp };
  } catch (error) {
    for (const server of servers) await server.stop();
    await smtp.stop();
    throw error;
  }
}

/** How long without mail counts as all sent when fewer came than expected, and the most to wait for them. */
const MAIL_QUIET_MS = 10_000;
const MAIL_WAIT_MS = 120_000;

/**
 * Once the families stopped: waits until the mail server took `expected` mails and then none for a second, or none
 * for MAIL_QUIET_MS (longer than a server holds mail back after its rush), at most MAIL_WAIT_MS. Answers when it
 * took the last one, in ms after `lastAnswer` (null: none after it).
 */
async function mailSettled(smtp: ServerSet['smtp'], lastAnswer: number, expected: number): Promise<number | null> {
  const until = performance.now() + MAIL_WAIT_MS;
  while (performance.now() < until) {
    const quietMs = performance.now() - Math.max(smtp.lastAt(), lastAnswer);
    if ((smtp.received() >= expected && quietMs >= 1000) || quietMs >= MAIL_QUIET_MS) break;
    await sleep(250);
  }
  return smtp.lastAt() > lastAnswer ? smtp.lastAt() - lastAnswer : null;
}

/** One rush against a fresh copy of the season: the families, staff at work, a disruption if any, then the checks. */
export async function rushRun(
  label: string,
  backend: Backend,
  scenario: Scenario,
  processes: number,
  disruption: Disruption | null,
): Promise<RunFigures> {
  const copy = await backend.copy(label);
  try {
    const { servers, proxy, smtp } = await startServers(copy, processes);
    const base = proxy.base;
    const token = servers[0]!.token;
    // The season before the opening, through the proxy, and its confirmations sent.
    const season = await bookTheSeason(label, scenario, async (family) => {
      const answer = await sendBooking(base, family, randomUUID());
      return answer.status === 200 ? 'booked' : (answer.code ?? answer.failure ?? String(answer.status));
    });
    const seasonMails = await mailSettled(smtp, performance.now(), season.booked).then(() => smtp.received());
    const staff = await startStaff();
    let stopped = false;
    const stopAll = async () => {
      if (stopped) return;
      stopped = true;
      staff.end();
      await proxy.stop();
      for (const server of servers) await server.stop();
      await smtp.stop();
    };
    try {
      // Quiet: the detail and the health check with nothing else going on (after a warm-up of every staff call).
      const { quietDetail, quietHealth } = await staff.quiet({
        base,
        token,
        year: scenario.year,
        detailIds: scenario.detailIds,
        ogms: scenario.ogms,
        processes,
      });

      // The rush. The server processes' CPU time is read every 250 ms (a killed process keeps its last reading).
      const cpuAtOpening = servers.map((server) => server.cpuSeconds());
      const cpuLast = [...cpuAtOpening];
      const readCpu = () =>
        servers.forEach((server, i) => {
          try {
            cpuLast[i] = server.cpuSeconds();
          } catch {
            // gone
          }
        });
      const cpuSampler = setInterval(readCpu, 250);
      const loadBefore = os.loadavg()[0]!;
      const opening = performance.now() + 500;
      staff.rush(opening - performance.now());
      const disrupted = disruption
        ? (async () => {
            await sleep(opening + DISRUPT_AT_MS - performance.now());
            const atMs = performance.now() - opening;
            if (disruption.kind === 'kill') {
              servers[1]!.kill();
              log(`${label}: killed process 2 (pid ${servers[1]!.pid}) ${(atMs / 1000).toFixed(1)} s after the opening`);
              return { atMs };
            }
            const start = performance.now();
            await run('pg_ctlcluster', [...disruption.cluster, 'restart']);
            const tookMs = performance.now() - start;
            log(`${label}: restarted PostgreSQL ${(atMs / 1000).toFixed(1)} s after the opening (${(tookMs / 1000).toFixed(1)} s)`);
            return { atMs, tookMs };
          })()
        : Promise.resolve(null);
      const presses = await Promise.all(scenario.families.map((family, i) => press(base, family, i, opening)));
      const staffDone = staff.stop();
      readCpu();
      clearInterval(cpuSampler);
      const serverCpuSeconds = cpuLast.reduce((sum, cpu, i) => sum + cpu - cpuAtOpening[i]!, 0);
      const { rushDetail, rushHealth, overview, bank } = await staffDone;
      const disruptedAt = await disrupted;
      const loadAfter = os.loadavg()[0]!;

      // What staff see, once the servers are done: no new requests (the proxy stops), and the seats taken of each
      // camp of the year answered twice alike, a second apart, by a server still running (what it still had in hand
      // after the families stopped waiting is in the database by then).
      await proxy.stop();
      const staffSeats = await settledSeats(servers, token, scenario.year);
      // The confirmation mails, which a server holds back while families wait in its line for bookings: after a run
      // without a disruption, until they stopped coming (a killed process's claimed mails wait for their lease).
      const lastAnswer = opening + Math.max(...presses.map((p) => p.endedAt));
      const booked = presses.reduce((n, p) => n + (p.final?.status === 200 ? p.final.ids.length : 0), 0);
      const mailLastMs = disruption ? null : await mailSettled(smtp, lastAnswer, seasonMails + booked);
      await stopAll();
      const correctness = await check(copy, scenario, presses, staffSeats);
      const figures = summarise(scenario, label, backend.kind, processes, disruption, presses, correctness, {
        quietDetail,
        quietHealth,
        rushDetail,
        rushHealth,
        overview,
        bank,
      });
      figures.serverCpuSeconds = serverCpuSeconds;
      figures.mailLastMs = mailLastMs;
      figures.loadAverage = [loadBefore, loadAfter];
      if (disruptedAt) {
        const retried = presses.filter((p) => p.attempts.length > 1 && p.pressedAt <= disruptedAt.atMs + TIMEOUT_MS).length;
        figures.disrupted = { ...disruptedAt, familiesRetried: retried };
      }
      log(
        `${label}: ${figures.booked} booked, ${figures.refusedFull} full, other ${list(figures.refusedOther)}, ${figures.gaveUp} gave up; 5xx ${list(figures.fiveHundreds)}; no answer ${list(figures.unanswered)}; p99 ${figures.bookingP99Ms} ms; ${figures.callsPerSecond.toFixed(1)} calls/s; health p99 ${figures.health.p99Ms} ms; detail p99 ${figures.detail.p99Ms} ms (quiet ${figures.detail.quietP99Ms}); server CPU ${serverCpuSeconds.toFixed(1)} s; load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
      );
      return figures;
    } finally {
      await stopAll();
    }
  } finally {
    await copy.drop();
  }
}

/** The seats taken per camp from the staff's getCamps, once two answers a second apart agree (at most 60 s). */
async function settledSeats(servers: ServerProcess[], token: string, year: number): Promise<Map<number, number>> {
  let last: (readonly [number, number])[] | null = null;
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    for (const server of servers) {
      const answer = await send(`${server.base}/api/getCamps?campYear=${year}`, { headers: { authorization: `Bearer ${token}` } });
      if (answer.status !== 200) continue;
      const seats = (answer.body as { data: { CAMP_ID: number; SEATS_TAKEN: number }[] }).data.map(
        (c) => [c.CAMP_ID, c.SEATS_TAKEN] as const,
      );
      if (last && JSON.stringify(seats) === JSON.stringify(last)) return new Map(seats);
      last = seats;
      break;
    }
    await sleep(1000);
  }
  return new Map(last ?? []);
}

/* ------------------------------------------------------------------ the checks, against the database after the run */

async function check(
  copy: Copy,
  scenario: Scenario,
  presses: Press[],
  staffSeats: Map<number, number>,
): Promise<RunFigures['correctness']> {
  const database = await copy.open();
  try {
    const campIds = scenario.camps.map((c) => c.id);
    const live = await queryRows<{ id: number; childId: number; campId: number }>(
      database.db,
      sql`select id, child_id as "childId", camp_id as "campId" from subscriptions
          where not cancelled and camp_id in (${sql.join(
            campIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const vouchers = await queryRows<{ campId: number; count: number }>(
      database.db,
      sql`select s.camp_id as "campId", count(*)::int as count from audit_log a join subscriptions s on s.id = a.entity_id
          where a.action = 'bookOnline:voucher' and a.entity = 'subscription' and not s.cancelled group by s.camp_id`,
    );
    const voucherOf = new Map(vouchers.map((v) => [v.campId, v.count]));
    const takenOf = new Map<number, number>();
    for (const s of live) takenOf.set(s.campId, (takenOf.get(s.campId) ?? 0) + 1);
    let seatsBeyond = 0;
    let staffSeatMismatches = 0;
    for (const camp of scenario.camps) {
      const taken = takenOf.get(camp.id) ?? 0;
      seatsBeyond += Math.max(0, taken - (voucherOf.get(camp.id) ?? 0) - camp.seats);
      if (staffSeats.get(camp.id) !== taken) staffSeatMismatches++;
    }
    const byId = new Map(live.map((s) => [s.id, s]));
    const perChild = new Map<number, number>();
    for (const s of live) perChild.set(s.childId, (perChild.get(s.childId) ?? 0) + 1);
    let lost = 0;
    let untold = 0;
    let halfBaskets = 0;
    const told = new Set<number>();
    for (const p of presses) {
      const family = scenario.families[p.family]!;
      const inDatabase = family.items.filter((item) => live.some((s) => s.childId === item.childId && s.campId === item.campId)).length;
      if (inDatabase > 0 && inDatabase < family.items.length) halfBaskets++;
      if (p.final?.status === 200) {
        p.final.ids.forEach((id, i) => {
          const row = byId.get(id);
          const item = family.items[i]!;
          if (!row || row.childId !== item.childId || row.campId !== item.campId) lost++;
          told.add(id);
        });
      }
    }
    for (const s of live) if (!told.has(s.id)) untold++;
    const duplicates = [...perChild.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const [mail] = await queryRows<{ confirmed: number }>(
      database.db,
      sql`select count(distinct subscription_id)::int as confirmed from mail_outbox
          where status = 'sent' and subscription_id in (select json_array_elements_text(${JSON.stringify([...told])}::json)::int)`,
    );
    return {
      seatsBeyond,
      voucherSeats: [...voucherOf.values()].reduce((a, b) => a + b, 0),
      lost,
      duplicates,
      untold,
      halfBaskets,
      staffSeatMismatches,
      toldBookings: told.size,
      confirmed: mail!.confirmed,
    };
  } finally {
    await database.close();
  }
}

/**
 * Fairness, as pairs (docs/decisions.md, 'Issue 37'): for each camp that refused someone, the families whose basket
 * asks for that camp only and carries no voucher, and whose answer was booked or CAMP_FULL. A pair is two of them, A
 * pressed before B (its first attempt left earlier), A asking no more seats than B, and exactly one of them booked.
 * The pair is in order when A booked. The ratio: pairs in order / pairs.
 */
function fairness(scenario: Scenario, presses: Press[]): RunFigures['fairness'] {
  let pairs = 0;
  let inOrder = 0;
  for (const camp of scenario.camps) {
    const contenders = presses
      .filter((p) => {
        const family = scenario.families[p.family]!;
        return (
          !family.payload.voucher &&
          family.items.every((i) => i.campId === camp.id) &&
          (p.final?.status === 200 || p.final?.code === 'CAMP_FULL')
        );
      })
      .map((p) => ({ pressedAt: p.pressedAt, seats: scenario.families[p.family]!.items.length, booked: p.final!.status === 200 }));
    if (!contenders.some((c) => !c.booked)) continue;
    for (const a of contenders)
      for (const b of contenders) {
        if (!(a.pressedAt < b.pressedAt) || a.seats > b.seats || a.booked === b.booked) continue;
        pairs++;
        if (a.booked) inOrder++;
      }
  }
  return { pairs, inOrder, ratio: pairs === 0 ? 1 : inOrder / pairs };
}

function summarise(
  scenario: Scenario,
  label: string,
  backend: 'postgres' | 'pglite',
  processes: number,
  disruption: Disruption | null,
  presses: Press[],
  correctness: RunFigures['correctness'],
  staff: { quietDetail: Samples; quietHealth: Samples; rushDetail: Samples; rushHealth: Samples; overview: Samples; bank: Answer },
): RunFigures {
  const count = (keys: string[]) => keys.reduce<Record<string, number>>((all, key) => ({ ...all, [key]: (all[key] ?? 0) + 1 }), {});
  const attempts = presses.flatMap((p) => p.attempts);
  const answered = presses.filter((p) => p.final);
  const latencies = presses.map((p) => p.endedAt - p.pressedAt);
  const firstPress = Math.min(...presses.map((p) => p.pressedAt));
  const lastAnswer = Math.max(...presses.map((p) => p.endedAt));
  const ok = (s: Samples) => s.filter((x) => x.status === 200).map((x) => x.ms);
  const failures = (s: Samples) => s.filter((x) => x.status !== 200).length;
  return {
    label,
    backend,
    processes,
    disruption: disruption?.kind ?? null,
    families: presses.length,
    booked: answered.filter((p) => p.final!.status === 200).length,
    refusedFull: answered.filter((p) => p.final!.code === 'CAMP_FULL').length,
    refusedOther: count(
      answered.filter((p) => p.final!.status !== 200 && p.final!.code !== 'CAMP_FULL').map((p) => `${p.final!.status} ${p.final!.code}`),
    ),
    gaveUp: presses.length - answered.length,
    fiveHundreds: count(attempts.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.code ?? ''}`.trim())),
    unanswered: count(attempts.filter((a) => a.status === 0).map((a) => a.failure ?? 'no answer')),
    retriedFamilies: presses.filter((p) => p.attempts.length > 1).length,
    bookingMedianMs: Math.round(median(latencies)),
    bookingP99Ms: p99(latencies),
    callsPerSecond: answered.length / ((lastAnswer - firstPress) / 1000),
    rushSeconds: (lastAnswer - firstPress) / 1000,
    health: {
      quietP99Ms: p99(ok(staff.quietHealth)),
      p99Ms: p99(staff.rushHealth.map((x) => x.ms)),
      samples: staff.rushHealth.length,
      failures: failures(staff.rushHealth),
    },
    detail: {
      quietP99Ms: p99(ok(staff.quietDetail)),
      p99Ms: p99(staff.rushDetail.map((x) => x.ms)),
      samples: staff.rushDetail.length,
      failures: failures(staff.rushDetail),
    },
    overview: {
      medianMs: Math.round(median(staff.overview.map((x) => x.ms))),
      maxMs: Math.round(Math.max(...staff.overview.map((x) => x.ms))),
      samples: staff.overview.length,
      failures: failures(staff.overview),
    },
    bankImport: { ms: Math.round(staff.bank.ms), status: staff.bank.status },
    correctness,
    fairness: fairness(scenario, presses),
    serverCpuSeconds: 0,
    mailLastMs: null,
    loadAverage: [0, 0],
  };
}

/* ------------------------------------------------------------------ the floor */

export interface FloorFigures {
  label: string;
  connections: number;
  callsPerSecond: number;
  rushSeconds: number;
  booked: number;
  refused: number;
  failed: number;
  p99Ms: number;
}

/**
 * The floor: the same baskets as the families', each at its family's moment, run directly as the call's transaction
 * (`bookBasket`) in this process through `pools` database handles' families' lanes (one per server process: as many connections as
 * the servers book through), on a fresh copy of the season. No HTTP, no session, no Idempotency-Key, no answer read back.
 */
export async function floorRun(label: string, backend: Backend, scenario: Scenario, pools: number): Promise<FloorFigures> {
  const copy = await backend.copy(label);
  const databases: DatabaseHandle[] = [];
  try {
    for (let i = 0; i < pools; i++) databases.push(await copy.open());
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: copy.dataDir });
    const deps = (i: number) => ({
      db: databases[i % pools]!.familyDb,
      settingsDefaults: settingsDefaults(config),
      relay: { nudge: () => {} },
    });
    // As many baskets at once as there are connections; the others wait their turn here, in the order they came.
    const connections = pools * backend.connections;
    let running = 0;
    const waiting: (() => void)[] = [];
    const turn = () => (running < connections ? (running++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve)));
    const release = () => (waiting.length > 0 ? waiting.shift()!() : running--);
    // The season before the opening, as the servers book it, on the same connections.
    let seasonBasket = 0;
    await bookTheSeason(label, scenario, (family) =>
      bookBasket(deps(seasonBasket++), family, family.payload, new Date()).then(() => 'booked', refusalCode),
    );
    const opening = performance.now() + 500;
    const results = await Promise.all(
      scenario.families.map(async (family, i) => {
        await sleep(opening + family.offsetMs - performance.now());
        const start = performance.now();
        await turn();
        let outcome: 'booked' | 'refused' | 'failed' = 'booked';
        let reason = '';
        try {
          await bookBasket(
            deps(i),
            { accountId: family.accountId, sessionId: family.sessionId, parentId: family.parentId },
            family.payload,
            new Date(),
          );
        } catch (error) {
          reason = refusalCode(error);
          outcome = reason === 'CAMP_FULL' ? 'refused' : 'failed';
        }
        release();
        return { outcome, reason, start: start - opening, end: performance.now() - opening };
      }),
    );
    const first = Math.min(...results.map((r) => r.start));
    const last = Math.max(...results.map((r) => r.end));
    const figures = {
      label,
      connections,
      callsPerSecond: results.length / ((last - first) / 1000),
      rushSeconds: (last - first) / 1000,
      booked: results.filter((r) => r.outcome === 'booked').length,
      refused: results.filter((r) => r.outcome === 'refused').length,
      failed: results.filter((r) => r.outcome === 'failed').length,
      p99Ms: p99(results.map((r) => r.end - r.start)),
    };
    const reasons: Record<string, number> = {};
    for (const r of results.filter((x) => x.outcome === 'failed')) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
    log(
      `${label}: ${figures.booked} booked, ${figures.refused} full, ${figures.failed} failed (${list(reasons)}); ${figures.callsPerSecond.toFixed(1)} per s; p99 ${figures.p99Ms} ms`,
    );
    return figures;
  } finally {
    for (const database of databases) await database.close();
    await copy.drop();
  }
}

/* ------------------------------------------------------------------ the whole section */

export interface RushFigures {
  date: string;
  machine: string;
  /** The machine's load average (1, 5, 15 min) as the section started and as it ended. */
  loadAverage: { start: number[]; end: number[] };
  seconds: number;
  floors: FloorFigures[];
  runs: RunFigures[];
  /** Why the restart was not run, when it was not. */
  restartSkipped?: string;
}

export const RUN_LABELS = {
  postgresOne: 'postgres, 1 process',
  postgresTwo: 'postgres, 2 processes',
  killed: 'postgres, 2 processes, one killed',
  restarted: 'postgres, 1 process, PostgreSQL restarted',
  pglite: 'pglite, 1 process',
} as const;

const machineName = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;

/** Every run of the section, in an order that puts each floor right before the runs it is the floor of. */
export async function runRush(databaseUrl: string, only: 'all' | 'postgres-one' = 'all'): Promise<RushFigures> {
  const started = performance.now();
  const loadStart = os.loadavg();
  const date = new Date().toISOString();
  const tmp = path.join(root, 'bench/tmp/rush');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const floors: FloorFigures[] = [];
  const runs: RunFigures[] = [];
  let restartSkipped: string | undefined;
  const figures = (): RushFigures => ({
    date,
    machine: machineName(),
    loadAverage: { start: loadStart, end: os.loadavg() },
    seconds: (performance.now() - started) / 1000,
    floors,
    runs,
    restartSkipped,
  });
  try {
    log('seeding the season on PostgreSQL');
    const postgres = await postgresBackend(databaseUrl, tmp);
    try {
      const { scenario } = postgres;
      log(
        `${scenario.families.length} families, ${scenario.families.reduce((n, f) => n + f.items.length, 0)} children, ${RUSH.seats} seats`,
      );
      floors.push(await floorRun('postgres, floor for 1 process', postgres.backend, scenario, 1));
      runs.push(await rushRun(RUN_LABELS.postgresOne, postgres.backend, scenario, 1, null));
      if (only === 'postgres-one') return figures();
      floors.push(await floorRun('postgres, floor for 2 processes', postgres.backend, scenario, 2));
      runs.push(await rushRun(RUN_LABELS.postgresTwo, postgres.backend, scenario, 2, null));
      runs.push(await rushRun(RUN_LABELS.killed, postgres.backend, scenario, 2, { kind: 'kill' }));
      const cluster = await localCluster(databaseUrl);
      if (cluster) runs.push(await rushRun(RUN_LABELS.restarted, postgres.backend, scenario, 1, { kind: 'restart', cluster }));
      else restartSkipped = `no local PostgreSQL cluster (pg_lsclusters) serves port ${new URL(databaseUrl).port || '5432'}`;
    } finally {
      await postgres.backend.close();
    }
    log('seeding the season on the embedded database');
    const pglite = await pgliteBackend(tmp);
    try {
      floors.push(await floorRun('pglite, floor for 1 process', pglite.backend, pglite.scenario, 1));
      runs.push(await rushRun(RUN_LABELS.pglite, pglite.backend, pglite.scenario, 1, null));
    } finally {
      await pglite.backend.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return figures();
}

const list = (counts: Record<string, number>) =>
  Object.keys(counts).length === 0
    ? 'none'
    : Object.entries(counts)
        .map(([key, n]) => `${n} × ${key}`)
        .join(', ');

/** Section 10 of results.md: the table of every run, and every target line marked pass or FAIL. */
export function rushSection(figures: RushFigures): string[] {
  const t = RUSH_TARGETS;
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  const run = (label: string) => figures.runs.find((r) => r.label === label);
  const floorOf = (r: RunFigures) =>
    figures.floors.find((f) => f.label === `${r.backend}, floor for ${r.processes} process${r.processes > 1 ? 'es' : ''}`);
  const normal = figures.runs.filter((r) => !r.disruption);
  const lines = [
    `## 10. The opening-day rush (issue 37; targets: nothing oversold, lost or double-booked, every refusal told why; booking p99 at most ${t.bookingP99Ms / 1000} s; at least ${t.floorRatio} × the booking transactions run directly; /api/health p99 at most ${t.healthP99Ms} ms and the detail's p99 at most ${t.detailRatio} × its quiet p99 during the rush; two processes at least ${t.twoProcessRatio} × one; earlier presses booked first in at least ${t.fairness * 100} % of pairs)`,
    '',
    `Measured ${figures.date} on ${figures.machine}, by \`npm run bench -- --rush\` in ${Math.round(figures.seconds)} s. Load average (1 / 5 / 15 min) at the start: ${load(figures.loadAverage.start)}; at the end: ${load(figures.loadAverage.end)} (on ${os.cpus().length} cores, above ${os.cpus().length} the latencies are mostly the machine's).`,
    '',
    [
      `A season of ${RUSH.subscriptions.toLocaleString('en')} subscriptions; booking opens (CAMP_ALLOW_BOOKING_FROM set to the moment the run's database is prepared, seconds before the first press) for ${RUSH.camps} camps with ${RUSH.seats} seats together (10 to 20 each, a quarter flexible), wanted unevenly; the organiser's settings hold a signature of ${RUSH.images.signature / 1000} kB and a logo of ${RUSH.images.logo / 1000} kB. ${RUSH.families.toLocaleString('en')} families, signed in already (written into the database before the run), press 'Boeken' (\`POST /api/public/book\` with an Idempotency-Key) for 1 to 3 children within ${RUSH.pressSeconds} s, most in the first seconds (10 s × u², u uniform); flexible camps for 2 to 5 days, ${RUSH.vouchers} baskets with a voucher.`,
      `Before the opening, as on a server that has booked all season, ${RUSH.season.families} other families book one child each in ${RUSH.season.camps} camps open for a month (${RUSH.season.seatsEach} seats each), ${RUSH.season.atOnce} at a time, through the proxy (the floor: directly); a process started seconds before the opening would run the rush's first bookings cold (docs/decisions.md, 'The rush meets a server that has booked before').`,
      `A family sends the same booking again with the same key after ${TIMEOUT_MS / 1000} s without an answer, and after a 5xx, a lost connection or its key still in progress it waits ${RETRY_PAUSE_MS} ms, doubled after each failure up to ${RETRY_PAUSE_MAX_MS / 1000} s (± 50 %); it gives up after ${GIVE_UP_MS / 1000} s.`,
      `Meanwhile, from a process of their own (a staff member's browser is not the families'), one staff member asks \`/api/health\` every ${HEALTH_EVERY_MS} ms, one opens subscriptions' details one after the other, one reloads the overview of the season every ${OVERVIEW_EVERY_MS / 1000} s, and one imports a bank statement of ${BANK_MOVEMENTS.toLocaleString('en')} movements ${BANK_IMPORT_AT_MS / 1000} s after the opening; 'quiet' is the same staff work during ${QUIET_MS / 1000} s before it.`,
      `Every run starts from a copy of the same database; the server processes stand behind a reverse proxy (bench/rush-proxy.ts, plain node:http, each request to the process with the fewest in hand, as nginx's least_conn; bookings through ${proxyBookingConnections()} connections to each process, the others waiting at the proxy, as the README bounds them).`,
      `The floor runs the same baskets at the same moments as the call's transaction (\`bookBasket\`) directly, through as many database connections as the servers' bookings have (the families' lane, ${POSTGRES_FAMILY_CONNECTIONS} a process on PostgreSQL; the ${EMBEDDED_WORK_CONNECTIONS} work connections on the embedded database).`,
      `Booking time: from a family's press to its last answer, retries included.`,
      `Calls per second: booking calls answered (booked or refused) from the first press to the last answer.`,
      `Fairness: see docs/decisions.md, 'Issue 37: the opening-day rush (the bench)'.`,
    ].join(' '),
    '',
    '| run | booked | full | other refusals | gave up | families that retried | 5xx answers | no answer | booking median / p99 (ms) | calls/s | floor calls/s | health p99, quiet → rush (ms) | detail p99, quiet → rush (ms) | overview median / max (ms) | bank import (ms) | fairness | server CPU during the rush (s) | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.runs.map((r) => {
      const floor = floorOf(r);
      return `| ${r.label} | ${r.booked} | ${r.refusedFull} | ${list(r.refusedOther)} | ${r.gaveUp} | ${r.retriedFamilies} | ${list(r.fiveHundreds)} | ${list(r.unanswered)} | ${r.bookingMedianMs} / ${r.bookingP99Ms} | ${r.callsPerSecond.toFixed(1)} | ${floor ? floor.callsPerSecond.toFixed(1) : '–'} | ${r.health.quietP99Ms} → ${r.health.p99Ms} | ${r.detail.quietP99Ms} → ${r.detail.p99Ms} | ${r.overview.medianMs} / ${r.overview.maxMs} | ${r.bankImport.ms} (${r.bankImport.status}) | ${(r.fairness.ratio * 100).toFixed(1)} % of ${r.fairness.pairs} | ${r.serverCpuSeconds.toFixed(1)} | ${r.loadAverage.map((l) => l.toFixed(1)).join(' → ')} |`;
    }),
    '',
    ...figures.floors.map(
      (f) =>
        `- floor, ${f.label}: ${f.connections} connections, ${f.booked} booked, ${f.refused} full, ${f.failed} failed, ${f.callsPerSecond.toFixed(1)} per s over ${f.rushSeconds.toFixed(1)} s, p99 ${f.p99Ms} ms`,
    ),
    '',
  ];
  for (const r of normal) {
    const c = r.correctness;
    const floor = floorOf(r);
    const ratio = floor ? r.callsPerSecond / floor.callsPerSecond : 0;
    const fives = Object.values(r.fiveHundreds).reduce((a, b) => a + b, 0);
    lines.push(
      `- ${mark(c.seatsBeyond === 0)} no seat beyond a camp's seats on ${r.label}: ${c.seatsBeyond} beyond (${c.voucherSeats} voucher seats counted apart)`,
      `- ${mark(c.lost === 0 && c.untold === 0 && c.halfBaskets === 0)} no booking lost on ${r.label}: ${c.lost} of the 200s' bookings missing from the database, ${c.untold} bookings in it without their 200, ${c.halfBaskets} half baskets`,
      `- ${mark(c.duplicates === 0)} no duplicate booking from retries on ${r.label}: ${c.duplicates} (${r.retriedFamilies} families retried)`,
      `- ${mark(Object.keys(r.refusedOther).length === 0 && r.gaveUp === 0 && fives === 0)} every refused family told why on ${r.label}: ${r.refusedFull} CAMP_FULL, other refusals ${list(r.refusedOther)}, 5xx answers ${list(r.fiveHundreds)}, ${r.gaveUp} gave up`,
      `- ${mark(c.staffSeatMismatches === 0)} seats taken in the staff's getCamps equal to the database on ${r.label}: ${c.staffSeatMismatches} of ${RUSH.camps} camps differ`,
      `- ${mark(c.confirmed === c.toldBookings)} every booking's confirmation mail sent on ${r.label} (held back while families waited in line): ${c.confirmed} of ${c.toldBookings}, the last ${r.mailLastMs === null ? '–' : `${(r.mailLastMs / 1000).toFixed(1)} s`} after the last answer`,
      `- ${mark(r.bookingP99Ms <= t.bookingP99Ms)} booking p99 at most ${t.bookingP99Ms / 1000} s on ${r.label}: ${r.bookingP99Ms} ms (median ${r.bookingMedianMs} ms)`,
      `- ${mark(ratio >= t.floorRatio)} booking calls per second at least ${t.floorRatio} × the floor on ${r.label}: ${r.callsPerSecond.toFixed(1)} against ${floor?.callsPerSecond.toFixed(1) ?? '–'} (${ratio.toFixed(2)} ×)`,
      `- ${mark(r.health.p99Ms <= t.healthP99Ms && r.health.failures === 0)} /api/health p99 during the rush at most ${t.healthP99Ms} ms on ${r.label}: ${r.health.p99Ms} ms (quiet ${r.health.quietP99Ms} ms; ${r.health.failures} of ${r.health.samples} not 200)`,
      `- ${mark(r.detail.p99Ms <= t.detailRatio * r.detail.quietP99Ms && r.detail.failures === 0)} the detail's p99 during the rush at most ${t.detailRatio} × its quiet p99 on ${r.label}: ${r.detail.p99Ms} against ${r.detail.quietP99Ms} ms (${(r.detail.p99Ms / r.detail.quietP99Ms).toFixed(2)} ×; ${r.detail.failures} of ${r.detail.samples} not 200)`,
      `- ${mark(r.fairness.pairs > 0 && r.fairness.ratio >= t.fairness)} earlier presses booked before later ones in at least ${t.fairness * 100} % of pairs on ${r.label}: ${r.fairness.inOrder} of ${r.fairness.pairs} (${(r.fairness.ratio * 100).toFixed(1)} %)`,
    );
  }
  const one = run(RUN_LABELS.postgresOne);
  const two = run(RUN_LABELS.postgresTwo);
  if (one && two) {
    const ratio = two.callsPerSecond / one.callsPerSecond;
    lines.push(
      `- ${mark(ratio >= t.twoProcessRatio)} two processes at least ${t.twoProcessRatio} × the booking calls per second of one on PostgreSQL: ${two.callsPerSecond.toFixed(1)} against ${one.callsPerSecond.toFixed(1)} (${ratio.toFixed(2)} ×)`,
    );
  }
  const killed = run(RUN_LABELS.killed);
  if (killed) {
    const c = killed.correctness;
    const held =
      c.lost === 0 &&
      c.untold === 0 &&
      c.halfBaskets === 0 &&
      c.duplicates === 0 &&
      c.seatsBeyond === 0 &&
      killed.gaveUp === 0 &&
      Object.keys(killed.refusedOther).length === 0;
    lines.push(
      `- ${mark(held)} one of two processes killed ${((killed.disrupted?.atMs ?? 0) / 1000).toFixed(1)} s after the opening: its families retried on the other and every family got its answer (${killed.booked} booked, ${killed.refusedFull} full, other refusals ${list(killed.refusedOther)}, ${killed.gaveUp} gave up; ${killed.retriedFamilies} retried), nothing lost or double-booked (${c.lost} lost, ${c.untold} without their 200, ${c.halfBaskets} half baskets, ${c.duplicates} duplicates, ${c.seatsBeyond} seats beyond)`,
    );
  }
  const restarted = run(RUN_LABELS.restarted);
  if (restarted) {
    const c = restarted.correctness;
    const unclean = Object.entries(restarted.fiveHundreds).filter(([key]) => key !== '503 DATABASE_UNAVAILABLE');
    const cleanly = unclean.length === 0 && Object.keys(restarted.unanswered).length === 0 && c.halfBaskets === 0;
    const retried =
      restarted.gaveUp === 0 &&
      c.lost === 0 &&
      c.untold === 0 &&
      c.duplicates === 0 &&
      c.seatsBeyond === 0 &&
      Object.keys(restarted.refusedOther).length === 0;
    lines.push(
      `- ${mark(cleanly)} PostgreSQL restarted ${((restarted.disrupted?.atMs ?? 0) / 1000).toFixed(1)} s after the opening (${((restarted.disrupted?.tookMs ?? 0) / 1000).toFixed(1)} s): bookings in flight failed cleanly, 503 DATABASE_UNAVAILABLE and never a half booking: 5xx answers ${list(restarted.fiveHundreds)}, no answer within ${TIMEOUT_MS / 1000} s ${list(restarted.unanswered)}, ${c.halfBaskets} half baskets`,
      `- ${mark(retried)} and succeeded on retry: ${restarted.booked} booked, ${restarted.refusedFull} full, other refusals ${list(restarted.refusedOther)}, ${restarted.gaveUp} gave up (${restarted.retriedFamilies} retried); ${c.lost} lost, ${c.untold} without their 200, ${c.duplicates} duplicates, ${c.seatsBeyond} seats beyond`,
    );
  } else if (figures.restartSkipped) {
    lines.push(`- **FAIL** PostgreSQL restarted mid-rush: not run, ${figures.restartSkipped}`);
  }
  return [...lines, ''];
}
