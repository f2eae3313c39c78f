import { useQuery } from '@tanstack/react-query';
import type { OpenPaymentsQuery } from '@common/schemas/reminders.js';
import { callQuery } from '../../../lib/queries.js';
import { campsQuery } from '../../../lib/shared-queries.js';

/** 'Openstaande betalingen': the year's subscriptions with money open, filtered on the server. */
export function useOpenPayments(query: OpenPaymentsQuery) {
  return useQuery(callQuery('getOpenPayments', query));
}

/** The camps of the year, for the camp filter. */
export function useYearCamps(campYear: number) {
  return useQuery(campsQuery(campYear));
}
