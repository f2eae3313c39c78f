import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { apiMessages } from '@common/messages.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { openDatabase } from '../../server/src/db/client.js';
import { seedDemoData } from '../../server/src/seed/demo-data.js';
import { startTestApp, TEST_ADMIN } from '../helpers/api.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { startPrivatePostgres } from '../helpers/private-postgres.js';
import { kill, signIn, startServerProcess, until, type ServerProcess } from '../helpers/server-process.js';
import { createSubscription, parentPayload } from '../helpers/factory.js';

const unavailable = { error: { code: 'DATABASE_UNAVAILABLE', message: apiMessages.databaseUnavailable } };

async function call(server: ServerProcess, token: string | null, path: string, body?: unknown) {
  const answer = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json()) as unknown };
}

const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

describe.each(backends)('/api/health on %s', (backend) => {
  it('answers 200 while the database answers and 503 with the error shape when it does not', async () => {
    const t = await startTestApp(backend, { seed: 'none' });
    try {
      const healthy = await t.api.health(undefined, { token: null });
      expect([healthy.status, healthy.body]).toEqual([200, { data: { status: 'ok' } }]);
      await t.app.database.close();
      const down = await t.api.health(undefined, { token: null });
      expect([down.status, down.body]).toEqual([503, unavailable]);
    } finally {
      await t.app.close();
    }
  }, 180_000);
});

describe.each(backends.filter((b) => b === 'postgres'))('PostgreSQL connections lost on %s', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a backend terminated in the middle of a write answers 503, the process lives on and serves the next call', async () => {
    const handle = await openTestDatabase('postgres');
    cleanups.push(() => handle.close());
    await seedDemoData(handle.db, { subscriptionsPerYear: 2 });
    await addAdmin(handle.db, TEST_ADMIN.email, TEST_ADMIN.password);
    const made = await createSubscription(handle.db);
    const admin = new pg.Client({ connectionString: handle.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    // The repro: every update of a parent sleeps 3 s inside its transaction, long enough to cut it.
    await admin.query(`create function slow_parent_update() returns trigger language plpgsql as $$
      begin perform pg_sleep(3); return new; end $$`);
    await admin.query('create trigger slow_parent_update before update on parents for each row execute function slow_parent_update()');

    const server = await startServerProcess({ DATABASE_URL: handle.url! });
    cleanups.push(() => kill(server));
    const token = await signIn(server.baseUrl);
    const write = call(server, token, '/api/updateSubscriberParent', parentPayload(made.parentId));
    const database = new URL(handle.url!).pathname.slice(1);
    const sleeping = await until('the sleeping update', async () => {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and query like 'update "parents"%' and state = 'active'`,
        [database],
      );
      return rows[0]?.pid;
    });
    // Cut the write's connection, and every idle one of the pool with it.
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    expect(sleeping).toBeGreaterThan(0);
    const answer = await write;
    expect([answer.status, answer.body]).toEqual([503, unavailable]);

    await admin.query('drop trigger slow_parent_update on parents');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(server), `server still runs; stderr: ${server.stderr()}`).toBe(true);
    const retried = await call(server, token, '/api/updateSubscriberParent', parentPayload(made.parentId));
    expect(retried.status).toBe(200);
    expect((await call(server, null, '/api/health')).status).toBe(200);
  }, 180_000);

  it('an idle pooled connection that is cut leaves the process running; the next call connects anew', async () => {
    const handle = await openTestDatabase('postgres');
    cleanups.push(() => handle.close());
    await addAdmin(handle.db, TEST_ADMIN.email, TEST_ADMIN.password);
    const admin = new pg.Client({ connectionString: handle.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const server = await startServerProcess({ DATABASE_URL: handle.url! });
    cleanups.push(() => kill(server));
    const token = await signIn(server.baseUrl);
    expect((await call(server, token, '/api/me')).status).toBe(200);
    // Nothing runs now: the server's connections wait in its pool. pg reports a cut one as an 'error'
    // event, which ends a process that does not listen for it.
    const database = new URL(handle.url!).pathname.slice(1);
    const idle = await until('an idle pooled connection', async () => {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and state = 'idle' and pid <> pg_backend_pid()`,
        [database],
      );
      return rows.length > 0 ? rows.map((r) => r.pid) : undefined;
    });
    const { rows } = await admin.query<{ cut: boolean }>('select pg_terminate_backend(pid) as cut from unnest($1::int[]) as pid', [idle]);
    expect(rows.every((r) => r.cut)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alive(server), `server still runs; stderr: ${server.stderr()}`).toBe(true);
    expect((await call(server, token, '/api/me')).status).toBe(200);
    expect((await call(server, null, '/api/health')).status).toBe(200);
  }, 120_000);

  it('a statement over DATABASE_STATEMENT_TIMEOUT_SECONDS, or on a frozen backend, answers 503 and changes nothing', async () => {
    const handle = await openTestDatabase('postgres');
    cleanups.push(() => handle.close());
    await seedDemoData(handle.db, { subscriptionsPerYear: 2 });
    await addAdmin(handle.db, TEST_ADMIN.email, TEST_ADMIN.password);
    const made = await createSubscription(handle.db);
    const admin = new pg.Client({ connectionString: handle.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const server = await startServerProcess({ DATABASE_URL: handle.url!, DATABASE_STATEMENT_TIMEOUT_SECONDS: '1' });
    cleanups.push(() => kill(server));
    const token = await signIn(server.baseUrl);
    const parentCity = async () =>
      (await admin.query<{ city: string }>('select city from parents where id = $1', [made.parentId])).rows[0]!.city;
    const cityBefore = await parentCity();

    // Without the timeout this 3 s update would succeed.
    await admin.query(`create function slow_parent_update() returns trigger language plpgsql as $$
      begin perform pg_sleep(3); return new; end $$`);
    await admin.query('create trigger slow_parent_update before update on parents for each row execute function slow_parent_update()');
    const slow = await call(server, token, '/api/updateSubscriberParent', parentPayload(made.parentId));
    expect([slow.status, slow.body]).toEqual([503, unavailable]);
    await admin.query('drop trigger slow_parent_update on parents');
    expect(await parentCity()).toBe(cityBefore);

    // A frozen backend cannot cancel its own statement: the server stops waiting and drops that connection.
    const database = new URL(handle.url!).pathname.slice(1);
    const { rows: backends } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    for (const { pid } of backends) process.kill(pid, 'SIGSTOP');
    try {
      const frozen = await call(server, token, `/api/getSubscriptionFullDetail?id=${made.subscriptionId}`);
      expect([frozen.status, frozen.body]).toEqual([503, unavailable]);
    } finally {
      for (const { pid } of backends) process.kill(pid, 'SIGCONT');
    }
    const next = await call(server, token, `/api/getSubscriptionFullDetail?id=${made.subscriptionId}`);
    expect(next.status).toBe(200);
    expect(alive(server)).toBe(true);
  }, 180_000);

  it('a PostgreSQL server stopped under a stream of calls: 503s and health 503 while down, back by itself when it starts', async () => {
    const cluster = await startPrivatePostgres();
    cleanups.push(() => cluster.destroy());
    const seeding = await openDatabase({ databaseUrl: cluster.url, dataDir: '' });
    await seedDemoData(seeding.db, { subscriptionsPerYear: 5 });
    await addAdmin(seeding.db, TEST_ADMIN.email, TEST_ADMIN.password);
    const made = await createSubscription(seeding.db);
    await seeding.close();

    const server = await startServerProcess({ DATABASE_URL: cluster.url, DATABASE_CONNECT_TIMEOUT_SECONDS: '1' });
    cleanups.push(() => kill(server));
    const token = await signIn(server.baseUrl);
    const statuses = new Map<number, number>();
    let stop = false;
    let unexpected: unknown;
    const streamOfCalls = async (index: number) => {
      while (!stop) {
        const answer =
          index % 2 === 0
            ? await call(server, token, `/api/getSubscriptionFullDetail?id=${made.subscriptionId}`)
            : await call(server, token, '/api/updateSubscriberParent', parentPayload(made.parentId));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status !== 200 && JSON.stringify(answer.body) !== JSON.stringify(unavailable)) unexpected = answer.body;
      }
    };
    const callers = Array.from({ length: 4 }, (_, i) => streamOfCalls(i).catch((error: unknown) => (unexpected = error)));
    await new Promise((resolve) => setTimeout(resolve, 500));

    cluster.stop();
    const down = await until('health to report the database down', async () => {
      const health = await call(server, null, '/api/health');
      return health.status === 503 ? health.body : undefined;
    });
    expect(down).toEqual(unavailable);
    const during = await call(server, token, `/api/getSubscriptionFullDetail?id=${made.subscriptionId}`);
    expect([during.status, during.body]).toEqual([503, unavailable]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(alive(server), `server still runs; stderr: ${server.stderr()}`).toBe(true);

    cluster.start();
    await until('health to report the database back', async () =>
      (await call(server, null, '/api/health')).status === 200 ? true : undefined,
    );
    const after = await call(server, token, `/api/getSubscriptionFullDetail?id=${made.subscriptionId}`);
    expect(after.status).toBe(200);
    stop = true;
    await Promise.all(callers);
    expect(unexpected).toBeUndefined();
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect(alive(server)).toBe(true);
    console.log(`PostgreSQL stopped and started under 4 callers: ${JSON.stringify(Object.fromEntries(statuses))} (status: count)`);
  }, 240_000);
});
