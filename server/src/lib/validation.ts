import type { z } from 'zod';
import { fieldMessages } from '@common/schemas/fields.js';
import { invalidFields } from './errors.js';

/** Validates with a schema of common/ inside a handler: a refusal is a 400 with the Dutch message per field. */
export function parsePayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidFields(fieldMessages(result.error));
  return result.data;
}
