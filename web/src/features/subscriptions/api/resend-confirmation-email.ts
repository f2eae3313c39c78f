import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export function resendConfirmationEmail(subscriptionId: number) {
  return api.call('resendConfirmationEmail', { SUBSCRIPTION_ID: subscriptionId });
}

/** Sends the camp's confirmation mail to the parent again; nothing shown changes. */
export function useResendConfirmationEmail() {
  return useMutation({ mutationFn: resendConfirmationEmail });
}
