import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * A listener for the notices (`pg_notify`) of one channel, from every process on the same database. What a
 * process keeps on the strength of them (the session cache) may only be kept while `epoch()` is a number:
 * null means notices may be missed right now, and a new number means the listener connected anew and may
 * have missed some in between.
 */
export interface NoticeListener {
  epoch(): number | null;
  close(): Promise<void>;
}

/** The application_name of the listener's own PostgreSQL connection. */
export const NOTICE_APPLICATION = 'kampbeheer-notices';
const MAX_RECONNECT_DELAY_MS = 5000;

/** A listener that never hears anything: whatever relies on notices keeps nothing. */
export const deafListener = async (): Promise<NoticeListener> => ({ epoch: () => null, close: async () => {} });

/**
 * Notices on PostgreSQL, on a connection of its own (a pooled one would lose its LISTEN when the pool ends it).
 * A lost connection is made again after 0.25 s, doubling up to 5 s; resolves once the first attempt is done.
 */
export async function listenOnPostgres(
  target: { connectionString: string },
  connectTimeoutMs: number,
  channel: string,
  onNotice: () => void,
): Promise<NoticeListener> {
  let current: pg.Client | null = null;
  let epoch: number | null = null;
  let connects = 0;
  let failures = 0;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    timer = null;
    const client = new pg.Client({
      ...target,
      application_name: NOTICE_APPLICATION,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    current = client;
    const lost = () => {
      if (current !== client) return;
      current = null;
      epoch = null;
      void client.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(), Math.min(MAX_RECONNECT_DELAY_MS, 250 * 2 ** failures++));
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (notice) => {
      if (notice.channel === channel) onNotice();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (current === client) {
        failures = 0;
        epoch = ++connects;
      }
    } catch {
      lost();
    }
  };

  await connect();
  return {
    epoch: () => epoch,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = null;
      epoch = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Notices on the embedded database. PGlite is one session that all connections share: a LISTEN on any of them
 * holds for the session, and the session's own notices arrive on the connection whose transaction committed,
 * before its commit answers (pg emits them as 'notification' on that client, see `notify`). So a revocation
 * is heard before the call that made it answers. A restarted worker is a new session that listens for
 * nothing: `deaths` tells that the LISTEN held before is gone, and the next `epoch()` listens again.
 */
export function embeddedNotices(db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>, deaths: () => number) {
  const handlers = new Map<string, Set<() => void>>();
  const listening = new Map<string, { deaths: number; epoch: number }>();
  const pending = new Map<string, Promise<void>>();
  let epochs = 0;
  const listenOn = (channel: string): Promise<void> => {
    const before = deaths();
    const attempt =
      pending.get(channel) ??
      db.execute(sql.raw(`LISTEN ${channel}`)).then(() => void listening.set(channel, { deaths: before, epoch: ++epochs }));
    pending.set(channel, attempt);
    return attempt.finally(() => pending.delete(channel));
  };
  return {
    /** Give every client of the session's pools: it passes their notices on. */
    notify: (notice: pg.Notification) => handlers.get(notice.channel)?.forEach((handler) => handler()),
    listen: async (channel: string, onNotice: () => void): Promise<NoticeListener> => {
      if (!handlers.has(channel)) handlers.set(channel, new Set());
      handlers.get(channel)!.add(onNotice);
      await listenOn(channel).catch(() => undefined);
      return {
        epoch: () => {
          const held = listening.get(channel);
          if (held && held.deaths === deaths()) return held.epoch;
          // The worker was restarted: listen on the new session, and keep nothing until it does.
          if (!pending.has(channel)) void listenOn(channel).catch(() => undefined);
          return null;
        },
        close: async () => void handlers.get(channel)?.delete(onNotice),
      };
    },
  };
}
