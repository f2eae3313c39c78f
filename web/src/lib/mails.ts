import { useMutation, useQuery } from '@tanstack/react-query';
import type { MailRecord } from '@common/schemas/mail.js';
import { api } from './api-client.js';
import { callQuery } from './queries.js';

/** What became of the mail to parents, shared by the subscription detail (its mail log) and the list of failed mails. */

/** The relay sends after the call's commit: while a mail waits, the log looks again this often. */
const WAITING_REFRESH_MS = 3_000;

const stillWaiting = (mails: MailRecord[] | undefined) => mails?.some((mail) => mail.MAIL_STATUS === 'outbox') ?? false;

export function useSubscriptionMails(subscriptionId: number) {
  return useQuery({
    ...callQuery('getMails', { subscriptionId }),
    refetchInterval: (query) => (stillWaiting(query.state.data) ? WAITING_REFRESH_MS : false),
  });
}

export function useFailedMails() {
  return useQuery(callQuery('getFailedMails'));
}

/** 'Opnieuw versturen': the mail gets a fresh series of attempts; every mail list shows it waiting again. */
export function useRetryMail() {
  return useMutation({ mutationFn: (mailId: number) => api.call('retryMail', { MAIL_ID: mailId }) });
}
