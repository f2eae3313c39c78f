import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionFirstRows, SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { subscriptionRowsOf } from '@common/subscription-columns.js';
import { api } from '../../../lib/api-client.js';
import { callKey } from '../../../lib/queries.js';

/**
 * Every subscription of a camp year, cancelled ones included: the overview filters, searches and sorts them itself.
 * They come column-wise (getSubscriptionColumns: no field name repeated per row), and the browser keeps the answer
 * and revalidates it by its ETag, so a revisit with nothing changed costs a 304.
 */
export async function getSubscriptions(campYear: number): Promise<SubscriptionListRow[]> {
  return subscriptionRowsOf(await api.call('getSubscriptionColumns', { campYear }));
}

/**
 * The year's list (the one place that reads getSubscriptionColumns, so its key holds the rows). Staff change a subscription in the detail tab and come back to the overview, so a
 * list older than the app's stale time is fetched again when the tab regains focus.
 */
export function subscriptionsQuery(campYear: number) {
  return queryOptions({
    queryKey: callKey('getSubscriptionColumns', { campYear }),
    queryFn: () => getSubscriptions(campYear),
    refetchOnWindowFocus: true,
  });
}

/** The year's list, asked once `enabled`. */
export function useSubscriptions(campYear: number, enabled = true) {
  return useQuery({ ...subscriptionsQuery(campYear), enabled });
}

/** The first rows as the overview reads them, from their column-wise answer. */
export const firstRowsOf = (answer: SubscriptionFirstRows) => ({ rows: subscriptionRowsOf(answer), total: answer.total });

/** The rows the overview opens on and how many subscriptions it counts then (the one place that reads getSubscriptionFirstRows). */
export function subscriptionFirstRowsQuery(campYear: number) {
  return queryOptions({
    queryKey: callKey('getSubscriptionFirstRows', { campYear }),
    queryFn: async () => firstRowsOf(await api.call('getSubscriptionFirstRows', { campYear })),
  });
}

/** The first rows, shown until the whole year has loaded; asked only while it has not. */
export function useSubscriptionFirstRows(campYear: number, enabled: boolean) {
  return useQuery({ ...subscriptionFirstRowsQuery(campYear), enabled });
}
