import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

export function useDashboard(campYear: number) {
  return useQuery(callQuery('getDashboard', { campYear }));
}
