import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { callQuery } from '../../../lib/queries.js';

/** A camp's waiting list in its order (issue 34): the children in line with their place, then those offered a seat. */
export const waitingListQuery = (campId: number) => callQuery('getWaitingList', { campId });

export function useWaitingList(campId: number) {
  return useQuery(waitingListQuery(campId));
}

/** The changes of a list; each makes the list and the camps stale through the contract (no invalidation code). */
export function useWaitingListChanges() {
  return {
    move: useMutation({ mutationFn: (input: { WAITING_ID: number; position: number }) => api.call('moveWaitingEntry', input) }),
    offer: useMutation({ mutationFn: (WAITING_ID: number) => api.call('offerSeat', { WAITING_ID }) }),
    remove: useMutation({ mutationFn: (WAITING_ID: number) => api.call('removeWaitingEntry', { WAITING_ID }) }),
    add: useMutation({ mutationFn: (input: { CHILD_IDS: number[]; CAMP_ID: number }) => api.call('addToWaitingList', input) }),
  };
}
