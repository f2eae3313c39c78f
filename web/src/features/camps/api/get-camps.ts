import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';
import { campQuery, campsQuery } from '../../../lib/shared-queries.js';

export { campsQuery };

export function useCamps(campYear: number) {
  return useQuery(campsQuery(campYear));
}

/** Loads the camp as it is now, into the cache the camp screen reads; answers it, or null when it is gone. */
export function useReloadCamp() {
  const queryClient = useQueryClient();
  return async (campId: number) => (await queryClient.fetchQuery({ ...callQuery('getCamps', { campId }), staleTime: 0 }))[0] ?? null;
}

export function useCamp(campId: number | null) {
  return useQuery({ ...campQuery(campId ?? 0), enabled: campId !== null });
}
