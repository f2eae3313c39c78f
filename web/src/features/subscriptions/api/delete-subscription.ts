import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { subscriptionKeys } from './keys.js';

export function deleteSubscription(subscriptionId: number) {
  return api.call('deleteSubscription', { SUBSCRIPTION_ID: subscriptionId });
}

/** Deletes a subscription; every subscriptions query is refetched afterwards. */
export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
