import type { UpdateSubscriberPayload } from '@common/schemas/subscriptions.js';
import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function updateSubscriber(payload: UpdateSubscriberPayload) {
  return api.call('updateSubscriber', payload);
}

/** The child's first and last name. */
export function useUpdateSubscriber() {
  return useSubscriptionDetailMutation(updateSubscriber);
}
