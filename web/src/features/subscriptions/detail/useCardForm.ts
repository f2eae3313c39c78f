import type { DefaultValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessages } from '@common/messages.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { useSchemaForm } from '../../../components/form.js';
import { useFollowRecord } from '../../../components/useFollowRecord.js';
import { useSaveCycle } from '../../../components/useSaveCycle.js';
import { withServerFieldErrors } from '../../../components/server-field-errors.js';
import { useReloadSubscriptionDetail } from '../api/get-subscription-full-detail.js';

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
      // Field messages of a 400 go to their fields; the reason of a 409 to the field it is about (conflictField).
      () => withServerFieldErrors(form, save(payload), conflictField),
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
