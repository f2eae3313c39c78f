import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampRecord } from '@common/schemas/camps.js';
import { api } from '../../../lib/api-client.js';
import { campKeys } from './keys.js';

/** The camps of one camp year (the year their period starts in), with seats taken and open. */
export function getCamps(campYear: number) {
  return api.call('getCamps', { campYear });
}

export function campsQuery(campYear: number) {
  return queryOptions({
    queryKey: campKeys.list(campYear),
    queryFn: () => getCamps(campYear),
  });
}

export function useCamps(campYear: number) {
  return useQuery(campsQuery(campYear));
}

/**
 * One camp by id, or null when the id is unknown (the answer is an empty list). Asked without the
 * camp year, so a camp opened from a link of another year still loads.
 */
export async function getCamp(campId: number): Promise<CampRecord | null> {
  const rows = await api.call('getCamps', { campId });
  return rows[0] ?? null;
}

/** Loads the camp as it is now, into the cache the camp screen reads. */
export function useReloadCamp() {
  const queryClient = useQueryClient();
  return (campId: number) => queryClient.fetchQuery({ queryKey: campKeys.detail(campId), queryFn: () => getCamp(campId), staleTime: 0 });
}

export function useCamp(campId: number | null) {
  return useQuery({
    queryKey: campKeys.detail(campId ?? 0),
    queryFn: () => getCamp(campId!),
    enabled: campId !== null,
  });
}
