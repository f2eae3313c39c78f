import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../server/src/db/client.js';

/**
 * A digest of every table's rows, to assert that a refused call changed nothing (sessions, sign-in failures, the
 * browsers known from a sign-in and kept answers for retries aside: a sign-in beside the call writes those). One
 * statement over all tables: the fuzz tests take a digest after every input, and a statement per table made
 * those round trips most of their time.
 */
export async function databaseDigest(
  db: Database,
  except: string[] = ['sessions', 'login_failures', 'known_devices', 'idempotency_keys', 'family_sessions', 'family_idempotency_keys'],
): Promise<Record<string, string>> {
  const tables = (
    await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((name) => !except.includes(name));
  if (tables.length === 0) return {};
  const rows = await queryRows<{ table_name: string; digest: string; n: number }>(
    db,
    sql.raw(
      tables
        .map(
          (name) =>
            `select '${name}' as table_name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*) as n from "${name}" t`,
        )
        .join(' union all '),
    ),
  );
  const byTable = new Map(rows.map((row) => [row.table_name, `${row.n}:${row.digest}`]));
  // In the tables' order, as the digest always was: a test compares two digests as JSON text.
  return Object.fromEntries(tables.map((name) => [name, byTable.get(name)!]));
}
