import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { paymentKeys } from './keys.js';

/** The queue 'Te koppelen' and the ignored credits. */
export function getUnmatchedPayments() {
  return api.call('getUnmatchedPayments');
}

export function useUnmatchedPayments() {
  return useQuery({ queryKey: paymentKeys.queue, queryFn: getUnmatchedPayments });
}
