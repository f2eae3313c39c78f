import path from 'node:path';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { lockDataFolder } from './data-folder-lock.js';
import { startPgliteWorker, type PgliteHost } from './pglite-host.js';
import { createPool, type ConnectionSettings } from './postgres-pool.js';
import { z } from 'zod';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query runs on the database or inside a transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database's worker (PGlite only): its restarts, and the hooks the restart tests kill it with. */
  embedded?: Pick<PgliteHost, 'restarts' | 'crashOnNextQuery' | 'terminate'>;
  /** Resolves when the database answers a trivial query within the connect timeout; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions extends Partial<ConnectionSettings> {
  databaseUrl?: string;
  dataDir: string;
}

/** The defaults of DATABASE_CONNECT_TIMEOUT_SECONDS and DATABASE_STATEMENT_TIMEOUT_SECONDS. */
export const defaultConnectionSettings: ConnectionSettings = { connectTimeoutMs: 5000, statementTimeoutMs: 30_000 };

/** `DATABASE_URL` selects PostgreSQL; otherwise PGlite in `dataDir` ('memory://' keeps it in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const settings = { ...defaultConnectionSettings, ...options };
  // A connection the server ends (restart, failover, a forced drop), idle or in the middle of a
  // transaction, is dropped from the pool and replaced on the next query; the call it served fails.
  const onLost = (error: Error) => console.error(`Databankverbinding verloren: ${error.message}`);
  if (options.databaseUrl) {
    const target = { connectionString: options.databaseUrl };
    const pool = createPool(target, { ...settings, max: 10 }, onLost);
    // The health check has a connection of its own, so that it never waits behind a busy pool.
    const probe = createPool(
      target,
      { connectTimeoutMs: settings.connectTimeoutMs, statementTimeoutMs: settings.connectTimeoutMs, max: 1 },
      onLost,
    );
    const db = drizzlePostgres({ client: pool, schema });
    await migratePostgres(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => void (await probe.query('select 1')),
      close: async () => {
        await Promise.all([pool.end(), probe.end()]);
      },
    };
  }
  // The embedded database runs in a worker thread (pglite-worker.mjs), reached through the same pg pool
  // as a PostgreSQL server. It is one session, so the pool holds one connection.
  const inMemory = options.dataDir === 'memory://';
  const lock = inMemory ? null : lockDataFolder(options.dataDir);
  let host: PgliteHost | null = null;
  try {
    let migrate = async () => {};
    host = await startPgliteWorker(inMemory ? null : path.resolve(options.dataDir), {
      // A data folder holds its schema across a restart; an in-memory database starts empty again.
      onRestarted: () => (inMemory ? migrate() : Promise.resolve()),
    });
    const pool = createPool(host.connection, { ...settings, max: 1 }, onLost);
    const db = drizzlePostgres({ client: pool, schema });
    migrate = () => migratePostgres(db, { migrationsFolder });
    await migrate();
    const started = host;
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      embedded: started,
      ping: () => started.ping(settings.connectTimeoutMs),
      close: async () => {
        await pool.end();
        await started.stop();
        lock?.release();
      },
    };
  } catch (error) {
    await host?.stop();
    lock?.release();
    throw error;
  }
}

/** Rows of a raw SQL query, the same on both drivers (both answer `{ rows }`), untyped: for the tests' own checks. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Rows of a raw SQL query, each checked by `row` and typed by it: the product's reads. */
export async function readRows<S extends z.ZodType>(db: Executor, query: SQL, row: S): Promise<z.output<S>[]> {
  return z.array(row).parse(await queryRows(db, query));
}
