import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  answerSchema,
  errorAnswer,
  fileAnswer,
  type BodyOf,
  type Call,
  type DataOf,
  type Download,
  type Feature,
  type QueryOf,
  rolesOf,
  statusOfCode,
} from '@common/contract/index.js';
import { roles, type Role } from '@common/roles.js';
import { CONTENT_TYPES, sendDownload, type DownloadFile } from './downloads.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The name of the call of common/src/contract/ this route serves. */
    callName?: string;
    /** The roles that may use it; the auth hook answers any other 403 (server/src/plugins/auth.ts). */
    roles?: readonly Role[];
  }
}

/** What a handler of sendsItsOwnAnswer answers: the route then adds nothing. */
const ANSWER_SENT = Symbol('answer sent');

export type CallRequest<C extends Call> = FastifyRequest<{ Querystring: QueryOf<C>; Body: BodyOf<C> }>;

/**
 * A handler answers the call's `data`; the route wraps it as `{ data }` and checks it against the response
 * schema. A download's handler answers the file, which the route sends as an attachment.
 */
export type CallHandler<C extends Call> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<C extends Download ? DownloadFile : DataOf<C>>;

/**
 * A handler that sends the answer itself (a cached, compressed body, or 304 to a client whose copy is current).
 * The body it sends must still be the call's `{ data }`; the route only steps aside (callRoutes).
 */
export function sendsItsOwnAnswer<C extends Call>(send: (request: CallRequest<C>, reply: FastifyReply) => Promise<void>): CallHandler<C> {
  const handler = async (request: CallRequest<C>, reply: FastifyReply) => {
    await send(request, reply);
    return ANSWER_SENT;
  };
  return handler as unknown as CallHandler<C>;
}

/** One handler per call of a feature, keyed by the call's name: a missing or misspelt one is a type error. */
export type CallHandlers<T extends Record<string, Call>> = { [K in keyof T]: CallHandler<T[K]> };

/** The statuses a call answers, each with its body schema, for the serializer and the OpenAPI document. */
function responseSchemas(c: Call) {
  // A family's call refuses no role: it takes no staff session at all (401).
  const refusesARole = !c.family && rolesOf(c).length < roles.length;
  // A signed-in mutation answers 409 to an Idempotency-Key reused for another request (plugins/idempotency.ts).
  const mutation = c.method !== 'GET' && !c.public;
  const statuses = new Set<number>([
    400,
    ...(c.public ? [] : [401]),
    ...(refusesARole ? [403] : []),
    ...(c.body ? [413] : []),
    ...(mutation ? [409] : []),
    ...(c.refusals ?? []).map((code) => statusOfCode[code]),
    500,
    503,
  ]);
  const schemas: Record<number, unknown> = {
    200: c.files
      ? { description: 'The file', content: Object.fromEntries(c.files.map((format) => [CONTENT_TYPES[format], { schema: fileAnswer }])) }
      : answerSchema(c),
  };
  for (const status of [...statuses].sort()) schemas[status] = errorAnswer;
  return schemas;
}

/** The route options of one call of the table. */
export function callRoute(name: string, c: Call & { tag: string }) {
  return {
    method: c.method,
    url: c.path,
    config: { public: c.public === true, family: c.family === true, callName: name, roles: rolesOf(c) },
    schema: {
      operationId: name,
      summary: c.summary,
      // Who may call it, for the readers of the OpenAPI document and docs/api.md (scripts/api-docs.ts).
      description: c.public
        ? 'No sign-in needed.'
        : c.family
          ? "A family's session of the public booking site (its Bearer token); no staff session."
          : `Roles: ${rolesOf(c).join(', ')}.`,
      // The refusal codes the call declares beyond those every call may answer, for docs/api.md (an OpenAPI extension).
      'x-refusal-codes': c.refusals ?? [],
      tags: [c.tag],
      ...(c.public ? { security: [] } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      ...(c.body ? { body: c.body } : {}),
      response: responseSchemas(c),
    },
  };
}

/** A feature's routes: one per call of its part of the table, served by the handler of the same name. */
export function callRoutes<T extends Record<string, Call>>(
  calls: Feature<T>,
  handlers: (app: FastifyInstance) => CallHandlers<T>,
): FastifyPluginAsync {
  return async (app) => {
    const served = handlers(app);
    for (const [name, c] of Object.entries(calls) as [keyof T & string, Feature<T>[keyof T]][]) {
      const handler = served[name] as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
      app.route({
        ...callRoute(name, c),
        handler: c.files
          ? async (request, reply) => sendDownload(reply, (await handler(request, reply)) as DownloadFile)
          : async (request, reply) => {
              const data: unknown = await handler(request, reply);
              return data === ANSWER_SENT ? reply : { data };
            },
      });
    }
  };
}
