import { useMutation } from '@tanstack/react-query';
import { VOUCHER_TYPE_EXTRA_SUBSCRIPTION } from '@common/constants.js';
import { api } from '../../../lib/api-client.js';

/** Stores a new one-day voucher for one extra subscription to the camp; answers its token. */
export function generateVoucher(campId: number) {
  return api.call('generateVoucher', { campId, type: VOUCHER_TYPE_EXTRA_SUBSCRIPTION });
}

/** A mutation, not a query: every call makes a new voucher, nothing is cached or refetched. */
export function useGenerateVoucher() {
  return useMutation({ mutationFn: generateVoucher });
}
