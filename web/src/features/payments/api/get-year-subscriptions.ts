import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { paymentKeys } from './keys.js';

/** The camp year's subscriptions, to pick the one a credit belongs to. */
export function useYearSubscriptions(campYear: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.yearSubscriptions(campYear),
    queryFn: () => api.call('getSubscriptions', { campYear }),
    enabled,
  });
}
