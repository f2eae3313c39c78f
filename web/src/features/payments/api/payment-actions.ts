import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignPaymentPayload, IgnorePaymentPayload } from '@common/schemas/bank.js';
import { api } from '../../../lib/api-client.js';
import { paymentKeys, subscriptionQueriesKey } from './keys.js';

/** Staff's actions on credits and imports; each reloads the queue, the imports and the subscriptions it touched. */

export const assignPayment = (payload: AssignPaymentPayload) => api.call('assignPayment', payload);
export const ignorePayment = (payload: IgnorePaymentPayload) => api.call('ignorePayment', payload);
export const requeuePayment = (paymentId: number) => api.call('requeuePayment', { paymentId });
export const undoBankImport = (importId: number) => api.call('undoBankImport', { importId });

function usePaymentMutation<P, R>(mutationFn: (payload: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueriesKey }),
      ]),
  });
}

export const useAssignPayment = () => usePaymentMutation(assignPayment);
export const useIgnorePayment = () => usePaymentMutation(ignorePayment);
export const useRequeuePayment = () => usePaymentMutation(requeuePayment);
export const useUndoBankImport = () => usePaymentMutation(undoBankImport);
