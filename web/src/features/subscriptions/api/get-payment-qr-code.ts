import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { subscriptionKeys } from './keys.js';

/** The EPC payment QR code the subscription's mails carry; an empty list when it asks for no transfer. */
export function getPaymentQrCode(subscriptionId: number) {
  return api.call('getPaymentQrCode', { subscriptionId });
}

export function usePaymentQrCode(subscriptionId: number) {
  return useQuery({ queryKey: subscriptionKeys.paymentQrCode(subscriptionId), queryFn: () => getPaymentQrCode(subscriptionId) });
}
