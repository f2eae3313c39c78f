import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureMessages } from '@common/messages.js';
import type { MonitorRecord, UpdateMonitorRequest } from '@common/schemas/monitors.js';
import { api, ApiError } from '../../../lib/api-client.js';
import { callKey } from '../../../lib/queries.js';
import { getMonitor } from './get-monitor.js';

/**
 * Creates (no MONITOR_ID) or updates the fields sent of a monitor, then reads back what the server
 * stored: the server answers only the id, and a card starts again from what was saved.
 */
export async function updateMonitor(monitor: UpdateMonitorRequest): Promise<MonitorRecord> {
  const { monitorId } = await api.call('updateMonitor', monitor);
  const saved = await getMonitor(monitorId);
  if (!saved) throw new ApiError(404, failureMessages.save, 'NOT_FOUND');
  return saved;
}

/** Saves a monitor; its detail shows the saved record at once, the list reloads (the contract says). */
export function useUpdateMonitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMonitor,
    onSuccess: (saved) => queryClient.setQueryData(callKey('getMonitors', { monitorId: saved.MONITOR_ID }), [saved]),
  });
}
