import fp from 'fastify-plugin';
import type { z } from 'zod';
import { apiMessages, validationMessages } from '@common/messages.js';
import { AppError, invalidFields } from '../lib/errors.js';

/** NUL characters and lone UTF-16 surrogates cannot be stored as PostgreSQL text: refuse them at the door. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function firstUnstorableField(value: unknown, field: string): string | null {
  if (typeof value === 'string') return unstorable.test(value) ? field : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstUnstorableField(item, field);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = firstUnstorableField(item, field === '_' ? key : field);
      if (found) return found;
    }
  }
  return null;
}

/** Whether a schema takes this value (deleteMonitor's body may be left out); a schema that throws on it does not. */
function accepts(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

/**
 * Refuses what cannot be stored, and a body that is no JSON object (`null`, a list, a number, a text) for a call that
 * takes a body and does not take that: the call table's bodies are objects, and their refinements may read fields.
 */
export default fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as z.ZodType | undefined;
    const body: unknown = request.body;
    if (schema && (body === null || typeof body !== 'object' || Array.isArray(body)) && !accepts(schema, body)) {
      throw new AppError('VALIDATION', apiMessages.notAnObject);
    }
    const field = firstUnstorableField(request.body, '_') ?? firstUnstorableField(request.query, '_');
    if (field) throw invalidFields({ [field]: validationMessages.wrongFormat });
  });
});
