import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { auditFieldLabel } from '@common/audit-fields.js';
import { ApiError } from '../lib/api-client.js';

/**
 * Puts the Dutch field messages of a 400 answer on the form's fields, for the rules only the server can check (an
 * unknown mail template, say), and the reason of a 409 on `conflictField` when the form names the field it is about
 * (a discount above the amount to pay). Fields the form does not show are left to the alert (refusalExplanation).
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T, any, any>,
  error: unknown,
  conflictField?: Path<T>,
): void {
  if (!(error instanceof ApiError)) return;
  const shown = new Set<string>();
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    if (!(name in form.getValues())) continue;
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: false });
    shown.add(name);
  }
  if (error.code === 'CONFLICT' && conflictField) {
    form.setError(conflictField, { type: 'server', message: error.message }, { shouldFocus: false });
    shown.add(CONFLICT);
  }
  shownAtFields.set(error, shown);
}

/** What of a refusal a form shows at its fields (field names, CONFLICT for a 409's reason), so the alert need not repeat it. */
const shownAtFields = new WeakMap<ApiError, Set<string>>();
const CONFLICT = '\u0000conflict';

/** Waits for a save; a refusal puts its field messages on the form, then goes on to the save cycle. */
export async function withServerFieldErrors<T extends FieldValues, R>(
  form: UseFormReturn<T, any, any>,
  save: Promise<R>,
  conflictField?: Path<T>,
): Promise<R> {
  try {
    return await save;
  } catch (error) {
    showServerFieldErrors(form, error, conflictField);
    throw error;
  }
}

/** A refusal as one line for an alert: its field messages when it has them (a wrong amount or date), else its message. */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.fields) return Object.values(error.fields).join(' ');
  return error instanceof Error ? error.message : null;
}

/** A message that is a sentence of its own ('Er bestaat al een kamp met …'), not a short field hint ('Veld verplicht'). */
const isSentence = (message: string) => /[.!?]$/.test(message.trim()) && message.trim().split(/\s+/).length >= 4;

/**
 * What a refusal (4xx) says beyond 'Opslaan mislukt' (issue 39): its own message when it names no field, else the
 * messages of the fields the form does not show (those that it shows stand at their field), each once. Null for a
 * failure that explains nothing (a 5xx, a lost connection).
 */
export function refusalExplanation(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const shown = shownAtFields.get(error);
  if (!error.fields) return isSentence(error.message) && !shown?.has(CONFLICT) ? error.message : null;
  const unshown = Object.entries(error.fields).filter(([name]) => !shown?.has(name));
  const texts = unshown.map(([name, message]) => (isSentence(message) ? message : `${auditFieldLabel(name)}: ${message}.`));
  return texts.length > 0 ? [...new Set(texts)].join(' ') : null;
}
