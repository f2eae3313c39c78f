import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages } from '@common/messages.js';
import { isDatabaseUnavailable } from '../db/postgres-pool.js';
import { AppError, databaseUnavailable, errorBody } from '../lib/errors.js';

/** One error handler: every failure answers the shape of decisions.md section 2; a 500 shows nothing internal. */
export default fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    // An outage fails every call at once: one short line each, without the query or its parameters.
    if (appError.code === 'DATABASE_UNAVAILABLE') request.log.warn({ code: appError.code }, 'database unavailable');
    else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(appError.status).send(errorBody(appError));
  });
});

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.split('/').filter(Boolean)[0] ?? '_';
      fields[field] ??= issue.message ?? apiMessages.validation;
    }
    return new AppError('VALIDATION', apiMessages.validation, fields);
  }
  const fastifyError = error as { statusCode?: number; code?: string };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.statusCode === 413) {
    return new AppError('BODY_TOO_LARGE', apiMessages.bodyTooLarge);
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Malformed JSON, wrong content type and the like: the caller's input, in general terms.
    return new AppError('VALIDATION', apiMessages.validation);
  }
  return new AppError('INTERNAL', apiMessages.internal);
}
