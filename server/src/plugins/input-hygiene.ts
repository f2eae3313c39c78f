import fp from 'fastify-plugin';
import { validationMessages } from '@common/messages.js';
import { invalidFields } from '../lib/errors.js';

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

export default fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const field = firstUnstorableField(request.body, '_') ?? firstUnstorableField(request.query, '_');
    if (field) throw invalidFields({ [field]: validationMessages.wrongFormat });
  });
});
