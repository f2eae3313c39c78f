import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Executor } from '../../server/src/db/client.js';
import { adminQuery, databaseUrl } from './postgres-admin.js';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI does). */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh database: in-memory PGlite, or a new database on the PostgreSQL server. It starts as a copy of one the
 * run's global setup made (tests/helpers/global-setup.ts): 'migrated' (the default) has every migration applied
 * and no rows, 'demo' also the usual demo set and the test administrator (tests/helpers/test-content.ts). The
 * migrations run on the copy as the product runs them at every start (finding nothing left to do). 'scratch' is a
 * database without tables, as at a first start, for a test of the migrations themselves.
 */
export async function openTestDatabase(
  backend: Backend,
  options: { from?: 'scratch' | 'migrated' | 'demo' } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const from = options.from ?? 'migrated';
  const templates = inject('templates');
  if (backend === 'pglite')
    return openDatabase({ dataDir: 'memory://', ...(from === 'scratch' ? {} : { startFrom: templates.pglite[from] }) });
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `kampbeheer_test_${randomBytes(6).toString('hex')}`;
  const template = from === 'scratch' ? null : templates.postgres?.[from];
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Until the returned function is called, keeping an answer with this Idempotency-Key in `table` fails as a database
 * restart fails a statement (57P01): for a test of an answer decided just before the database went away.
 */
export async function answerLostInRestart(
  db: Executor,
  table: 'idempotency_keys' | 'family_idempotency_keys',
  key: string,
): Promise<() => Promise<void>> {
  if (!/^[\w-]+$/.test(key)) throw new Error(`answerLostInRestart: a key of letters, digits and dashes, not ${key}`);
  await db.execute(sql`create function answer_lost_in_restart() returns trigger language plpgsql as $$
    begin
      if new.key = '${sql.raw(key)}' and new.answer is not null then
        raise exception 'terminating connection due to administrator command' using errcode = '57P01';
      end if;
      return new;
    end $$`);
  await db.execute(
    sql`create trigger answer_lost_in_restart before insert or update on ${sql.raw(table)} for each row execute function answer_lost_in_restart()`,
  );
  return async () => {
    await db.execute(sql`drop trigger answer_lost_in_restart on ${sql.raw(table)}`);
    await db.execute(sql`drop function answer_lost_in_restart()`);
  };
}
