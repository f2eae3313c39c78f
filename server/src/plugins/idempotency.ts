import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyMessages } from '@common/messages.js';
import { queryNamedRows, queryRows, type Executor } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/postgres-pool.js';
import { AppError, conflict } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request is the first with its key: its answer is stored for the retries. */
    idempotencyClaim: IdempotencyClaim | null;
    /** A family's keyInTransaction call: its key as its session's statement read it (`keyReadAhead`), for the first read. */
    keyReadAhead: { key: string; stored: StoredRequest | undefined } | null;
  }
  interface FastifyContextConfig {
    /**
     * The call writes its Idempotency-Key in its own transaction (`claimKeyInTransaction`), so that the key is
     * committed with what the call did, or not at all: `book` (issue 37).
     */
    keyInTransaction?: boolean;
  }
}

/** A request's hold on its key: stored with its answer once sent. */
export interface IdempotencyClaim {
  owner: Owner;
  key: string;
  call: string;
  requestHash: string;
  /** When the request came (the key's created_at), and before when an earlier use of the key has expired. */
  at: string;
  expiredBefore: string;
  /** The key is written by the call's transaction (keyInTransaction), not before the call. */
  inTransaction: boolean;
  /**
   * keyInTransaction: the ids an earlier request with this key committed, when its answer was never stored (its
   * process died, or its connection, after the commit); the call answers these instead of doing anything.
   */
  committed: number[] | null;
  /** keyInTransaction: the call's refusal was written with its key and answer (keyRefusedSql): onSend keeps nothing. */
  answerKept: boolean;
}

/** Visible ASCII, as the header's draft standard and Stripe allow: a UUID fits easily. */
const KEY = /^[\x21-\x7e]{1,255}$/;
/** A request with the same key still being served: look again this often, and answer 409 after this long. */
const POLL_MS = 50;
const WAIT_MS = 10_000;
/** The first request of a key died with its process when it is still unanswered after this long. */
const ABANDONED_MS = 5 * 60_000;
/** Expired keys are removed at most this often, by the request that finds it is time. */
const SWEEP_MS = 60_000;

/**
 * Whose keys: a user's (`idempotency_keys`) or a family's of the public booking site (`family_idempotency_keys`,
 * issue 40); the two tables have the same columns but the owner's.
 */
interface Owner {
  table: 'idempotency_keys' | 'family_idempotency_keys';
  column: 'admin_id' | 'account_id';
  id: number;
}

function ownerOf(request: { user: { adminId: number } | null; family: { accountId: number } | null }): Owner | null {
  if (request.user) return { table: 'idempotency_keys', column: 'admin_id', id: request.user.adminId };
  if (request.family) return { table: 'family_idempotency_keys', column: 'account_id', id: request.family.accountId };
  return null;
}

export interface StoredRequest {
  call: string;
  request_hash: string;
  status: number | null;
  answer: string | null;
  subscription_ids?: number[] | null;
}

/**
 * The key's row as stored, unless expired (created before `expiredBefore`), with the bookings it committed for a key
 * written in a transaction.
 */
async function readStored(
  db: Executor,
  claim: Pick<IdempotencyClaim, 'owner' | 'key' | 'inTransaction' | 'expiredBefore'>,
): Promise<StoredRequest | undefined> {
  const { owner } = claim;
  const [stored] = await queryNamedRows<StoredRequest>(
    db,
    'idempotency_key',
    sql`select call, request_hash, status, answer${claim.inTransaction ? sql`, subscription_ids` : sql``}
        from ${sql.raw(owner.table)}
        where ${sql.raw(owner.column)} = ${owner.id} and key = ${claim.key} and created_at >= ${claim.expiredBefore}::timestamptz`,
  );
  return stored;
}

/**
 * A family's keyInTransaction call (`book`) reads its key once before anything else: that first read is made by the
 * statement that checks the family's session (resolveFamilySession's `alsoRead`, in the auth hook), as `readStored`
 * would make it a moment later, one round trip less on every press of a rush (issue 37). `key` is the request's valid
 * Idempotency-Key; null when the request makes no such read. Later reads (while an earlier request with the key is in
 * progress) are the preHandler's own.
 */
export function keyReadAhead(request: FastifyRequest, ttlHours: number, now: Date): { key: string; read: SQL } | null {
  const header = request.headers['idempotency-key'];
  if (request.method === 'GET' || request.routeOptions.config.keyInTransaction !== true || typeof header !== 'string' || !KEY.test(header))
    return null;
  const expiredBefore = new Date(now.getTime() - ttlHours * 3_600_000).toISOString();
  return {
    key: header,
    read: sql`(select json_build_object('call', k.call, 'request_hash', k.request_hash, 'status', k.status, 'answer', k.answer,
      'subscription_ids', k.subscription_ids) from family_idempotency_keys k
      where k.account_id = fa.id and k.key = ${header} and k.created_at >= ${expiredBefore}::timestamptz)`,
  };
}

/** Another request with the same key committed first, while this one waited for it: this one changed nothing. */
export class KeyTakenMeanwhile extends Error {
  constructor() {
    super('Idempotency-Key committed by another request meanwhile');
  }
}

/**
 * A keyInTransaction call's first statement: writes its key in `tx`. A request with the same key in flight on any
 * process holds the key's row uncommitted, so this waits for its end: when it committed, this throws
 * KeyTakenMeanwhile (the caller rolls back and answers what that request did, `storedOutcome`); when it rolled back,
 * the key is this request's. Nothing is taken before it, so the wait holds up nobody else.
 */
export async function claimKeyInTransaction(tx: Executor, claim: IdempotencyClaim, alsoRead?: SQL): Promise<unknown> {
  const table = sql.raw(claim.owner.table);
  const column = sql.raw(claim.owner.column);
  // With `alsoRead`, an expression the caller reads before its locks anyway (the family of a basket), read by the same
  // statement: one round trip less (issue 37).
  const [row] = await queryNamedRows<{ claimed: boolean; read: unknown }>(
    tx,
    alsoRead ? 'idempotency_claim_in_transaction_read' : 'idempotency_claim_in_transaction',
    sql`with claimed as (
          insert into ${table} (${column}, key, call, request_hash, created_at)
          values (${claim.owner.id}, ${claim.key}, ${claim.call}, ${claim.requestHash}, ${claim.at}::timestamptz)
          ${takenOver(claim)}
          returning ${column})
        select exists (select from claimed) as claimed, ${alsoRead ?? sql`null`} as read`,
  );
  if (!row?.claimed) throw new KeyTakenMeanwhile();
  return row.read;
}

/**
 * In a statement's condition: its commit does not wait for the disk (synchronous_commit off for its own transaction;
 * a commit waits 4 ms for it on this machine). Only for what a crash may lose without harm: a keyInTransaction call's
 * refusal or answer, which a retry gets afresh (refused again, or answered from the bookings committed with the key).
 */
const noDiskWait = sql`set_config('synchronous_commit', 'off', true) is not null`;

/**
 * A keyInTransaction call refused before its transaction (`refuseWhenFull`, issue 37): its key written with the
 * refusal's `status` and `answer` (the answer's text, an expression of `rows`) by the statement that decides the
 * refusal, as a part of it (an `insert … select` from that statement's `rows` where `refused`), so the refusal costs
 * no round trip more and a retry finds its answer with its key. A request with the same key in flight (the family's
 * first attempt, on any process) holds the key's row uncommitted: this waits for it at most 100 ms (then the
 * statement fails, lock_not_available), and writes nothing when that request committed. Returns the key's column for
 * a written key; the caller then marks its claim `answerKept`.
 */
export function keyRefusedSql(claim: IdempotencyClaim, status: number, answer: SQL, rows: SQL, refused: SQL): SQL {
  const table = sql.raw(claim.owner.table);
  const column = sql.raw(claim.owner.column);
  return sql`insert into ${table} (${column}, key, call, request_hash, created_at, status, answer)
    select ${claim.owner.id}, ${claim.key}, ${claim.call}, ${claim.requestHash}, ${claim.at}::timestamptz, ${status}, ${answer} from ${rows}
    where ${refused} and set_config('lock_timeout', '100ms', true) is not null and ${noDiskWait}
    ${takenOver(claim)}
    returning ${column}`;
}

/**
 * Where a keyInTransaction call's key is already written, the write takes the row over (as if new, with the status
 * and answer it writes) only when the key expired.
 */
function takenOver(claim: IdempotencyClaim): SQL {
  const table = sql.raw(claim.owner.table);
  return sql`on conflict (${sql.raw(claim.owner.column)}, key) do update
    set call = excluded.call, request_hash = excluded.request_hash, status = excluded.status, answer = excluded.answer,
        subscription_ids = null, created_at = excluded.created_at
    where ${table}.created_at < ${claim.expiredBefore}::timestamptz`;
}

/**
 * The last write of a keyInTransaction call: what it committed, kept with its key in the same transaction. A statement
 * for the caller to make with its own last writes (`writeTogether`): the key's row is the call's own, written by its
 * first statement, so no other write of the call reads it.
 */
export function keyCommittedWrite(claim: IdempotencyClaim, status: number, subscriptionIds: number[]): SQL {
  return sql`update ${sql.raw(claim.owner.table)} set status = ${status}, subscription_ids = ${`{${subscriptionIds.join(',')}}`}::int[]
    where ${sql.raw(claim.owner.column)} = ${claim.owner.id} and key = ${claim.key}`;
}

/**
 * What the request that took the key meanwhile (KeyTakenMeanwhile) did: the bookings it committed, or the refusal
 * it answered (thrown as that refusal). The same key with another request is refused (409).
 */
export async function storedOutcome(db: Executor, claim: IdempotencyClaim): Promise<number[]> {
  const stored = await readStored(db, claim);
  if (stored && (stored.call !== claim.call || stored.request_hash !== claim.requestHash)) throw conflict(idempotencyMessages.reused);
  if (stored?.subscription_ids) return stored.subscription_ids;
  const refusal = stored?.answer ? (JSON.parse(stored.answer) as { error?: { code?: string; message?: string } }).error : undefined;
  if (refusal?.code && refusal.message) throw new AppError(refusal.code as AppError['code'], refusal.message);
  // Taken and gone again (expired or erased meanwhile): as a request still in progress.
  throw conflict(idempotencyMessages.inProgress);
}

/**
 * `Idempotency-Key` on the signed-in mutations (issue 23 §6; a family's too, issue 40): the first request with a key runs and its
 * answer is stored with (administrator, key, call, hash of the request) for IDEMPOTENCY_TTL_HOURS; a retry
 * with the same key and request answers that first answer (header `Idempotent-Replayed: true`) and changes
 * nothing. A second request with the key while the first is being served waits for its answer. The same
 * key with another call or body is refused (409). A 5xx is not kept: the call changed nothing, so a retry
 * runs afresh.
 *
 * One gap remains there: a process that dies between its commit and storing the answer leaves its key unanswered,
 * and a retry runs again after ABANDONED_MS. A call whose retries must never book twice (`book`, issue 37) writes its
 * key in its own transaction instead (keyInTransaction): the key is committed with the bookings or not at all, a
 * request with the same key on any process waits for that transaction (PostgreSQL's lock on the key's row, released
 * by a process or connection that dies), and a retry answers what was committed, also after a lost answer.
 */
export default fp(async (app) => {
  const ttlMs = app.config.IDEMPOTENCY_TTL_HOURS * 3_600_000;
  let lastSweep = 0;
  // A family's key on the families' lane, as the rest of its call (db/client.ts, familyDb).
  const laneOf = (owner: Owner) => (owner.table === 'family_idempotency_keys' ? app.database.familyDb : app.database.db);
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('keyReadAhead', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const owner = ownerOf(request);
    if (header === undefined || request.method === 'GET' || !owner) return;
    if (typeof header !== 'string' || !KEY.test(header)) throw new AppError('VALIDATION', idempotencyMessages.invalidKey);
    if ((request.headers['content-type'] ?? '').startsWith('multipart/')) throw new AppError('VALIDATION', idempotencyMessages.upload);
    const db = laneOf(owner);
    const table = sql.raw(owner.table);
    const column = sql.raw(owner.column);
    const call = `${request.method} ${request.routeOptions.url}`;
    const requestHash = createHash('sha256')
      .update(`${call}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');

    const now = app.clock.now().getTime();
    if (now - lastSweep > SWEEP_MS) {
      lastSweep = now;
      const expired = new Date(now - ttlMs).toISOString();
      await db.execute(sql`delete from idempotency_keys where created_at < ${expired}::timestamptz`);
      await db.execute(sql`delete from family_idempotency_keys where created_at < ${expired}::timestamptz`);
    }
    const inTransaction = request.routeOptions.config.keyInTransaction === true;
    // The first read of the key, made already with the family's session (keyReadAhead).
    let readAhead = request.keyReadAhead?.key === header && owner.table === 'family_idempotency_keys' ? request.keyReadAhead : null;
    const waitUntil = Date.now() + WAIT_MS;
    for (;;) {
      const at = app.clock.now().getTime();
      const claim: IdempotencyClaim = {
        owner,
        key: header,
        call,
        requestHash,
        at: new Date(at).toISOString(),
        expiredBefore: new Date(at - ttlMs).toISOString(),
        inTransaction,
        committed: null,
        answerKept: false,
      };
      if (!inTransaction) {
        // One statement claims the key: a new key, or one whose earlier use expired or was abandoned.
        const claimed = await queryRows(
          db,
          sql`insert into ${table} (${column}, key, call, request_hash, created_at)
              values (${owner.id}, ${header}, ${call}, ${requestHash}, ${claim.at}::timestamptz)
              on conflict (${column}, key) do update
                set call = excluded.call, request_hash = excluded.request_hash, status = null, answer = null, created_at = excluded.created_at
                where ${table}.created_at < ${claim.expiredBefore}::timestamptz
                   or (${table}.status is null and ${table}.created_at < ${new Date(at - ABANDONED_MS).toISOString()}::timestamptz)
              returning ${column}`,
        );
        if (claimed.length > 0) {
          request.idempotencyClaim = claim;
          return;
        }
      }
      const first = readAhead ? readAhead.stored : await readStored(db, claim);
      readAhead = null;
      if (!first) {
        // A key written in a transaction is claimed there; otherwise the first request failed with a 5xx meanwhile.
        if (!inTransaction) continue;
        request.idempotencyClaim = claim;
        return;
      }
      if (first.call !== call || first.request_hash !== requestHash) throw conflict(idempotencyMessages.reused);
      if (first.status !== null && first.answer !== null) {
        request.log.info({ status: first.status }, 'idempotent replay');
        return reply
          .code(first.status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(first.answer);
      }
      if (first.subscription_ids) {
        // Committed, but its answer was never stored: the call answers what was committed.
        request.idempotencyClaim = { ...claim, committed: first.subscription_ids };
        return;
      }
      if (Date.now() > waitUntil) throw conflict(idempotencyMessages.inProgress);
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    await keepAnswer(laneOf(claim.owner), claim, reply.statusCode, payload).catch((error: unknown) => {
      // The database went away after the answer was decided (a restart): the answer stands, as it is true, and failing
      // here would turn it into a 500 with a body no client understands. A keyInTransaction call's retry runs afresh
      // (a refusal committed nothing) or replays the bookings committed with the key; another call's key stays
      // unanswered, so its retry hears the call is in progress until the key is abandoned, as after a 500.
      if (!isDatabaseUnavailable(error)) throw error;
      request.log.warn({ code: 'DATABASE_UNAVAILABLE' }, 'the answer of an Idempotency-Key was not kept');
    });
    return payload;
  });
});

/** What onSend keeps with a claimed key: the request's answer (status and body), or no key at all after a 5xx. */
async function keepAnswer(db: Executor, claim: IdempotencyClaim, status: number, payload: unknown): Promise<void> {
  const table = sql.raw(claim.owner.table);
  const column = sql.raw(claim.owner.column);
  const where = sql`${column} = ${claim.owner.id} and key = ${claim.key}`;
  if (claim.inTransaction) {
    // What the transaction committed stays, whatever this request answers: a 5xx after the commit (its answer
    // lost with the connection) is answered to the retry from it. A refusal rolled the key back: it is kept now,
    // unless the statement that refused kept it with the key (answerKept).
    // A 200 committed its key with what it booked, and a retry answers those bookings from the database: their
    // answer (a QR code a booking, kilobytes) is not written again, one statement less a booked basket (issue 37).
    // A key already there was committed by another request with it, with its bookings or its refusal's answer
    // (keyRefusedSql, or this insert): that stands.
    if (status >= 500 || status === 200 || claim.answerKept || typeof payload !== 'string') return;
    await queryNamedRows(
      db,
      'idempotency_answer',
      sql`insert into ${table} (${column}, key, call, request_hash, created_at, status, answer)
          select ${claim.owner.id}, ${claim.key}, ${claim.call}, ${claim.requestHash}, ${claim.at}::timestamptz, ${status}, ${payload}
          where ${noDiskWait}
          on conflict (${column}, key) do nothing`,
    );
  } else if (status >= 500 || typeof payload !== 'string') {
    await db.execute(sql`delete from ${table} where ${where}`);
  } else {
    await db.execute(sql`update ${table} set status = ${status}, answer = ${payload} where ${where}`);
  }
}
