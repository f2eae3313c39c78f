import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export function resendConfirmationEmail(subscriptionId: number) {
  return api.call('resendConfirmationEmail', { SUBSCRIPTION_ID: subscriptionId });
}

/** Records the camp's confirmation mail to the parent again; the mail log shows it waiting, then sent. */
export function useResendConfirmationEmail() {
  return useMutation({ mutationFn: resendConfirmationEmail });
}
