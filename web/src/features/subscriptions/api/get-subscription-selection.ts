import { useQuery } from '@tanstack/react-query';
import type { SubscriptionSelection } from '@common/schemas/subscriptions.js';
import { callQuery } from '../../../lib/queries.js';

/**
 * The subscriptions a selection of the overview holds (booking days, discount reason: what the list rows do not
 * carry), asked of the server only while the overview has such a filter. Refetched on focus as the list is, so a
 * discount given in the detail tab shows when staff come back.
 */
export function useSubscriptionSelection(campYear: number, selection: SubscriptionSelection | null) {
  return useQuery({
    ...callQuery('getSubscriptionSelection', { campYear, ...selection }),
    enabled: selection !== null,
    refetchOnWindowFocus: true,
  });
}
