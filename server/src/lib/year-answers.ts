import { once } from 'node:events';
import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readRows, type Executor } from '../db/client.js';

/**
 * Answers of a whole camp year (getSubscriptions, getSubscriptionColumns, getCamps), kept compressed per server
 * process and labelled with the version of the lists they were read at. Database triggers bump that version
 * with every committed change to what a list shows (migrations 0011, 0012), so a cached answer is served
 * only while it is still what the database would answer, in every process on the same database; a request
 * asks the database only the version. The ETag is that version: a client that has it gets 304.
 * docs/decisions.md, 'Year answers cached by version'.
 */

const gunzip = promisify(zlib.gunzip);

/** Brotli's quality 5: about as fast as gzip's default and a quarter smaller; the answer is compressed once per version. */
const BROTLI_QUALITY = 5;

interface EncodedAnswer {
  version: number;
  br: Buffer;
  gzip: Buffer;
}

/** Hands on the next piece of an answer's JSON text; resolves when the one after may follow. */
export type WriteAnswer = (text: string) => Promise<void>;

/**
 * Reads an answer as the database gives it: writes the JSON text of `{ data }` in pieces, in order, and
 * answers the list version it was read at. It is given the version read just before it, which it may answer
 * (rows read after that version are at least that new), or it reads a version with its rows. A year of
 * 50,000 subscriptions is written a chunk of rows at a time, so no whole-year string or buffer exists in the
 * process (docs/decisions.md, 'Server memory').
 */
export type ReadAnswer = (write: WriteAnswer, versionBefore: number) => Promise<number>;

const versionRow = z.object({ version: z.number() });

/** The version of the year lists (subscriptions and camps) now. */
export async function subscriptionListVersion(db: Executor): Promise<number> {
  const [row] = await readRows(db, sql`select version from subscription_list_version`, versionRow);
  return row!.version;
}

const etagOf = (version: number) => `"${version}"`;

/** All a compressor puts out, once its input has ended. */
async function output(stream: Transform): Promise<Buffer> {
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  await once(stream, 'end');
  return Buffer.concat(parts);
}

/** Reads an answer and compresses it with brotli and gzip as its pieces arrive. */
async function encode(read: ReadAnswer, versionBefore: number): Promise<EncodedAnswer> {
  const br = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
  const gz = zlib.createGzip();
  const compressed = Promise.all([output(br), output(gz)]);
  const write: WriteAnswer = async (text) => {
    const bytes = Buffer.from(text);
    // Both waits start at once: a compressor may drain while the other is awaited.
    await Promise.all([br, gz].filter((stream) => !stream.write(bytes)).map((stream) => once(stream, 'drain')));
  };
  try {
    const version = await read(write, versionBefore);
    br.end();
    gz.end();
    const [brBytes, gzBytes] = await compressed;
    return { version, br: brBytes, gzip: gzBytes };
  } catch (error) {
    br.destroy();
    gz.destroy();
    throw error;
  }
}

/** Whether a request's If-None-Match names this ETag (or is '*'). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** The encoding of a request's Accept-Encoding to answer in: brotli, gzip, or none. */
function chosenEncoding(request: FastifyRequest): 'br' | 'gzip' | 'identity' {
  const accepted = (request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality.trim()))
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip') || accepted.includes('*')) return 'gzip';
  return 'identity';
}

/**
 * A bounded cache of encoded year answers for one server process. At most `maxEntries` answers (a year's
 * answer of 50,000 subscriptions is about 1.5 MB compressed), the least recently used leaving first.
 */
export function createYearAnswerCache(maxEntries: number) {
  const entries = new Map<string, Promise<EncodedAnswer>>();
  const versions = new Map<string, number>();

  /** The answer for `key` at `version`: the cached one, or a new one read (once, however many ask at the same time) and kept. */
  function encoded(key: string, version: number, read: ReadAnswer): Promise<EncodedAnswer> {
    const cached = entries.get(key);
    if (cached && versions.get(key) === version) {
      entries.delete(key);
      entries.set(key, cached);
      return cached;
    }
    const answer = encode(read, version);
    entries.delete(key);
    entries.set(key, answer);
    versions.set(key, version);
    answer.then(
      // Labelled with the version the rows were read at, which may be newer than the one asked about.
      (done) => entries.get(key) === answer && versions.set(key, done.version),
      () => {
        if (entries.get(key) !== answer) return;
        entries.delete(key);
        versions.delete(key);
      },
    );
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
      versions.delete(oldest);
    }
    return answer;
  }

  return {
    /**
     * Sends the answer of `key` (a call and a year) as it is now: 304 when the client's ETag is the current
     * version, else the cached compressed body, else one read with `read` and kept.
     */
    async send(
      db: Executor,
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      read: ReadAnswer,
      cacheControl?: string,
    ): Promise<void> {
      const version = await subscriptionListVersion(db);
      if (cacheControl) reply.header('cache-control', cacheControl);
      if (matches(request, etagOf(version))) {
        await reply.header('etag', etagOf(version)).code(304).send();
        return;
      }
      const answer = await encoded(key, version, read);
      const encoding = chosenEncoding(request);
      reply.header('etag', etagOf(answer.version)).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      if (encoding === 'identity') {
        await reply.send(await gunzip(answer.gzip));
        return;
      }
      await reply.header('content-encoding', encoding).send(answer[encoding]);
    },
    /**
     * Keeps the answer of `key` as read at `version` (another call's answer, made from the same rows), unless
     * one as new is kept already. A request still checks the version first, so a kept answer is only ever sent
     * while it is current.
     */
    keep(key: string, version: number, read: ReadAnswer): void {
      if ((versions.get(key) ?? -1) >= version) return;
      // A failure here is a request's to report, which then reads on its own.
      encoded(key, version, read).catch(() => undefined);
    },
    /** How many answers are kept (for the tests of the bound). */
    size: () => entries.size,
  };
}

export type YearAnswerCache = ReturnType<typeof createYearAnswerCache>;
