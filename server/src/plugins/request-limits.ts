import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiMessages } from '@common/messages.js';
import { AppError, errorBody } from '../lib/errors.js';

/** No payload of this product nests deeper than a few levels; 32 leaves room and stops deep recursion cold. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests deeper than `limit`, found by one pass over the characters (strings skipped), so
 * a body of 3,000 nested brackets is refused before anything walks it recursively.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** JSON bodies are checked for depth, then parsed by Fastify's own parser (which refuses prototype poisoning). */
export default fp(async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('VALIDATION', apiMessages.tooDeep), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
});

/**
 * Errors Node's HTTP parser answers before Fastify sees a request (headers too large, a request that
 * arrives too slowly, garbage) get the error shape of every other answer.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE', apiMessages.headersTooLarge)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT', apiMessages.requestTimeout)
        : new AppError('VALIDATION', apiMessages.validation);
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(appError));
    socket.write(
      `HTTP/1.1 ${appError.status} ${http.STATUS_CODES[appError.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
