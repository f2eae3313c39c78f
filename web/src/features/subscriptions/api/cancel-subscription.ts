import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function cancelSubscription(subscriptionId: number) {
  return api.call('cancelSubscription', { SUBSCRIPTION_ID: subscriptionId });
}

/** Cancels the subscription (one-way); the server mails the parent. */
export function useCancelSubscription() {
  return useSubscriptionDetailMutation(cancelSubscription);
}
