import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { subscriptionDetailQuery } from './get-subscription-full-detail.js';

/**
 * A mutation that answers the updated subscription: the detail shows the answer at once (amounts, status, method);
 * what else it makes stale (lists, discounts, payments, mails) the contract says.
 */
export function useSubscriptionDetailMutation<P>(mutationFn: (payload: P) => Promise<SubscriptionDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (detail) => queryClient.setQueryData(subscriptionDetailQuery(detail.SUBSCRIPTION_ID).queryKey, detail),
  });
}
