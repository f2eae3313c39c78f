import { useQuery } from '@tanstack/react-query';
import type { CampSummaryRecord } from '@common/schemas/camps.js';
import { api } from '../../../lib/api-client.js';
import { campKeys } from './keys.js';

/** Seats, counts per payment status and money totals of one camp's subscriptions. */
export async function getCampSummary(campId: number): Promise<CampSummaryRecord | null> {
  const rows = await api.call('getCampSummary', { campId });
  return rows[0] ?? null;
}

export function useCampSummary(campId: number) {
  return useQuery({ queryKey: campKeys.summary(campId), queryFn: () => getCampSummary(campId) });
}
