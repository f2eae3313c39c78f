import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '../../../lib/shared-queries.js';

/** The server's settings the web needs: the public booking site that voucher links point to. */
export function useSettings() {
  return useQuery(settingsQuery());
}
