import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { paymentKeys } from './keys.js';

export function getBankImports() {
  return api.call('getBankImports');
}

export function useBankImports() {
  return useQuery({ queryKey: paymentKeys.imports, queryFn: getBankImports });
}
