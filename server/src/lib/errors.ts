import { statusOfCode, type ErrorAnswer, type ErrorCode } from '@common/contract/index.js';
import { apiMessages, staleDataMessages } from '@common/messages.js';

/** A failure the caller may see: mapped to the error shape of decisions.md section 2 in one place. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = statusOfCode[code];
  }
}

export const notFound = (what: string = apiMessages.notFound) => new AppError('NOT_FOUND', what);
/** The signed-in user's role may not do this (403). */
export const forbidden = () => new AppError('FORBIDDEN', apiMessages.forbidden);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Optimistic concurrency (docs/decisions.md, 'Stale and lost data'): a save that names the version it was made
 * from is refused when the stored record (locked by the caller) is newer. A save without a version is not checked.
 */
export function checkVersion(stored: { version: number }, seen: number | undefined) {
  if (seen !== undefined && seen !== stored.version) throw new AppError('VERSION_CONFLICT', staleDataMessages.versionConflict);
}
/** The database cannot be reached right now: the caller may retry shortly (503). */
export const databaseUnavailable = () => new AppError('DATABASE_UNAVAILABLE', apiMessages.databaseUnavailable);
export const invalidFields = (fields: Record<string, string>) => new AppError('VALIDATION', apiMessages.validation, fields);

export function errorBody(error: AppError): ErrorAnswer {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}
