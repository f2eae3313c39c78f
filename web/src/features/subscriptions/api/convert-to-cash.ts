import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function convertToCash(subscriptionId: number) {
  return api.call('convertToCash', { SUBSCRIPTION_ID: subscriptionId });
}

/** The method becomes cash; the server mails the parent. */
export function useConvertToCash() {
  return useSubscriptionDetailMutation(convertToCash);
}
