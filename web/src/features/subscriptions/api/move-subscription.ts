import { useQuery } from '@tanstack/react-query';
import type { BookingOverrides } from '@common/schemas/registration.js';
import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';
import { campsQuery } from '../../../lib/shared-queries.js';

/** The camps of a year with their seats and price: where a subscription can move to. */
export function useMoveTargets(campYear: number, enabled: boolean) {
  return useQuery({ ...campsQuery(campYear), enabled });
}

/** 'Verplaatsen' (issue 18): answers the subscription in its new camp. */
export function useMoveSubscription() {
  return useSubscriptionDetailMutation((input: { SUBSCRIPTION_ID: number; CAMP_ID: number } & BookingOverrides) =>
    api.call('moveSubscription', input),
  );
}
