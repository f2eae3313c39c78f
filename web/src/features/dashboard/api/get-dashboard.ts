import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const dashboardKeys = { year: (campYear: number) => ['dashboard', campYear] as const };

export function useDashboard(campYear: number) {
  return useQuery({ queryKey: dashboardKeys.year(campYear), queryFn: () => api.call('getDashboard', { campYear }) });
}
