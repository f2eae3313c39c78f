import type { PaymentCompletePayload } from '@common/schemas/subscriptions.js';
import { api } from '../../../lib/api-client.js';
import { useSubscriptionDetailMutation } from './subscription-mutation.js';

export function paymentComplete(payload: PaymentCompletePayload) {
  return api.call('paymentComplete', payload);
}

/** 'Bedragen gelijk zetten': the paid amount becomes the amount to pay, the amount the dialog showed (else 409). */
export function usePaymentComplete() {
  return useSubscriptionDetailMutation(paymentComplete);
}
