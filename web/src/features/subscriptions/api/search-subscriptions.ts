import { useQuery } from '@tanstack/react-query';
import type { SearchQuery } from '@common/search.js';
import { api } from '../../../lib/api-client.js';
import { callKey } from '../../../lib/queries.js';

const noIds: ReadonlySet<number> = new Set();

/**
 * The subscriptions the overview's search finds only on the server, through what the list answer does not carry: a
 * national number (issue 20) or the parent's name, e-mail address or phone number (issue 39). Asked for every search;
 * the server decides by the role how much of a national number must match. The overview shows these together with
 * what it finds itself, which shows at once.
 */
export function useSubscriptionsFoundOnServer(campYear: number, query: SearchQuery | null): ReadonlySet<number> {
  const q = query?.words.join(' ') ?? '';
  const found = useQuery({
    queryKey: callKey('searchSubscriptions', { campYear, q }),
    queryFn: async () => new Set(await api.call('searchSubscriptions', { campYear, q })) as ReadonlySet<number>,
    enabled: query !== null,
  });
  return query !== null ? (found.data ?? noIds) : noIds;
}
