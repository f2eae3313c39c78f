import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { idempotencyMessages } from '@common/messages.js';
import { queryRows } from '../db/client.js';
import { AppError, conflict } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request is the first with its key: its answer is stored for the retries. */
    idempotencyClaim: { owner: Owner; key: string } | null;
  }
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

interface StoredRequest {
  call: string;
  request_hash: string;
  status: number | null;
  answer: string | null;
}

/**
 * `Idempotency-Key` on the signed-in mutations (issue 23 §6; a family's too, issue 40): the first request with a key runs and its
 * answer is stored with (administrator, key, call, hash of the request) for IDEMPOTENCY_TTL_HOURS; a retry
 * with the same key and request answers that first answer (header `Idempotent-Replayed: true`) and changes
 * nothing. A second request with the key while the first is being served waits for its answer. The same
 * key with another call or body is refused (409). A 5xx is not kept: the call changed nothing, so a retry
 * runs afresh.
 */
export default fp(async (app) => {
  const ttlMs = app.config.IDEMPOTENCY_TTL_HOURS * 3_600_000;
  let lastSweep = 0;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const owner = ownerOf(request);
    if (header === undefined || request.method === 'GET' || !owner) return;
    if (typeof header !== 'string' || !KEY.test(header)) throw new AppError('VALIDATION', idempotencyMessages.invalidKey);
    if ((request.headers['content-type'] ?? '').startsWith('multipart/')) throw new AppError('VALIDATION', idempotencyMessages.upload);
    const db = app.database.db;
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
    const waitUntil = Date.now() + WAIT_MS;
    for (;;) {
      const at = app.clock.now().getTime();
      // One statement claims the key: a new key, or one whose earlier use expired or was abandoned.
      const claimed = await queryRows(
        db,
        sql`insert into ${table} (${column}, key, call, request_hash, created_at)
            values (${owner.id}, ${header}, ${call}, ${requestHash}, ${new Date(at).toISOString()}::timestamptz)
            on conflict (${column}, key) do update
              set call = excluded.call, request_hash = excluded.request_hash, status = null, answer = null, created_at = excluded.created_at
              where ${table}.created_at < ${new Date(at - ttlMs).toISOString()}::timestamptz
                 or (${table}.status is null and ${table}.created_at < ${new Date(at - ABANDONED_MS).toISOString()}::timestamptz)
            returning ${column}`,
      );
      if (claimed.length > 0) {
        request.idempotencyClaim = { owner, key: header };
        return;
      }
      const [first] = await queryRows<StoredRequest>(
        db,
        sql`select call, request_hash, status, answer from ${table} where ${column} = ${owner.id} and key = ${header}`,
      );
      if (!first) continue; // the first request failed with a 5xx meanwhile: this one runs instead
      if (first.call !== call || first.request_hash !== requestHash) throw conflict(idempotencyMessages.reused);
      if (first.status !== null) {
        request.log.info({ status: first.status }, 'idempotent replay');
        return reply
          .code(first.status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(first.answer);
      }
      if (Date.now() > waitUntil) throw conflict(idempotencyMessages.inProgress);
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const table = sql.raw(claim.owner.table);
    const where = sql`${sql.raw(claim.owner.column)} = ${claim.owner.id} and key = ${claim.key}`;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await app.database.db.execute(sql`delete from ${table} where ${where}`);
    } else {
      await app.database.db.execute(sql`update ${table} set status = ${reply.statusCode}, answer = ${payload} where ${where}`);
    }
    return payload;
  });
});
