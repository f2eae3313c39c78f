import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

/** The discounts of one subscription: the booking discount, the selected-days discount and staff's extras. */
export function useDiscounts(subscriptionId: number) {
  return useQuery(callQuery('getDiscounts', { id: subscriptionId }));
}
