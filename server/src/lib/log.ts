import type { FastifyServerOptions } from 'fastify';

/**
 * What of an error the log may keep. A database error carries the failed query's parameters (names,
 * addresses, token hashes) in its message and its detail, and an SMTP error may quote the recipient; the
 * log gets their codes only. Other errors keep message and stack: they come from our own code.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const database = databaseCause(error);
  if (database) {
    return { type: error.constructor.name, code: database.code, ...(database.constraint ? { constraint: database.constraint } : {}) };
  }
  const { code, responseCode, command } = error as { code?: unknown; responseCode?: unknown; command?: unknown };
  if (typeof responseCode === 'number' || typeof command === 'string') {
    return { type: error.constructor.name, code, responseCode, command };
  }
  return { type: error.constructor.name, ...(code ? { code } : {}), message: error.message, stack: error.stack };
}

/** The PostgreSQL error behind this one (drizzle wraps it as the cause of 'Failed query: … params: …'). */
function databaseCause(error: Error): { code?: string; constraint?: string } | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const candidate = current as Error & { severity?: unknown; code?: string; constraint?: string };
    if (typeof candidate.severity === 'string' || candidate.message.startsWith('Failed query')) {
      const pgError = (candidate.cause ?? candidate) as { code?: string; constraint?: string };
      return { code: pgError.code ?? candidate.code, constraint: pgError.constraint ?? candidate.constraint };
    }
  }
  return null;
}

/**
 * What of a request the log keeps: method and path, never the query string, which can carry a national number
 * or a name (searchSubscriptions?q=, findFamilies?search=; docs/decisions.md, 'National register numbers').
 */
export function loggableRequest(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export interface LogDestination {
  level?: string;
  stream: NodeJS.WritableStream;
}

/** Fastify's logger settings: ids and codes only (docs/decisions.md, 'Faults and attacks'). */
export function loggerOptions(level: string, destination?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level: destination?.level ?? level,
    ...(destination ? { stream: destination.stream } : {}),
    serializers: { err: loggableError as never, req: loggableRequest as never },
  };
}
