import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { monitorKeys } from './keys.js';

export function deleteMonitor(monitorId: number) {
  return api.call('deleteMonitor', { monitorId });
}

/**
 * Deletes a monitor. Only the list reloads: the detail screen keeps showing the monitor until it
 * returns to the overview.
 */
export function useDeleteMonitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMonitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorKeys.list }),
  });
}
