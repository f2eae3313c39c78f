import { updateSubscriptionPayload, type SubscriptionDetail } from '@common/schemas/subscriptions.js';
import type { LunchPreferenceRecord } from '@common/schemas/taxonomy.js';
import { SelectField, TextField } from '../../../components/form.js';
import { useUpdateSubscription } from '../api/update-subscription.js';
import { CardForm } from './CardForm.js';
import { useCardForm } from './useCardForm.js';

const otherValues = (detail: SubscriptionDetail) => ({
  SUBSCRIPTION_ID: detail.SUBSCRIPTION_ID,
  SUBSCRIPTION_VERSION: detail.SUBSCRIPTION_VERSION,
  SUBSCRIPTION_LUNCH_PREFERENCE_ID: detail.SUBSCRIPTION_LUNCH_PREFERENCE_ID === null ? '' : String(detail.SUBSCRIPTION_LUNCH_PREFERENCE_ID),
  SUBSCRIPTION_REMARK: detail.SUBSCRIPTION_REMARK ?? '',
});

/** Other data: lunch preference from the list, and a free remark. Rendered once the list is there, so the select shows the saved choice. */
export function OtherDataCard({ detail, lunchPreferences }: { detail: SubscriptionDetail; lunchPreferences: LunchPreferenceRecord[] }) {
  const update = useUpdateSubscription();
  const { form, state, error, stale, onSubmit, reload } = useCardForm(
    updateSubscriptionPayload,
    detail,
    otherValues,
    (d) => d.SUBSCRIPTION_VERSION,
    update.mutateAsync,
  );
  return (
    <CardForm title="Andere gegevens" onSubmit={onSubmit} state={state} error={error} stale={stale} onReload={reload}>
      <SelectField
        form={form}
        name="SUBSCRIPTION_LUNCH_PREFERENCE_ID"
        label="Lunchvoorkeur"
        required
        placeholder="Kies een lunchvoorkeur"
        options={lunchPreferences.map((p) => ({ value: String(p.LUNCHPREFERENCE_ID), label: p.LUNCHPREFERENCE_DESCRIPTION }))}
      />
      <TextField form={form} name="SUBSCRIPTION_REMARK" label="Opmerking" as="textarea" rows={4} />
    </CardForm>
  );
}
