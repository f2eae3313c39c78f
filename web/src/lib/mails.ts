import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailRecord } from '@common/schemas/mail.js';
import { api } from './api-client.js';

/**
 * What became of the mail to parents, shared by the subscription detail (its mail log) and the list of
 * failed mails. Query keys: ['mails', 'subscription', id] and ['mails', 'failed'].
 */
export const mailKeys = {
  all: ['mails'] as const,
  subscription: (subscriptionId: number) => ['mails', 'subscription', subscriptionId] as const,
  failed: ['mails', 'failed'] as const,
};

/** The relay sends after the call's commit: while a mail waits, the log looks again this often. */
const WAITING_REFRESH_MS = 3_000;

const stillWaiting = (mails: MailRecord[] | undefined) => mails?.some((mail) => mail.MAIL_STATUS === 'outbox') ?? false;

export function useSubscriptionMails(subscriptionId: number) {
  return useQuery({
    queryKey: mailKeys.subscription(subscriptionId),
    queryFn: () => api.call('getMails', { subscriptionId }),
    refetchInterval: (query) => (stillWaiting(query.state.data) ? WAITING_REFRESH_MS : false),
  });
}

export function useFailedMails() {
  return useQuery({ queryKey: mailKeys.failed, queryFn: () => api.call('getFailedMails') });
}

/** 'Opnieuw versturen': the mail gets a fresh series of attempts; every mail list shows it waiting again. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: number) => api.call('retryMail', { MAIL_ID: mailId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
