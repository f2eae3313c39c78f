import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../server/src/db/client.js';

/**
 * A digest of every table's rows, to assert that a refused call changed nothing (sessions, sign-in failures, the
 * browsers known from a sign-in and kept answers for retries aside: a sign-in beside the call writes those).
 */
export async function databaseDigest(
  db: Database,
  except: string[] = ['sessions', 'login_failures', 'known_devices', 'idempotency_keys', 'family_sessions', 'family_idempotency_keys'],
): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name } of tables) {
    if (except.includes(table_name)) continue;
    const [row] = await queryRows<{ digest: string; n: number }>(
      db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*) as n from "${table_name}" t`),
    );
    digest[table_name] = `${row?.n}:${row?.digest}`;
  }
  return digest;
}
