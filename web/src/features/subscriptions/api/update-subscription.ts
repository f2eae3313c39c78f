import type { UpdateSubscriptionPayload } from '@common/schemas/subscriptions.js';
import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function updateSubscription(payload: UpdateSubscriptionPayload) {
  return api.call('updateSubscription', payload);
}

/** Lunch preference and remark. */
export function useUpdateSubscription() {
  return useSubscriptionDetailMutation(updateSubscription);
}
