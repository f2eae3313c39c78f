import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingOverrides, CreateSubscriptionInput } from '@common/schemas/registration.js';
import { api } from '../../../lib/api-client.js';

/** Query keys of the registration feature: ['registration', operation, params]. */
export const registrationKeys = {
  all: ['registration'] as const,
  camps: (campYear: number) => ['registration', 'camps', campYear] as const,
  trash: (campYear: number) => ['registration', 'trash', campYear] as const,
};

/** The camps of the year with their seats and price, to choose from. */
export function useCampsOfYear(campYear: number) {
  return useQuery({ queryKey: registrationKeys.camps(campYear), queryFn: () => api.call('getCamps', { campYear }) });
}

/** After a registration, move or restore every list of subscriptions and camps (seats) is stale. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useCreateSubscription() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (input: CreateSubscriptionInput) => api.call('createSubscription', input), onSuccess: invalidate });
}

export function useDeletedSubscriptions(campYear: number) {
  return useQuery({ queryKey: registrationKeys.trash(campYear), queryFn: () => api.call('getDeletedSubscriptions', { campYear }) });
}

export function useRestoreSubscription() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: { SUBSCRIPTION_ID: number } & BookingOverrides) => api.call('restoreSubscription', input),
    onSuccess: invalidate,
  });
}
