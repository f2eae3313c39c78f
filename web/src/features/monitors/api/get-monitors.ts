import { useQuery } from '@tanstack/react-query';
import { monitorsQuery } from '../../../lib/shared-queries.js';

export function useMonitors() {
  return useQuery(monitorsQuery());
}
