import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { mailKeys } from '../../../lib/mails.js';

export function resendConfirmationEmail(subscriptionId: number) {
  return api.call('resendConfirmationEmail', { SUBSCRIPTION_ID: subscriptionId });
}

/** Records the camp's confirmation mail to the parent again; the mail log shows it waiting, then sent. */
export function useResendConfirmationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendConfirmationEmail,
    onSuccess: (_answer, subscriptionId) => queryClient.invalidateQueries({ queryKey: mailKeys.subscription(subscriptionId) }),
  });
}
