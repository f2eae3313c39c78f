import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampValues } from '@common/schemas/camps.js';
import { api } from '../../../lib/api-client.js';
import { campKeys } from './keys.js';

/** Creates a camp (no CAMP_ID) or updates one; the server answers the camp's id. */
export function saveCamp(camp: CampValues) {
  return api.post<{ campId: number }>('crudCamp', camp);
}

/** Saves a camp; every camps query (lists, detail, summary) is refetched afterwards. */
export function useSaveCamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCamp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campKeys.all }),
  });
}
