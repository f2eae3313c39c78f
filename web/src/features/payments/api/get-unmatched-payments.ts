import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

/** The queue 'Te koppelen' and the ignored credits. */
export function useUnmatchedPayments() {
  return useQuery(callQuery('getUnmatchedPayments'));
}
