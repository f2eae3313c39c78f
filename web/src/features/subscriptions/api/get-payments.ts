import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { subscriptionKeys } from './keys.js';

export function getPayments(subscriptionId: number) {
  return api.call('getPayments', { subscriptionId });
}

export function usePayments(subscriptionId: number) {
  return useQuery({ queryKey: subscriptionKeys.payments(subscriptionId), queryFn: () => getPayments(subscriptionId) });
}
