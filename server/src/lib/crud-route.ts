import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import { currentAdminId, type SessionUser } from './session-user.js';

/**
 * The body of a crud call as the contract's `crudRequest` checked it at the door: the id for read and delete, the
 * record with its id for update, the record for create or without an action.
 */
export type CrudBody<Values, Ids> =
  (Ids & { action: 'read' | 'delete' }) | (Values & Ids & { action: 'update' }) | (Values & { action?: 'create' | undefined });

/**
 * A crud call as crudCamp and crudTheme take it: the object plus an optional `action`
 * (create | read | update | delete); without one, no id creates and an id updates.
 * Answers `{ [answerKey]: id }`, and a list for read.
 */
export interface CrudSpec<P extends z.ZodType, I extends z.ZodType, Id, K extends string, R> {
  /** The record's and the id's schemas the contract's crudRequest was made of: they give the handler its types. */
  payload: P;
  idPayload: I;
  idOf: (ids: z.output<I>) => Id;
  /** The id the record carries, or undefined for a new record. */
  payloadId: (values: z.output<P>) => Id | undefined;
  answerKey: K;
  read: (db: Database, id: Id) => Promise<R[]>;
  create: (db: Database, adminId: number, values: z.output<P>) => Promise<Id>;
  update: (db: Database, adminId: number, id: Id, values: z.output<P>) => Promise<Id>;
  remove: (db: Database, adminId: number, id: Id) => Promise<Id>;
  /** Without an action: whether this record updates; by default when it carries an id. */
  updatesWithoutAction?: (db: Database, values: z.output<P>) => Promise<boolean>;
}

/** The handler of a crud call of the table. */
export function crudHandler<P extends z.ZodType, I extends z.ZodType, Id, K extends string, R>(
  app: FastifyInstance,
  spec: CrudSpec<P, I, Id, K, R>,
) {
  type Values = z.output<P>;
  return async (request: { body: CrudBody<Values, z.output<I>>; user: SessionUser | null }): Promise<Record<K, Id> | R[]> => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const body = request.body;
    const answer = (id: Id) => ({ [spec.answerKey]: id }) as Record<K, Id>;
    if (body.action === 'read') return spec.read(db, spec.idOf(body));
    if (body.action === 'delete') return answer(await spec.remove(db, adminId, spec.idOf(body)));
    const { action: _action, ...values } = body;
    if (body.action === 'update') return answer(await spec.update(db, adminId, spec.idOf(body), values as Values));
    const id = spec.payloadId(values as Values);
    const updating =
      body.action === undefined && (spec.updatesWithoutAction ? await spec.updatesWithoutAction(db, values as Values) : id !== undefined);
    if (updating && id !== undefined) return answer(await spec.update(db, adminId, id, values as Values));
    return answer(await spec.create(db, adminId, values as Values));
  };
}
