import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportRefundsPayload, MarkRefundPaidPayload } from '@common/schemas/refunds.js';
import { api, downloads } from '../../../lib/api-client.js';
import { paymentKeys, subscriptionQueriesKey } from './keys.js';

/** 'Terugbetalingen': overpaid and cancelled subscriptions of the year with money to pay back. */
export function useRefunds(campYear: number) {
  return useQuery({ queryKey: paymentKeys.refunds(campYear), queryFn: () => api.call('getRefunds', { campYear }) });
}

/** The SEPA credit-transfer file (pain.001) of the chosen refunds, saved by the browser; answers its file name. */
export const exportRefunds = (payload: ExportRefundsPayload) => downloads.download('exportRefunds', payload);

export function useMarkRefundPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: MarkRefundPaidPayload) => api.call('markRefundPaid', payload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueriesKey }),
      ]),
  });
}
