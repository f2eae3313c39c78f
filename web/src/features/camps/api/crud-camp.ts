import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { CampValues } from '@common/schemas/camps.js';
import { api } from '../../../lib/api-client.js';

/** Creates a camp (no CAMP_ID) or updates one; the server answers the camp's id. */
export async function saveCamp(camp: CampValues) {
  return z.object({ campId: z.number() }).parse(await api.call('crudCamp', camp));
}

/** Saves a camp; what it makes stale (the camps, the subscriptions that show them) the contract says. */
export function useSaveCamp() {
  return useMutation({ mutationFn: saveCamp });
}
