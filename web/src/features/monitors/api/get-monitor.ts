import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitorRecord } from '@common/schemas/monitors.js';
import { api } from '../../../lib/api-client.js';
import { callQuery } from '../../../lib/queries.js';
import { monitorQuery } from '../../../lib/shared-queries.js';

/** One monitor, or null when the id is unknown (the answer is an empty list). */
export async function getMonitor(monitorId: number): Promise<MonitorRecord | null> {
  const rows = await api.call('getMonitors', { monitorId });
  return rows[0] ?? null;
}

/** Loads the monitor as it is now, into the cache the detail screen reads. */
export function useReloadMonitor() {
  const queryClient = useQueryClient();
  return async (monitorId: number) =>
    (await queryClient.fetchQuery({ ...callQuery('getMonitors', { monitorId }), staleTime: 0 }))[0] ?? null;
}

export function useMonitor(monitorId: number) {
  return useQuery(monitorQuery(monitorId));
}
