import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export function deleteSubscription(subscriptionId: number) {
  return api.call('deleteSubscription', { SUBSCRIPTION_ID: subscriptionId });
}

/** Deletes a subscription; the lists, the seats and the trash it makes stale the contract says. */
export function useDeleteSubscription() {
  return useMutation({ mutationFn: deleteSubscription });
}
