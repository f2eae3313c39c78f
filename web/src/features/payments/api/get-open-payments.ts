import { useQuery } from '@tanstack/react-query';
import type { OpenPaymentsQuery } from '@common/schemas/reminders.js';
import { api } from '../../../lib/api-client.js';
import { paymentKeys } from './keys.js';

/** 'Openstaande betalingen': the year's subscriptions with money open, filtered on the server. */
export function useOpenPayments(query: OpenPaymentsQuery) {
  return useQuery({ queryKey: paymentKeys.openPayments(query), queryFn: () => api.call('getOpenPayments', query) });
}

/** The camps of the year, for the camp filter. */
export function useYearCamps(campYear: number) {
  return useQuery({ queryKey: paymentKeys.yearCamps(campYear), queryFn: () => api.call('getCamps', { campYear }) });
}
