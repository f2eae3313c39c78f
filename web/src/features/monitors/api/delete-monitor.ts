import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export function deleteMonitor(monitorId: number) {
  return api.call('deleteMonitor', { monitorId });
}

/** Deletes a monitor; the detail screen keeps showing it (its screen ends on the overview), the list reloads. */
export function useDeleteMonitor() {
  return useMutation({ mutationFn: deleteMonitor });
}
