import type { AddDiscountPayload } from '@common/schemas/subscriptions.js';
import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function addDiscount(payload: AddDiscountPayload) {
  return api.call('addDiscount', payload);
}

/** An extra discount given by staff; the amount to pay drops by it. */
export function useAddDiscount() {
  return useSubscriptionDetailMutation(addDiscount);
}
