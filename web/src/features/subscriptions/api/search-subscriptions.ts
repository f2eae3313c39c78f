import { useQuery } from '@tanstack/react-query';
import type { SearchQuery } from '@common/search.js';
import { nationalNumberPartWords } from '@common/subscription-overview.js';
import { api } from '../../../lib/api-client.js';
import { subscriptionKeys } from './keys.js';

const noIds: ReadonlySet<number> = new Set();

/**
 * The subscriptions the overview's search finds through a national number, which the list answer does not carry
 * (issue 20): asked of the server only when a word of the query can be (part of) a national number; the server
 * decides by the role how much of a number must match. The overview shows these together with what it finds itself.
 */
export function useSubscriptionsFoundByNationalNumber(campYear: number, query: SearchQuery | null): ReadonlySet<number> {
  const asks = query !== null && nationalNumberPartWords(query).length > 0;
  const q = query?.words.join(' ') ?? '';
  const found = useQuery({
    queryKey: subscriptionKeys.nationalNumberSearch(campYear, q),
    queryFn: async () => new Set(await api.call('searchSubscriptions', { campYear, q })) as ReadonlySet<number>,
    enabled: asks,
  });
  return asks ? (found.data ?? noIds) : noIds;
}
