import { useQuery } from '@tanstack/react-query';
import type { SubscriptionListRow } from '../../../../../common/src/schemas/subscriptions.js';
import { api } from '../../../lib/api-client.js';
import { subscriptionKeys } from './keys.js';

/** Every subscription of a camp year, cancelled ones included: the overview filters, searches and sorts them itself. */
export function getSubscriptions(campYear: number) {
  return api.get<SubscriptionListRow[]>('getSubscriptions', { campYear });
}

export function useSubscriptions(campYear: number) {
  return useQuery({ queryKey: subscriptionKeys.list(campYear), queryFn: () => getSubscriptions(campYear) });
}
