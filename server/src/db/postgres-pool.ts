import pg from 'pg';

export interface ConnectionSettings {
  /** How long connecting (or waiting for a free pooled connection) may take. */
  connectTimeoutMs: number;
  /** How long one statement may run; the server cancels it, and the client gives up shortly after. */
  statementTimeoutMs: number;
}

/** How long after the server's statement timeout the client stops waiting: a frozen server never cancels. */
const READ_GRACE_MS = 2000;

/**
 * A client that survives its connection being cut. pg emits 'error' on a client whose connection drops,
 * also while it is checked out of the pool for a transaction; an 'error' event without a listener ends
 * the process, and the pool only listens on idle clients. A query that outlives its read timeout leaves
 * the connection waiting for an answer that may never come, so the client ends it: the pool then drops
 * it instead of handing it out again.
 */
function guardedClient(onLost: (error: Error) => void, onNotification?: (notice: pg.Notification) => void): typeof pg.Client {
  return class GuardedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', onLost);
      if (onNotification) this.on('notification', onNotification);
    }

    // pg's query has many overloads; this only observes a failure and passes everything through.
    override query(...args: unknown[]): never {
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
      const onFailure = (error: unknown) => {
        if (!error) return;
        if (error instanceof Error && error.message === 'Query read timeout') void this.end();
        // Drizzle sends a transaction's `begin` before its try block, so a `begin` that fails (the connection
        // was lost right then) is never released, and the pool would wait for its slot for ever.
        const release = (this as { release?: (error?: Error) => void }).release;
        if (/^begin\b/i.test(text) && release) release(error instanceof Error ? error : new Error(String(error)));
      };
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (error: unknown, result: unknown) => void;
        args[last] = (error: unknown, result: unknown) => {
          onFailure(error);
          callback(error, result);
        };
      }
      const result = (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) result.catch(onFailure);
      return result as never;
    }
  };
}

/** A pool whose connections may be lost at any time without harm: the next call connects anew. */
export function createPool(
  target: { connectionString: string } | { host: string; port: number; user: string; database: string },
  settings: ConnectionSettings & {
    max: number;
    /** Shows in pg_stat_activity; the embedded database's worker serves PRIORITY_APPLICATION first. */
    applicationName?: string;
    /** Keep an idle connection open instead of closing it after 10 s (a connection used every few seconds). */
    keepIdle?: boolean;
    /** Notices (pg_notify) that reach any of its connections: the embedded database's session hears its own on them. */
    onNotification?: (notice: pg.Notification) => void;
    /**
     * A statement each new connection runs before its first use (`set …` for its session): through a session-mode
     * pooler too, which may refuse a setting sent with the connection's start.
     */
    sessionSetup?: string;
  },
  onLost: (error: Error) => void,
): pg.Pool {
  const pool = new pg.Pool({
    ...target,
    max: settings.max,
    application_name: settings.applicationName,
    ...(settings.keepIdle ? { idleTimeoutMillis: 0 } : {}),
    // Run and answered before the pool hands the new connection out; a failure ends it and fails the call it was for.
    ...(settings.sessionSetup ? { onConnect: (client: pg.ClientBase) => client.query(settings.sessionSetup!) } : {}),
    Client: guardedClient(onLost, settings.onNotification),
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.statementTimeoutMs + READ_GRACE_MS,
    keepAlive: true,
  });
  // Idle clients report through the pool as well; the client's own listener has logged it already.
  pool.on('error', () => {});
  return pool;
}

/** SQLSTATEs that mean the server is going away, starting, overloaded or cancelled the statement for its timeout. */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT',
]);
const unavailableMessages = [/^Connection terminated/, /^Query read timeout$/, /timeout exceeded when trying to connect/, /not queryable/];

/**
 * Whether a failed query failed because the database cannot be reached right now (so a retry later may
 * succeed), rather than because of the query. Drizzle wraps driver errors, so the causes are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || unavailableStates.has(code) || unavailableSocketCodes.has(code))) return true;
    if (unavailableMessages.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}
