import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl } from '../helpers/postgres-admin.js';
import { kill, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

/**
 * Several server processes on one PostgreSQL database (issue 37, README 'Several server processes') are started
 * together, after an upgrade too: the migrations run once, under an advisory lock, and every process starts.
 */
describe('two server processes started at once on PostgreSQL', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('both start on an empty database, which is migrated once', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `kampbeheer_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = databaseUrl(serverUrl, name);
    const started = await Promise.allSettled([0, 1].map(() => startServerProcess({ DATABASE_URL: url })));
    for (const result of started) if (result.status === 'fulfilled') cleanups.push(() => kill(result.value));
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason).slice(0, 400) : 'started'))).toEqual(['started', 'started']);
    for (const server of started.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value))
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    cleanups.push(() => client.end());
    const { rows } = await client.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(rows[0]!.n).toBe(rows[0]!.distinct);
  }, 120_000);
});
