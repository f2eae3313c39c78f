import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function convertToBankTransfer(subscriptionId: number) {
  return api.call('convertToBankTransfer', { SUBSCRIPTION_ID: subscriptionId });
}

/** The method becomes bank transfer; no mail (staff resend the confirmation by hand). */
export function useConvertToBankTransfer() {
  return useSubscriptionDetailMutation(convertToBankTransfer);
}
