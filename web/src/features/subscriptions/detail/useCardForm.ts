import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessages } from '@common/messages.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { useSchemaForm } from '../../../components/form.js';
import { useFollowRecord } from '../../../components/useFollowRecord.js';
import { useSaveCycle } from '../../../components/useSaveCycle.js';
import { ApiError } from '../../../lib/api-client.js';
import { useReloadSubscriptionDetail } from '../api/get-subscription-full-detail.js';

/**
 * Field messages of a 400 answer go to their fields, as if the form had found them itself; the reason
 * of a 409 (a rule only the server can check, such as a discount above the amount to pay) goes to the
 * field it is about.
 */
async function withServerFieldErrors<T extends FieldValues, R>(
  form: UseFormReturn<T, any, any>,
  action: () => Promise<R>,
  conflictField: Path<T> | undefined,
): Promise<R> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ApiError && error.fields) {
      for (const [field, message] of Object.entries(error.fields)) {
        if (field in form.getValues()) form.setError(field as Path<T>, { message });
      }
    }
    if (error instanceof ApiError && error.status === 409 && conflictField) form.setError(conflictField, { message: error.message });
    throw error;
  }
}

/**
 * A form of the detail screen bound to its payload schema of common/: save cycle with 'Opslaan mislukt,
 * probeer opnieuw.' on failure, and afterwards the form starts again from what the server saved. Its values
 * carry the version of the record they were made from; while it holds no edits it follows the detail as it
 * reloads, and after a save over a newer record `reload` shows the record as it is now.
 */
export function useCardForm<S extends z.ZodType<any, any>>(
  schema: S,
  detail: SubscriptionDetail,
  valuesOf: (detail: SubscriptionDetail) => DefaultValues<z.input<S>>,
  versionOf: (detail: SubscriptionDetail) => number,
  save: (payload: z.output<S>) => Promise<SubscriptionDetail>,
  conflictField?: Path<z.input<S>>,
) {
  const form = useSchemaForm(schema, valuesOf(detail));
  const cycle = useSaveCycle(failureMessages.save);
  const reloadDetail = useReloadSubscriptionDetail();
  useFollowRecord(form, valuesOf(detail), versionOf(detail));
  const onSubmit = form.handleSubmit((payload) =>
    cycle.run(
      () => withServerFieldErrors(form, () => save(payload), conflictField),
      (saved) => form.reset(valuesOf(saved)),
    ),
  );
  const reload = async () => {
    const fresh = await reloadDetail(detail.SUBSCRIPTION_ID);
    if (fresh) form.reset(valuesOf(fresh));
    cycle.clearError();
  };
  return { form, state: cycle.state, error: cycle.error, stale: cycle.stale, onSubmit, reload };
}
