import { useMutation, useQuery } from '@tanstack/react-query';
import type { BookingOverrides, CreateSubscriptionInput } from '@common/schemas/registration.js';
import { api } from '../../../lib/api-client.js';
import { callQuery } from '../../../lib/queries.js';
import { campsQuery } from '../../../lib/shared-queries.js';

/** The camps of the year with their seats and price, to choose from. */
export function useCampsOfYear(campYear: number) {
  return useQuery(campsQuery(campYear));
}

// What a registration, a restore from the trash or a move makes stale (the lists, the seats, the trash, the mails)
// the contract says.

export function useCreateSubscription() {
  return useMutation({ mutationFn: (input: CreateSubscriptionInput) => api.call('createSubscription', input) });
}

export const deletedSubscriptionsQuery = (campYear: number) => callQuery('getDeletedSubscriptions', { campYear });

export function useDeletedSubscriptions(campYear: number) {
  return useQuery(deletedSubscriptionsQuery(campYear));
}

export function useRestoreSubscription() {
  return useMutation({ mutationFn: (input: { SUBSCRIPTION_ID: number } & BookingOverrides) => api.call('restoreSubscription', input) });
}
