import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { api, ApiError } from '../../../lib/api-client.js';
import { callKey } from '../../../lib/queries.js';

/** One subscription; null when it does not exist (an empty list or a 404 both mean not found). */
export async function getSubscriptionFullDetail(id: number): Promise<SubscriptionDetail | null> {
  try {
    const rows = await api.call('getSubscriptionFullDetail', { id });
    return rows[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** The one place that reads getSubscriptionFullDetail, so its key holds the detail (or null), which changes put there. */
export const subscriptionDetailQuery = (id: number) =>
  queryOptions({ queryKey: callKey('getSubscriptionFullDetail', { id }), queryFn: () => getSubscriptionFullDetail(id) });

/** Loads the subscription as it is now, into the cache every card reads. */
export function useReloadSubscriptionDetail() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.fetchQuery({ ...subscriptionDetailQuery(id), staleTime: 0 });
}

export function useSubscriptionDetail(id: number) {
  return useQuery(subscriptionDetailQuery(id));
}
