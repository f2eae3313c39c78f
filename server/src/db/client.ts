import path from 'node:path';
import {
  Column,
  getTableName,
  Name,
  Param,
  Placeholder,
  SQL,
  sql,
  StringChunk,
  Table,
  type ExtractTablesWithRelations,
  type Query,
} from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { serveBackups } from './backup.js';
import { lockDataFolder } from './data-folder-lock.js';
import { PRIORITY_APPLICATION, startPgliteWorker, type PgliteHost } from './pglite-host.js';
import { embeddedNotices, listenOnPostgres, type NoticeListener } from './notices.js';
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
  /**
   * The lane for the short statements of a sign-in, which must not wait behind the work: a small pool of
   * its own on PostgreSQL, and on the embedded database a connection that takes the session before the
   * waiting work (see pglite-worker.mjs). Same database, same data as `db`.
   */
  priorityDb: Database;
  /**
   * The families' lane: the public site's statements (a family's session, its bookings) on PostgreSQL connections of
   * their own, so that an opening rush of families never queues ahead of the office's calls on the work connections
   * (issue 37). On the embedded database the work connections (its one session is taken in turns anyway).
   */
  familyDb: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database's worker (PGlite only): its restarts, and the hooks the restart tests kill it with. */
  embedded?: Pick<PgliteHost, 'restarts' | 'crashOnNextQuery' | 'terminate'>;
  /** Resolves when the database answers a trivial query within the connect timeout; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * How often a connection was lost, the embedded worker died or the handle was closed so far: a ping
   * that succeeded before the count last changed says nothing about the database now.
   */
  disruptions(): number;
  /**
   * Listens for the notices (`pg_notify`) on `channel` of every process on this database; resolves once the
   * first attempt to listen is done, whether it connected or not (see NoticeListener.epoch).
   */
  listen(channel: string, onNotice: () => void): Promise<NoticeListener>;
  close(): Promise<void>;
}

export interface DatabaseOptions extends Partial<ConnectionSettings> {
  databaseUrl?: string;
  dataDir: string;
  /** With dataDir 'memory://': a dump of a data folder the database starts as (PgliteHostOptions.startFrom). */
  startFrom?: string;
}

/**
 * Connections of the work pool to the embedded database's worker. They take its one session in turns
 * (pglite-worker.mjs), so more do not run more at once; they let the next statement wait in the worker
 * while the server handles the last answer. Mixed load of 50 connections, quiet machine: 74–96 req/s
 * with one, 106–113 with four (docs/decisions.md).
 */
export const EMBEDDED_WORK_CONNECTIONS = 4;

/** The defaults of DATABASE_CONNECT_TIMEOUT_SECONDS and DATABASE_STATEMENT_TIMEOUT_SECONDS. */
export const defaultConnectionSettings: ConnectionSettings = { connectTimeoutMs: 5000, statementTimeoutMs: 30_000 };
/** The application_name of the health check's own PostgreSQL connection. */
export const HEALTH_APPLICATION = 'kampbeheer-health';
/** PostgreSQL connections for the work, and for the priority lane (two sign-ins at once without waiting). */
export const POSTGRES_WORK_CONNECTIONS = 10;
const POSTGRES_PRIORITY_CONNECTIONS = 2;
/**
 * PostgreSQL connections of the families' lane (`familyDb`). Under a rush 8 booked about 10 % more a second than 6,
 * on the same 2 cores (docs/decisions.md, issue 37).
 */
export const POSTGRES_FAMILY_CONNECTIONS = 8;

/** `DATABASE_URL` selects PostgreSQL; otherwise PGlite in `dataDir` ('memory://' keeps it in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const settings = { ...defaultConnectionSettings, ...options };
  // A connection the server ends (restart, failover, a forced drop), idle or in the middle of a
  // transaction, is dropped from the pool and replaced on the next query; the call it served fails.
  let disruptions = 0;
  const onLost = (error: Error) => {
    disruptions++;
    console.error(`Databankverbinding verloren: ${error.message}`);
  };
  if (options.databaseUrl) {
    const target = { connectionString: options.databaseUrl };
    const pool = createPool(target, { ...settings, max: POSTGRES_WORK_CONNECTIONS }, onLost);
    const priorityPool = createPool(
      target,
      { ...settings, max: POSTGRES_PRIORITY_CONNECTIONS, applicationName: PRIORITY_APPLICATION },
      onLost,
    );
    // The health check has a connection of its own, so that it never waits behind a busy pool.
    const probe = createPool(
      target,
      {
        connectTimeoutMs: settings.connectTimeoutMs,
        statementTimeoutMs: settings.connectTimeoutMs,
        max: 1,
        applicationName: HEALTH_APPLICATION,
        keepIdle: true,
      },
      onLost,
    );
    const db = drizzlePostgres({ client: pool, schema });
    // The families' statements are prepared once a connection and run with a few ids each: a plan for their values
    // took PostgreSQL longer than running them, under the camp's lock too (docs/decisions.md, issue 37).
    const familyPool = createPool(
      target,
      { ...settings, max: POSTGRES_FAMILY_CONNECTIONS, sessionSetup: 'set plan_cache_mode = force_generic_plan' },
      onLost,
    );
    await migrateAlone(pool);
    const listeners = new Set<NoticeListener>();
    return {
      db: db as unknown as Database,
      priorityDb: drizzlePostgres({ client: priorityPool, schema }) as unknown as Database,
      familyDb: drizzlePostgres({ client: familyPool, schema }) as unknown as Database,
      kind: 'postgres',
      ping: async () => void (await probe.query('select 1')),
      disruptions: () => disruptions,
      listen: async (channel, onNotice) => {
        const listener = await listenOnPostgres(target, settings.connectTimeoutMs, channel, onNotice);
        listeners.add(listener);
        return listener;
      },
      close: async () => {
        disruptions++;
        await Promise.all([
          pool.end(),
          priorityPool.end(),
          familyPool.end(),
          probe.end(),
          ...[...listeners].map((listener) => listener.close()),
        ]);
      },
    };
  }
  // The embedded database runs in a worker thread (pglite-worker.mjs), reached through the same pg pool
  // as a PostgreSQL server. It is one session, which its connections take in turns (the priority lane's first).
  const inMemory = options.dataDir === 'memory://';
  const lock = inMemory ? null : lockDataFolder(options.dataDir);
  let host: PgliteHost | null = null;
  let backups: Awaited<ReturnType<typeof serveBackups>> | null = null;
  try {
    let migrate = async () => {};
    host = await startPgliteWorker(inMemory ? null : path.resolve(options.dataDir), {
      ...(options.startFrom ? { startFrom: options.startFrom } : {}),
      // A data folder holds its schema across a restart; an in-memory database starts empty (or as its dump) again.
      onRestarted: () => (inMemory ? migrate() : Promise.resolve()),
    });
    const started = host;
    let notices: ReturnType<typeof embeddedNotices> | null = null;
    const onNotification = (notice: pg.Notification) => notices?.notify(notice);
    const pool = createPool(host.connection, { ...settings, max: EMBEDDED_WORK_CONNECTIONS, onNotification }, onLost);
    const priorityPool = createPool(
      host.connection,
      { ...settings, max: 1, applicationName: PRIORITY_APPLICATION, onNotification },
      onLost,
    );
    const db = drizzlePostgres({ client: pool, schema });
    notices = embeddedNotices(db, () => started.deaths);
    migrate = () => migratePostgres(db, { migrationsFolder });
    await migrate();
    // `npm run db:backup` asks the process that holds the folder (server/src/db/backup.ts).
    backups = inMemory ? null : await serveBackups(options.dataDir, started.connection.host, () => started.dump());
    let closed = 0;
    return {
      db: db as unknown as Database,
      priorityDb: drizzlePostgres({ client: priorityPool, schema }) as unknown as Database,
      familyDb: db as unknown as Database,
      kind: 'pglite',
      embedded: started,
      ping: () => started.ping(settings.connectTimeoutMs),
      disruptions: () => disruptions + started.deaths + closed,
      listen: notices.listen,
      close: async () => {
        closed = 1;
        await backups?.close();
        await Promise.all([pool.end(), priorityPool.end()]);
        await started.stop();
        lock?.release();
      },
    };
  } catch (error) {
    await backups?.close();
    await host?.stop();
    lock?.release();
    throw error;
  }
}

/** Any number: the key of the advisory lock under which one server process at a time migrates a PostgreSQL database. */
const MIGRATION_LOCK_KEY = 37037;

/**
 * The migrations, run by one process at a time: several server processes started together after an upgrade (issue
 * 37) would otherwise each find the same migrations missing, and all but one would fail on what the first created.
 * The others wait for the lock, then find nothing left to do. A session lock on a connection of its own, since the
 * migrator runs several statements and a transaction.
 */
async function migrateAlone(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed may still hold the lock: it is closed rather than pooled.
    client.release(failure);
  }
}

/** Rows of a raw SQL query, the same on both drivers (both answer `{ rows }`), untyped: for the tests' own checks. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db._.session.prepareQuery(statementOf(query), undefined, undefined, false).execute()) as { rows: T[] };
  return result.rows;
}

/** Rows of a raw SQL query, each checked by `row` and typed by it: the product's reads. */
export async function readRows<S extends z.ZodType>(db: Executor, query: SQL, row: S): Promise<z.output<S>[]> {
  return rowsOf(row).parse(await queryRows(db, query));
}

/**
 * The check of a statement's rows, made once per row check: zod builds a schema's checking code at its first use, so
 * a schema made per statement (an array of `row`, or a `z.object` written inside a function) is built every time
 * (issue 37: a tenth of a booking's processor time went to zod, most of it building). Row checks of statements run
 * on every call are therefore constants of their module.
 */
function rowsOf<S extends z.ZodType>(row: S): z.ZodArray<S> {
  let rows = rowChecks.get(row) as z.ZodArray<S> | undefined;
  if (!rows) rowChecks.set(row, (rows = z.array(row)));
  return rows;
}
const rowChecks = new WeakMap<z.ZodType, z.ZodType>();

const dialect = new PgDialect();

/**
 * The text and parameters of a statement. Drizzle's own compiler (dialect.sqlToQuery) tries every kind of part it
 * knows on every part; this walks the parts this codebase's statements are made of directly, in a fraction of the
 * time (issue 37: under a rush the compiler was a twentieth of the server's processor, and an insert made by drizzle's
 * builder took 175 µs to compile): text, nested SQL, plain values, and the builder's tables, columns, names, typed
 * values and lists of values, each as drizzle writes it. A statement with any other part (an alias, a schema, a
 * placeholder, an inlined value, a plain object such as a date) is drizzle's to compile, whole.
 */
export function statementOf(query: SQL): Query {
  let text = '';
  const params: unknown[] = [];
  const walk = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams || !walk(chunk.queryChunks)) return false;
      } else if (chunk === null || (chunk !== undefined && typeof chunk !== 'object' && typeof chunk !== 'function'))
        text += `$${params.push(chunk)}`;
      else if (chunk === undefined) continue;
      else if (chunk instanceof Param) {
        if (chunk.value instanceof Placeholder) return false;
        const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value instanceof SQL) {
          if (!walk([value])) return false;
        } else text += `$${params.push(value)}`;
      } else if (chunk instanceof Name) text += dialect.escapeName(chunk.value);
      else if (chunk instanceof Table) {
        if (!plainTable(chunk)) return false;
        text += dialect.escapeName(getTableName(chunk));
      } else if (chunk instanceof Column) {
        if (chunk.keyAsName || !plainTable(chunk.table)) return false;
        text += `${dialect.escapeName(getTableName(chunk.table))}.${dialect.escapeName(chunk.name)}`;
      } else if (Array.isArray(chunk)) {
        // A list of values, as in an insert's `values (…)`.
        text += '(';
        for (const [i, element] of chunk.entries()) {
          if (i > 0) text += ', ';
          if (!walk([element])) return false;
        }
        text += ')';
      } else return false;
    }
    return true;
  };
  return walk([query]) ? { sql: text, params } : dialect.sqlToQuery(query);
}

/** A table named by its name alone: not an alias, not in a schema of its own (drizzle's own marks, table.js). */
const plainTable = (table: Table) => {
  const marks = table as unknown as Record<symbol, unknown>;
  return !marks[Symbol.for('drizzle:IsAlias')] && marks[Symbol.for('drizzle:Schema')] === undefined;
};

/**
 * `readRows` for a statement run on nearly every call, or inside a booking's locks: it is prepared under `name` once
 * per connection, so the database parses it once and, after a few runs, plans it once, instead of at every call
 * (planning the subscription detail's join took 4.5 ms, running it 0.2: issue 37). On the embedded database too, whose
 * connections share its one session: its worker keeps each connection's statements apart (pglite-worker.mjs). A
 * statement whose text varies (a list of ids) is prepared once per text (`statementName`).
 */
export async function readNamedRows<S extends z.ZodType>(db: Executor, name: string, query: SQL, row: S): Promise<z.output<S>[]> {
  return rowsOf(row).parse(await queryNamedRows(db, name, query));
}

/**
 * The value of one SQL expression (a JSON built in the database, say), read by a statement prepared under `name`: for
 * an expression that is otherwise a part of a larger statement (issue 37).
 */
export async function readNamedValue(db: Executor, name: string, expression: SQL): Promise<unknown> {
  const [row] = await readNamedRows(db, name, sql`select ${expression} as value`, valueRow);
  return row!.value;
}

const valueRow = z.object({ value: z.unknown() });

/** `queryRows` as a named statement (see readNamedRows): the Idempotency-Key's own statements, which have no row check. */
export async function queryNamedRows<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const built = statementOf(query);
  const result = (await db._.session.prepareQuery(built, undefined, statementName(name, built.sql), false).execute()) as {
    rows: T[];
  };
  return result.rows;
}

/** The name `writeTogether` gives its write at `index`: its read may read the rows a write returns under it. */
export const writtenPart = (index: number) => `w${index}`;

/**
 * Several writes (insert, update or delete statements) made as one statement prepared under `name`: one round trip
 * instead of one each. Inside a booking's camp lock every round trip is time the lock is held (issue 37). The writes
 * become the parts of one `with` statement, which see the database as it was before the statement, not each other's
 * rows: only for writes that read nothing another of them writes. Foreign keys are checked at the statement's end, so a
 * row may refer to one written by an earlier part. With `read`, the statement answers its rows (checked by `row`):
 * a read of the database as it was before these writes, and of the rows a write returns (`returning`) under its
 * `writtenPart` name.
 */
export async function writeTogether(db: Executor, name: string, writes: SQL[]): Promise<void>;
export async function writeTogether<S extends z.ZodType>(
  db: Executor,
  name: string,
  writes: SQL[],
  read: { query: SQL; row: S },
): Promise<z.output<S>[]>;
export async function writeTogether<S extends z.ZodType>(
  db: Executor,
  name: string,
  writes: SQL[],
  read?: { query: SQL; row: S },
): Promise<z.output<S>[] | void> {
  const last = read?.query ?? writes.at(-1);
  if (!last) return;
  const parts = (read ? writes : writes.slice(0, -1)).map(
    (write, i) => sql`${sql.raw(i === 0 ? 'with' : ',')} ${sql.raw(writtenPart(i))} as (${write})`,
  );
  const rows = await queryNamedRows(db, name, sql`${sql.join(parts, sql` `)} ${last}`);
  if (read) return rowsOf(read.row).parse(rows);
}

/**
 * The name a text is prepared under: `name` for the first text given it, `name_1`, `name_2`, … for others (pg refuses
 * a name prepared for another text on the same connection), so that a statement whose text varies with its basket
 * (the number of children or camps) needs no name per variant.
 */
function statementName(name: string, text: string): string {
  let texts = textsNamed.get(name);
  if (!texts) textsNamed.set(name, (texts = []));
  let index = texts.indexOf(text);
  if (index < 0) index = texts.push(text) - 1;
  return index === 0 ? name : `${name}_${index}`;
}
const textsNamed = new Map<string, string[]>();
