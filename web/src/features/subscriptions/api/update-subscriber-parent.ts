import type { UpdateSubscriberParentPayload } from '@common/schemas/subscriptions.js';
import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function updateSubscriberParent(payload: UpdateSubscriberParentPayload) {
  return api.call('updateSubscriberParent', payload);
}

/** The parent's editable data. */
export function useUpdateSubscriberParent() {
  return useSubscriptionDetailMutation(updateSubscriberParent);
}
