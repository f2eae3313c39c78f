import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, type Database } from '../../server/src/db/client.js';
import * as t from '../../server/src/db/schema.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { root, runServerUntilExit, serverArgs, startServerProcess } from '../helpers/server-process.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Rows in the tables the demo seed fills, to tell an empty database from a half-filled one. */
async function seededRows(db: Database) {
  const rows = async (table: typeof t.locations | typeof t.admins | typeof t.subscriptions | typeof t.monitors | typeof t.camps) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    locations: await rows(t.locations),
    monitors: await rows(t.monitors),
    camps: await rows(t.camps),
    subscriptions: await rows(t.subscriptions),
    admins: await rows(t.admins),
  };
}

describe('configuration at start-up', () => {
  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://localhost/kampbeheer'],
    ['SEED', 'maybe'],
    ['SESSION_TTL_HOURS', '-1'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '0'],
  ])(
    'a bad %s stops start-up with exit code 1 and one line naming it',
    async (name, value) => {
      const { code, output } = await runServerUntilExit({ [name]: value });
      expect(code).toBe(1);
      expect(output.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Configuratiefout: ${name} `))]);
    },
    120_000,
  );

  it('SEED defaults to demo on the embedded database and to none with DATABASE_URL', () => {
    expect(loadConfig({}).SEED).toBe('demo');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/kampbeheer' }).SEED).toBe('none');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/kampbeheer', SEED: 'demo' }).SEED).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).SEED).toBe('none');
  });
});

describe.each(backends)('the first start on %s', (backend) => {
  /** A server that is told to seed the demo (SEED) on an empty database, without waiting for it to listen. */
  function startSeeding(env: Record<string, string>) {
    const child = spawn(process.execPath, serverArgs(), {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const seeding = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => output.includes('demogegevens aanmaken') && resolve());
      void exited.then(() => reject(new Error(`server exited before seeding: ${output}`)));
    });
    return { child, exited, seeding };
  }

  it('leaves an empty database when the process is killed half-way through the demo seed', async () => {
    let env: Record<string, string>;
    let reopen: () => ReturnType<typeof openDatabase>;
    /** Resolves once the seeding transaction has written subscriptions (PostgreSQL shows its locks). */
    let midSeed: () => Promise<void>;
    if (backend === 'pglite') {
      const dataDir = await tempDir('kampbeheer-seed-');
      env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED: '' };
      reopen = () => openDatabase({ dataDir });
      // PGlite's writes cannot be watched from outside the process. The seed's one transaction takes 2.3 s on
      // a quiet machine and longer under load: half a second in, it has written rows and not committed them.
      midSeed = () => new Promise((resolve) => setTimeout(resolve, 500));
    } else {
      const handle = await openTestDatabase('postgres');
      cleanups.push(() => handle.close());
      const url = handle.url!;
      env = { DATABASE_URL: url, SEED: 'demo' };
      reopen = () => openDatabase({ databaseUrl: url, dataDir: '' });
      midSeed = async () => {
        const watcher = new pg.Client({ connectionString: url });
        await watcher.connect();
        try {
          for (;;) {
            const { rows } = await watcher.query(
              `select 1 from pg_locks l join pg_class c on c.oid = l.relation
               where c.relname = 'subscriptions' and l.mode = 'RowExclusiveLock' and l.pid <> pg_backend_pid()`,
            );
            if (rows.length > 0) return;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        } finally {
          await watcher.end();
        }
      };
    }

    const server = startSeeding(env);
    await server.seeding;
    await midSeed();
    server.child.kill('SIGKILL');
    await server.exited;

    const handle = await reopen();
    try {
      const rows = await seededRows(handle.db);
      expect(rows).toEqual({ locations: 0, monitors: 0, camps: 0, subscriptions: 0, admins: 0 });
      console.log(`${backend}: killed during the demo seed; the database is empty again: ${JSON.stringify(rows)}`);
    } finally {
      await handle.close();
    }
  }, 180_000);
});

describe.each(backends)('stopping on %s', (backend) => {
  async function serverEnv(): Promise<Record<string, string>> {
    if (backend === 'pglite') return { DATA_DIR: 'memory://', DATABASE_URL: '' };
    const handle = await openTestDatabase('postgres');
    cleanups.push(() => handle.close());
    return { DATABASE_URL: handle.url! };
  }

  it('a SIGTERM with nothing open closes at once with exit code 0', async () => {
    const server = await startServerProcess({ ...(await serverEnv()), LOG_LEVEL: 'info' });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: stoppen');
  }, 120_000);

  it('a SIGTERM while a client keeps a request open ends the process after SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const server = await startServerProcess({ ...(await serverEnv()), SHUTDOWN_TIMEOUT_SECONDS: '1' });
    // A request whose body never finishes: only the bound can end the process.
    const { port } = new URL(server.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Niet binnen 1 s gestopt');
    socket.destroy();
  }, 120_000);
});
