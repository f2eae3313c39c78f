import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { paymentKeys } from './keys.js';

/** 'Koppelen': subscriptions of every open camp year the search names, with parent and camp (at least 2 characters). */
export function useSubscriptionsToAssign(search: string) {
  return useQuery({
    queryKey: paymentKeys.assignable(search),
    queryFn: () => api.call('findSubscriptionsToAssign', { search }),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
