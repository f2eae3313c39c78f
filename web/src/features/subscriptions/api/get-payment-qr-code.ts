import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/queries.js';

/** The EPC payment QR code the subscription's mails carry; an empty list when it asks for no transfer. */
export function usePaymentQrCode(subscriptionId: number) {
  return useQuery(callQuery('getPaymentQrCode', { subscriptionId }));
}
