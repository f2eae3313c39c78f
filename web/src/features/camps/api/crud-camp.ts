import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CampValues } from '@common/schemas/camps.js';
import { api } from '../../../lib/api-client.js';
import { campKeys } from './keys.js';

/** Creates a camp (no CAMP_ID) or updates one; the server answers the camp's id. */
export async function saveCamp(camp: CampValues) {
  return z.object({ campId: z.number() }).parse(await api.call('crudCamp', camp));
}

/** Saves a camp; every camps query (lists, detail, summary) is refetched afterwards. */
export function useSaveCamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCamp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campKeys.all }),
  });
}
