import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function paymentComplete(subscriptionId: number) {
  return api.call('paymentComplete', { SUBSCRIPTION_ID: subscriptionId });
}

/** 'Bedragen gelijk zetten': the paid amount becomes the amount to pay. */
export function usePaymentComplete() {
  return useSubscriptionDetailMutation(paymentComplete);
}
