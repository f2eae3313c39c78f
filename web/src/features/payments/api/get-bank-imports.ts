import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

export function useBankImports() {
  return useQuery(callQuery('getBankImports'));
}
