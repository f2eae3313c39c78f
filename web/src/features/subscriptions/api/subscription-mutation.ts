import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { mailKeys } from '../../../lib/mails.js';
import { subscriptionKeys } from './keys.js';

/**
 * A mutation that answers the updated subscription: the detail shows the answer at once (amounts,
 * status, method), and the overview lists, discounts, payments and mails reload the next time they are shown.
 */
export function useSubscriptionDetailMutation<P>(mutationFn: (payload: P) => Promise<SubscriptionDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (detail) => {
      queryClient.setQueryData(subscriptionKeys.detail(detail.SUBSCRIPTION_ID), detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...subscriptionKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.discounts(detail.SUBSCRIPTION_ID) }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.payments(detail.SUBSCRIPTION_ID) }),
        queryClient.invalidateQueries({ queryKey: mailKeys.subscription(detail.SUBSCRIPTION_ID) }),
      ]);
    },
  });
}
