import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import type { SessionUser } from '../features/auth/service.js';
import { parsePayload } from './validation.js';
import { currentAdminId } from '../plugins/auth.js';

/**
 * A crud call as crudCamp and crudTheme take it: the object plus an optional `action`
 * (create | read | update | delete); without one, no id creates and an id updates. Only the action is
 * checked at the door; the object is validated in the handler so that every field keeps its own message.
 * Answers `{ [answerKey]: id }`, and a list for read.
 */
export interface CrudSpec<P extends z.ZodType, I extends z.ZodType, Id, K extends string, R> {
  payload: P;
  idPayload: I;
  idOf: (ids: z.output<I>) => Id;
  /** The id the payload carries, or undefined for a new record. */
  payloadId: (values: z.output<P>) => Id | undefined;
  answerKey: K;
  read: (db: Database, id: Id) => Promise<R[]>;
  create: (db: Database, adminId: number, values: z.output<P>) => Promise<Id>;
  update: (db: Database, adminId: number, id: Id, values: z.output<P>) => Promise<Id>;
  remove: (db: Database, adminId: number, id: Id) => Promise<Id>;
  /** Without an action: whether this payload updates; by default when it carries an id. */
  updatesWithoutAction?: (db: Database, values: z.output<P>) => Promise<boolean>;
}

/** The handler of a crud call of the table. */
export function crudHandler<P extends z.ZodType, I extends z.ZodType, Id, K extends string, R>(
  app: FastifyInstance,
  spec: CrudSpec<P, I, Id, K, R>,
) {
  return async (request: {
    body: { action?: 'create' | 'read' | 'update' | 'delete' };
    user: SessionUser | null;
  }): Promise<Record<K, Id> | R[]> => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const body = request.body;
    const answer = (id: Id) => ({ [spec.answerKey]: id }) as Record<K, Id>;
    if (body.action === 'read') return spec.read(db, spec.idOf(parsePayload(spec.idPayload, body)));
    if (body.action === 'delete') return answer(await spec.remove(db, adminId, spec.idOf(parsePayload(spec.idPayload, body))));
    const values = parsePayload(spec.payload, body);
    const updating =
      body.action === 'update' ||
      (body.action === undefined &&
        (spec.updatesWithoutAction ? await spec.updatesWithoutAction(db, values) : spec.payloadId(values) !== undefined));
    if (updating) return answer(await spec.update(db, adminId, spec.idOf(parsePayload(spec.idPayload, values)), values));
    return answer(await spec.create(db, adminId, values));
  };
}
