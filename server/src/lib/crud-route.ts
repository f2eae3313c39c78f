import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { crudSeasonListRequest } from '@common/schemas/season.js';
import type { Database } from '../db/client.js';
import { parsePayload } from './validation.js';
import { currentAdminId } from '../plugins/auth.js';

/**
 * A crud call as crudCamp and crudTheme take it: the object plus an optional `action`
 * (create | read | update | delete); without one, no id creates and an id updates. Only the action is
 * checked at the door; the object is validated in the handler so that every field keeps its own message.
 * Answers `{ data: { [answerKey]: id } }`, and a list for read.
 */
export interface CrudRouteSpec<P extends z.ZodType, I extends z.ZodType, Id> {
  path: string;
  tag: string;
  payload: P;
  idPayload: I;
  idOf: (ids: z.output<I>) => Id;
  /** The id the payload carries, or undefined for a new record. */
  payloadId: (values: z.output<P>) => Id | undefined;
  answerKey: string;
  read: (db: Database, id: Id) => Promise<unknown[]>;
  create: (db: Database, adminId: number, values: z.output<P>) => Promise<Id>;
  update: (db: Database, adminId: number, id: Id, values: z.output<P>) => Promise<Id>;
  remove: (db: Database, adminId: number, id: Id) => Promise<Id>;
  /** Without an action: whether this payload updates; by default when it carries an id. */
  updatesWithoutAction?: (db: Database, values: z.output<P>) => Promise<boolean>;
}

export function registerCrudRoute<P extends z.ZodType, I extends z.ZodType, Id>(app: FastifyInstance, spec: CrudRouteSpec<P, I, Id>) {
  app.post(`/${spec.path}`, { schema: { tags: [spec.tag], body: crudSeasonListRequest } }, async (request) => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const body = request.body as { action?: 'create' | 'read' | 'update' | 'delete' };
    const answer = (id: Id) => ({ data: { [spec.answerKey]: id } });
    if (body.action === 'read') return { data: await spec.read(db, spec.idOf(parsePayload(spec.idPayload, body))) };
    if (body.action === 'delete') return answer(await spec.remove(db, adminId, spec.idOf(parsePayload(spec.idPayload, body))));
    const values = parsePayload(spec.payload, body);
    const updating =
      body.action === 'update' ||
      (body.action === undefined &&
        (spec.updatesWithoutAction ? await spec.updatesWithoutAction(db, values) : spec.payloadId(values) !== undefined));
    if (updating) return answer(await spec.update(db, adminId, spec.idOf(parsePayload(spec.idPayload, values)), values));
    return answer(await spec.create(db, adminId, values));
  });
}
