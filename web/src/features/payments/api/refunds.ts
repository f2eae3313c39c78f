import { useMutation, useQuery } from '@tanstack/react-query';
import type { ExportRefundsPayload, MarkRefundPaidPayload } from '@common/schemas/refunds.js';
import { api, downloads } from '../../../lib/api-client.js';
import { callQuery } from '../../../lib/queries.js';

/** 'Terugbetalingen': overpaid and cancelled subscriptions of the year with money to pay back. */
export function useRefunds(campYear: number) {
  return useQuery(callQuery('getRefunds', { campYear }));
}

/** The SEPA credit-transfer file (pain.001) of the chosen refunds, saved by the browser; answers its file name. */
export const exportRefunds = (payload: ExportRefundsPayload) => downloads.download('exportRefunds', payload);

export function useMarkRefundPaid() {
  return useMutation({ mutationFn: (payload: MarkRefundPaidPayload) => api.call('markRefundPaid', payload) });
}
