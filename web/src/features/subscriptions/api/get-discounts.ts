import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { subscriptionKeys } from './keys.js';

export function getDiscounts(subscriptionId: number) {
  return api.call('getDiscounts', { id: subscriptionId });
}

/** The discounts of one subscription: the booking discount, the selected-days discount and staff's extras. */
export function useDiscounts(subscriptionId: number) {
  return useQuery({
    queryKey: subscriptionKeys.discounts(subscriptionId),
    queryFn: () => getDiscounts(subscriptionId),
  });
}
