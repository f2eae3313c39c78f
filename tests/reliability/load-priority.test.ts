import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import {
  HEALTH_APPLICATION,
  POSTGRES_FAMILY_CONNECTIONS,
  POSTGRES_WORK_CONNECTIONS,
  readNamedRows,
  readRows,
  type Database,
} from '../../server/src/db/client.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { HEALTH_FRESH_MS, HEALTH_RENEW_MS } from '../../server/src/features/health/database-health.js';
import type { Clock } from '../../server/src/lib/clock.js';
import { TEST_ADMIN } from '../helpers/api.js';
import { controlledClock } from '../helpers/clock.js';
import { backends, openTestDatabase, type Backend } from '../helpers/database.js';
import { insertSignedInFamilies } from '../helpers/family.js';

/**
 * Issue 23 §3: under a load of staff work, a sign-in and /api/health must not wait behind it. Each test
 * fills the database with work that does not end by itself (PostgreSQL: statements waiting for a lock the
 * test holds) or that takes long (PGlite, one session: heavy statements in a row), and checks by the
 * order of answers, never by wall time, that the sign-in or the health check did not wait for it.
 */

/** A statement that keeps the embedded database busy for a while (about 0.3 s on a quiet machine). */
const heavyStatement = sql`select count(*) from generate_series(1, 300000)`;
/** Ten times that: a window no test-runner delay outlasts (a loaded CI run once finished a 0.3 s one first). */
const longStatement = sql`select count(*) from generate_series(1, 3000000)`;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startApp(backend: Backend, clock?: Clock) {
  const database = await openTestDatabase(backend);
  cleanups.push(() => database.close());
  await addAdmin(database.db, TEST_ADMIN.email, TEST_ADMIN.password);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false, ...(clock ? { clock } : {}) });
  cleanups.push(() => app.close());
  return { app, database };
}

const signIn = async (app: FastifyInstance) =>
  (await app.inject({ method: 'POST', url: '/api/login', payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }))
    .statusCode;
const health = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;

/** Tracks which of a set of promises have settled. */
function tracked(promises: Promise<unknown>[]) {
  let settled = 0;
  for (const promise of promises)
    void promise.then(
      () => settled++,
      () => settled++,
    );
  return { settled: () => settled, all: () => Promise.allSettled(promises) };
}

describe('a sign-in while the work fills the database', () => {
  it.runIf(backends.includes('postgres'))(
    'on PostgreSQL: answers while every work connection waits on a lock, and more work queues',
    async () => {
      const { app, database } = await startApp('postgres');
      const holder = new pg.Client({ connectionString: (database as { url?: string }).url });
      await holder.connect();
      cleanups.push(() => holder.end());
      await holder.query('select pg_advisory_lock(4242)');
      // 10 statements take every work connection, 2 more wait for one.
      const work = tracked(Array.from({ length: 12 }, () => database.db.execute(sql`select pg_advisory_xact_lock(4242)`)));

      expect(await signIn(app)).toBe(200);
      expect(work.settled()).toBe(0);

      await holder.query('select pg_advisory_unlock(4242)');
      await work.all();
      expect(work.settled()).toBe(12);
    },
    180_000,
  );

  it('on PGlite: answers before the queue of heavy work is through', async () => {
    const { app, database } = await startApp('pglite');
    const queued = 12;
    const work = tracked(Array.from({ length: queued }, () => database.db.execute(heavyStatement)));

    expect(await signIn(app)).toBe(200);
    // Its five steps (connect, the attempt's transaction, the account, clearing failures, the session) each
    // waited for at most the statement in progress, and the work went on in its pauses (the password check).
    // In turn with the work, its first statement would queue behind all of it: every one would be done.
    expect(work.settled()).toBeLessThan(queued - 2);
    await work.all();
  }, 180_000);
});

describe("the families' lane (issue 37)", () => {
  /** Statements on `db` that wait for the advisory lock the test holds: every connection of its pool, and 2 more queued. */
  async function fillWithWaiting(url: string, db: Database, connections: number) {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('select pg_advisory_lock(4343)');
    // Drizzle's query runs on each `then`: made a promise once, so that tracking it runs it once.
    const work = tracked(
      Array.from({ length: connections + 2 }, () => Promise.resolve(db.execute(sql`select pg_advisory_xact_lock(4343)`))),
    );
    return { work, release: () => holder.query('select pg_advisory_unlock(4343)') };
  }

  it.runIf(backends.includes('postgres'))(
    "on PostgreSQL: the office is answered while every connection of the families' lane waits, and a family while the work waits",
    async () => {
      const { app, database } = await startApp('postgres');
      const url = (database as { url?: string }).url!;
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      const staff = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
      const [family] = await insertSignedInFamilies(database.db, 1, { children: 1, birthdate: '2018-05-01' });
      const familyCall = () =>
        app.inject({ method: 'GET', url: '/api/public/getFamily', headers: { authorization: `Bearer ${family!.token}` } });
      const staffCall = () => app.inject({ method: 'GET', url: '/api/getCamps?campYear=2027', headers: staff });

      // A rush of families holds every connection of their lane: the office's call does not queue behind it.
      const families = await fillWithWaiting(url, database.familyDb, POSTGRES_FAMILY_CONNECTIONS);
      expect((await staffCall()).statusCode).toBe(200);
      expect(families.work.settled()).toBe(0);
      await families.release();
      await families.work.all();
      expect(families.work.settled()).toBe(POSTGRES_FAMILY_CONNECTIONS + 2);

      // The office's work holds every work connection: a family's call does not queue behind it.
      const office = await fillWithWaiting(url, database.db, POSTGRES_WORK_CONNECTIONS);
      expect((await familyCall()).statusCode).toBe(200);
      expect(office.work.settled()).toBe(0);
      await office.release();
      await office.work.all();
      expect(office.work.settled()).toBe(POSTGRES_WORK_CONNECTIONS + 2);
    },
    180_000,
  );

  it.runIf(backends.includes('postgres'))(
    "on PostgreSQL: a statement the families' lane prepares is planned once, the office's as PostgreSQL chooses",
    async () => {
      const database = await openTestDatabase('postgres');
      cleanups.push(() => database.close());
      // Each run of a prepared statement on one connection (a transaction keeps it), then what PostgreSQL planned for it.
      const plansOf = (db: Database) =>
        db.transaction(async (tx) => {
          for (let run = 0; run < 8; run++)
            await readNamedRows(tx, 'lane_plan_probe', sql`select id from camps where id = ${run}`, z.object({ id: z.number() }));
          const [plans] = await readRows(
            tx,
            sql`select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = 'lane_plan_probe'`,
            z.object({ generic: z.coerce.number(), custom: z.coerce.number() }),
          );
          return plans;
        });
      // A booking's statements (a few ids each) need no plan of their own: planning them took more of PostgreSQL's
      // time than running them (docs/decisions.md, issue 37).
      expect(await plansOf(database.familyDb)).toEqual({ generic: 8, custom: 0 });
      // The office's statements (a year, a date range) are planned for their values, as PostgreSQL decides.
      expect((await plansOf(database.db))!.custom).toBeGreaterThan(0);
    },
  );
});

describe.each(backends)('/api/health while the database is busy on %s', (backend) => {
  it(`answers from a ping of the last ${HEALTH_FRESH_MS} ms without waiting for the database`, async () => {
    const clock = controlledClock();
    const { app, database } = await startApp(backend, clock);
    expect(await health(app)).toBe(200);

    if (backend === 'postgres') {
      // The health check's own connection, frozen: it can answer nothing.
      const admin = new pg.Client({ connectionString: (database as { url?: string }).url });
      await admin.connect();
      cleanups.push(() => admin.end());
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
        [HEALTH_APPLICATION],
      );
      expect(rows).toHaveLength(1);
      process.kill(rows[0]!.pid, 'SIGSTOP');
      cleanups.push(async () => process.kill(rows[0]!.pid, 'SIGCONT'));

      clock.advance(HEALTH_FRESH_MS - 1);
      expect(await health(app)).toBe(200);
      // Past the bound it asks the frozen connection again, which does not answer within the timeout: 503.
      clock.advance(1);
      expect(await health(app)).toBe(503);
    } else {
      // The worker answers a ping only between two statements: during a heavy one, not at all.
      await database.db.execute(sql`select 1`); // the work connection is open
      const busy = tracked([database.db.execute(longStatement), database.db.execute(heavyStatement)]);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the first one has reached the worker
      clock.advance(HEALTH_RENEW_MS - 1);
      expect(await health(app)).toBe(200);
      expect(busy.settled()).toBe(0);
      await busy.all();
    }
  }, 180_000);
});
