import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

/** 'Koppelen': subscriptions of every open camp year the search names, with parent and camp (at least 2 characters). */
export function useSubscriptionsToAssign(search: string) {
  return useQuery({
    ...callQuery('findSubscriptionsToAssign', { search }),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
