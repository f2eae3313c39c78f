import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { monitorKeys } from './keys.js';

/** Every monitor, sorted by last name then first name (the server sorts). */
export function getMonitors() {
  return api.call('getMonitors');
}

export function useMonitors() {
  return useQuery({ queryKey: monitorKeys.list, queryFn: getMonitors });
}
