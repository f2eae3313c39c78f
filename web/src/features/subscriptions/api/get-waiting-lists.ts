import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

/**
 * The children on the waiting lists of a camp year (issue 34), for the overview's 'Toon enkel de wachtlijst': used only
 * by the rows that show once the box is ticked, so the overview's usual load stays what it was. Stale after any change
 * of a subscription or a waiting list (the contract: it provides 'subscription').
 */
export function useWaitingLists(campYear: number) {
  return useQuery(callQuery('getWaitingLists', { campYear }));
}
