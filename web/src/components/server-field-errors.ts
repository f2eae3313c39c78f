import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../lib/api-client.js';

/**
 * Puts the Dutch field messages of a 400 answer on the form's fields, for the rules only the
 * server can check (an unknown mail template, say). Fields the form does not show are ignored.
 */
export function showServerFieldErrors<T extends FieldValues>(form: UseFormReturn<T, any, any>, error: unknown): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if (name in form.getValues()) form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: false });
  }
}

/** Waits for a save; a refusal puts its field messages on the form, then goes on to the save cycle. */
export async function withServerFieldErrors<T extends FieldValues, R>(form: UseFormReturn<T, any, any>, save: Promise<R>): Promise<R> {
  try {
    return await save;
  } catch (error) {
    showServerFieldErrors(form, error);
    throw error;
  }
}

/** A refusal as one line for an alert: its field messages when it has them (a wrong amount or date), else its message. */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.fields) return Object.values(error.fields).join(' ');
  return error instanceof Error ? error.message : null;
}
