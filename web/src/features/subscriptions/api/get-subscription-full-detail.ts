import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { api, ApiError } from '../../../lib/api-client.js';
import { subscriptionKeys } from './keys.js';

/** One subscription; null when it does not exist (an empty list or a 404 both mean not found). */
export async function getSubscriptionFullDetail(id: number): Promise<SubscriptionDetail | null> {
  try {
    const rows = await api.call('getSubscriptionFullDetail', { id });
    return rows[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Loads the subscription as it is now, into the cache every card reads. */
export function useReloadSubscriptionDetail() {
  const queryClient = useQueryClient();
  return (id: number) =>
    queryClient.fetchQuery({ queryKey: subscriptionKeys.detail(id), queryFn: () => getSubscriptionFullDetail(id), staleTime: 0 });
}

export function useSubscriptionDetail(id: number) {
  return useQuery({
    queryKey: subscriptionKeys.detail(id),
    queryFn: () => getSubscriptionFullDetail(id),
  });
}
