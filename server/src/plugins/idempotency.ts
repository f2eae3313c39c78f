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
    idempotencyClaim: { adminId: number; key: string } | null;
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

interface StoredRequest {
  call: string;
  request_hash: string;
  status: number | null;
  answer: string | null;
}

/**
 * `Idempotency-Key` on the signed-in mutations (issue 23 §6): the first request with a key runs and its
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
    if (header === undefined || request.method === 'GET' || !request.user) return;
    if (typeof header !== 'string' || !KEY.test(header)) throw new AppError('VALIDATION', idempotencyMessages.invalidKey);
    if ((request.headers['content-type'] ?? '').startsWith('multipart/')) throw new AppError('VALIDATION', idempotencyMessages.upload);
    const db = app.database.db;
    const adminId = request.user.adminId;
    const call = `${request.method} ${request.routeOptions.url}`;
    const requestHash = createHash('sha256')
      .update(`${call}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');

    const now = app.clock.now().getTime();
    if (now - lastSweep > SWEEP_MS) {
      lastSweep = now;
      await db.execute(sql`delete from idempotency_keys where created_at < ${new Date(now - ttlMs).toISOString()}::timestamptz`);
    }
    const waitUntil = Date.now() + WAIT_MS;
    for (;;) {
      const at = app.clock.now().getTime();
      // One statement claims the key: a new key, or one whose earlier use expired or was abandoned.
      const claimed = await queryRows(
        db,
        sql`insert into idempotency_keys (admin_id, key, call, request_hash, created_at)
            values (${adminId}, ${header}, ${call}, ${requestHash}, ${new Date(at).toISOString()}::timestamptz)
            on conflict (admin_id, key) do update
              set call = excluded.call, request_hash = excluded.request_hash, status = null, answer = null, created_at = excluded.created_at
              where idempotency_keys.created_at < ${new Date(at - ttlMs).toISOString()}::timestamptz
                 or (idempotency_keys.status is null and idempotency_keys.created_at < ${new Date(at - ABANDONED_MS).toISOString()}::timestamptz)
            returning admin_id`,
      );
      if (claimed.length > 0) {
        request.idempotencyClaim = { adminId, key: header };
        return;
      }
      const [first] = await queryRows<StoredRequest>(
        db,
        sql`select call, request_hash, status, answer from idempotency_keys where admin_id = ${adminId} and key = ${header}`,
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
    const where = sql`admin_id = ${claim.adminId} and key = ${claim.key}`;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await app.database.db.execute(sql`delete from idempotency_keys where ${where}`);
    } else {
      await app.database.db.execute(sql`update idempotency_keys set status = ${reply.statusCode}, answer = ${payload} where ${where}`);
    }
    return payload;
  });
});
