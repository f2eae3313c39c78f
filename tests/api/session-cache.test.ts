import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, queryRows, type DatabaseHandle } from '../../server/src/db/client.js';
import { NOTICE_APPLICATION } from '../../server/src/db/notices.js';
import { addAdmin, changeAdminPassword } from '../../server/src/features/auth/service.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { eventually } from '../helpers/page.js';

/**
 * Each server process keeps the sessions it checked for at most 5 s (issue 22). Every test here runs with a
 * controlled clock that moves only when the test says so: a session kept without end would be answered
 * forever, so a refusal can only come from the notice a revocation sends (or from the bound, where the test
 * moves the clock). On PostgreSQL two servers share one database, as two processes would; a notice reaches
 * the other one a moment after the commit, so the test asks it again until it refuses (at most 10 s).
 */
const ADMIN = { email: 'beheer@kampbeheer.be', password: 'correct horse battery staple' };
const OTHER = { email: 'tweede@kampbeheer.be', password: 'another long passphrase' };

/** Raw: two server processes' apps on one database, which the typed client (made for one test app) does not reach. */
async function inject(app: FastifyInstance, method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  const response = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return response.statusCode;
}

async function signIn(app: FastifyInstance, who: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username: who.email, password: who.password } });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
}

/** A server of its own on `handle`, as one process is, ready for calls. */
async function startApp(handle: DatabaseHandle, clock: ControlledClock): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database: handle, logger: false, clock });
  await app.ready();
  return app;
}

/** A notice takes milliseconds; 10 s is plenty on a loaded machine. */
const NOTICE_TIMEOUT_MS = 10_000;

describe.each(backends)('the session cache on %s', (backend) => {
  const clock = controlledClock();
  let database: DatabaseHandle & { url?: string };
  let second: DatabaseHandle | null = null;
  /** The process the changes are made in, and the one that must hear of them (the same one on PGlite, which is one process). */
  let a: FastifyInstance;
  let b: FastifyInstance;
  const apps: FastifyInstance[] = [];
  const start = async (handle: DatabaseHandle) => {
    const app = await startApp(handle, clock);
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await addAdmin(database.db, ADMIN.email, ADMIN.password);
    a = await start(database);
    if (backend === 'postgres') {
      second = await openDatabase({ databaseUrl: database.url!, dataDir: '' });
      b = await start(second);
    } else b = a;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await database?.close();
  });

  /** A new user with a password, signed in; answers the user's id and token. */
  async function newUser(role: 'beheerder' | 'medewerker' = 'beheerder') {
    const email = `gebruiker-${randomBytes(4).toString('hex')}@kampbeheer.be`;
    const userId = await addAdmin(database.db, email, OTHER.password, role);
    return { userId, email, token: await signIn(a, { email, password: OTHER.password }) };
  }

  it('a logout in one process is refused in the other at once, not after the 5 s', async () => {
    const token = await signIn(a, ADMIN);
    expect(await inject(b, 'GET', '/api/me', token)).toBe(200);
    expect(await inject(a, 'POST', '/api/logout', token, {})).toBe(200);
    expect(await inject(a, 'GET', '/api/me', token)).toBe(401);
    await eventually(() => inject(b, 'GET', '/api/me', token), NOTICE_TIMEOUT_MS).toBe(401);
  });

  it("a removed user's session is refused in the other process at once", async () => {
    const admin = await signIn(a, ADMIN);
    const user = await newUser();
    expect(await inject(b, 'GET', '/api/me', user.token)).toBe(200);
    expect(await inject(a, 'POST', '/api/removeUser', admin, { userId: user.userId })).toBe(200);
    expect(await inject(a, 'GET', '/api/me', user.token)).toBe(401);
    await eventually(() => inject(b, 'GET', '/api/me', user.token), NOTICE_TIMEOUT_MS).toBe(401);
  });

  it('a role change takes effect at once in both processes; disabling ends the sessions', async () => {
    const admin = await signIn(a, ADMIN);
    const user = await newUser('beheerder');
    expect(await inject(b, 'GET', '/api/getUsers', user.token)).toBe(200);
    expect(await inject(a, 'GET', '/api/getUsers', user.token)).toBe(200);
    expect(await inject(a, 'POST', '/api/updateUser', admin, { userId: user.userId, role: 'medewerker', disabled: false })).toBe(200);
    expect(await inject(a, 'GET', '/api/getUsers', user.token)).toBe(403);
    await eventually(() => inject(b, 'GET', '/api/getUsers', user.token), NOTICE_TIMEOUT_MS).toBe(403);
    expect(await inject(b, 'GET', '/api/me', user.token)).toBe(200);
    expect(await inject(a, 'POST', '/api/updateUser', admin, { userId: user.userId, role: 'medewerker', disabled: true })).toBe(200);
    await eventually(() => inject(b, 'GET', '/api/me', user.token), NOTICE_TIMEOUT_MS).toBe(401);
  });

  it('user:passwd (outside any server) ends the sessions every process keeps', async () => {
    const user = await newUser();
    expect(await inject(a, 'GET', '/api/me', user.token)).toBe(200);
    expect(await inject(b, 'GET', '/api/me', user.token)).toBe(200);
    // What `npm run user:passwd` runs, here on the test's own connection to the database.
    expect(await changeAdminPassword(database.db, user.email, 'a brand new passphrase')).toBe(true);
    // On PGlite the notice reaches the process before the change's commit has answered: no waiting at all.
    if (backend === 'pglite') expect(await inject(a, 'GET', '/api/me', user.token)).toBe(401);
    await eventually(() => inject(a, 'GET', '/api/me', user.token), NOTICE_TIMEOUT_MS).toBe(401);
    await eventually(() => inject(b, 'GET', '/api/me', user.token), NOTICE_TIMEOUT_MS).toBe(401);
  });

  it('keeps a session at most 5 s when no notice comes, and never past its 12 h lifetime', async () => {
    const user = await newUser();
    expect(await inject(b, 'GET', '/api/me', user.token)).toBe(200);
    // A change the triggers do not announce: only the bound can end what the process keeps.
    await database.db.execute(sql`alter table sessions disable trigger sessions_revoked`);
    try {
      await database.db.execute(sql`update sessions set revoked_at = now() where admin_id = ${user.userId}`);
      clock.advance(4900);
      expect(await inject(b, 'GET', '/api/me', user.token)).toBe(200);
      clock.advance(100);
      expect(await inject(b, 'GET', '/api/me', user.token)).toBe(401);
    } finally {
      await database.db.execute(sql`alter table sessions enable trigger sessions_revoked`);
    }

    // The 12 h lifetime ends a kept session at its second, whatever the 5 s say.
    const late = await newUser();
    const [session] = await queryRows<{ expiresAt: string }>(
      database.db,
      sql`select expires_at::text as "expiresAt" from sessions where admin_id = ${late.userId}`,
    );
    const expiresAt = new Date(session!.expiresAt).getTime();
    clock.advance(expiresAt - clock.now().getTime() - 1000);
    expect(await inject(b, 'GET', '/api/me', late.token)).toBe(200);
    clock.advance(2000);
    expect(await inject(b, 'GET', '/api/me', late.token)).toBe(401);
  });
});

describe.each(backends.filter((backend) => backend === 'postgres'))('the session cache without its listener on %s', () => {
  const clock = controlledClock();
  let database: DatabaseHandle & { url?: string };
  let second: DatabaseHandle | null = null;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const apps: FastifyInstance[] = [];
  /** The role process B connects as, so that the test can refuse B's listener a new connection. */
  const role = `kampbeheer_b_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: database.url! });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  /** Ends B's listener connection and waits until its backend is gone. */
  const cutListener = () =>
    admin(
      `select pg_terminate_backend(pid, 5000) from pg_stat_activity where usename = '${role}' and application_name = '${NOTICE_APPLICATION}'`,
    );
  const listenerConnected = async () =>
    (
      await admin(
        `select 1 from pg_stat_activity where usename = '${role}' and application_name = '${NOTICE_APPLICATION}' and query ilike 'listen%' and state = 'idle'`,
      )
    ).rowCount === 1;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await addAdmin(database.db, ADMIN.email, ADMIN.password);
    // A member of postgres has the owner's rights on the tables, but is not a superuser: NOLOGIN holds for it.
    await admin(`create role ${role} login password 'b' in role postgres`);
    const url = new URL(database.url!);
    url.username = role;
    url.password = 'b';
    a = await startApp(database, clock);
    second = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    b = await startApp(second, clock);
    apps.push(a, b);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    if (database) await admin(`drop role if exists ${role}`).catch(() => undefined);
    await database?.close();
  });

  it('keeps nothing while its listener is not connected, and drops everything once it connects again', async () => {
    const token = await signIn(a, ADMIN);
    expect(await inject(b, 'GET', '/api/me', token)).toBe(200);
    // B cannot connect anew, and its listener is cut: a notice sent now never reaches it.
    await admin(`alter role ${role} nologin`);
    try {
      await cutListener();
      await database.db.execute(sql`update sessions set revoked_at = now()`);
      await eventually(() => inject(b, 'GET', '/api/me', token), NOTICE_TIMEOUT_MS).toBe(401);
    } finally {
      await admin(`alter role ${role} login`);
    }

    // Kept while the listener is connected again; then a revocation while it is away, unheard.
    await eventually(listenerConnected, NOTICE_TIMEOUT_MS).toBe(true);
    const again = await signIn(a, ADMIN);
    expect(await inject(b, 'GET', '/api/me', again)).toBe(200);
    await admin(`alter role ${role} nologin`);
    try {
      await cutListener();
      await database.db.execute(sql`alter table sessions disable trigger sessions_revoked`);
      await database.db.execute(sql`update sessions set revoked_at = now()`);
      await database.db.execute(sql`alter table sessions enable trigger sessions_revoked`);
    } finally {
      await admin(`alter role ${role} login`);
    }
    await eventually(listenerConnected, NOTICE_TIMEOUT_MS).toBe(true);
    expect(await inject(b, 'GET', '/api/me', again)).toBe(401);
  });
});
