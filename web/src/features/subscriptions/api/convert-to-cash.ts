import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function convertToCash(subscriptionId: number) {
  return api.post<SubscriptionDetail>('convertToCash', { SUBSCRIPTION_ID: subscriptionId });
}

/** The method becomes cash; the server mails the parent. */
export function useConvertToCash() {
  return useSubscriptionDetailMutation(convertToCash);
}
