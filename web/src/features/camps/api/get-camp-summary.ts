import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

/** Seats, counts per payment status and money totals of one camp's subscriptions (null when the camp is gone). */
export const campSummaryQuery = (campId: number) =>
  queryOptions({ ...callQuery('getCampSummary', { campId }), select: (rows) => rows[0] ?? null });

export function useCampSummary(campId: number) {
  return useQuery(campSummaryQuery(campId));
}
