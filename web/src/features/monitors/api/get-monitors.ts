import { useQuery } from '@tanstack/react-query';
import type { MonitorRecord } from '@common/schemas/monitors.js';
import { api } from '../../../lib/api-client.js';
import { monitorKeys } from './keys.js';

/** Every monitor, sorted by last name then first name (the server sorts). */
export function getMonitors() {
  return api.get<MonitorRecord[]>('getMonitors');
}

export function useMonitors() {
  return useQuery({ queryKey: monitorKeys.list, queryFn: getMonitors });
}
