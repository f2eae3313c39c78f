import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

export function usePayments(subscriptionId: number) {
  return useQuery(callQuery('getPayments', { subscriptionId }));
}
