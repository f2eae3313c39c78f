import { z } from 'zod';
import { mailIdPayload, mailRecord, mailsQuery } from '../schemas/mail.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

/** What became of the mail to parents: a subscription's mail log, the failed mails, and sending one again. */
export const mailLogCalls = feature('mail', {
  getMails: call({
    method: 'GET',
    path: '/api/getMails',
    access: reads('mail'),
    provides: ['mail'],
    summary: "A subscription's mail log, newest first: what, when, to whom, status, attempts, last error",
    query: mailsQuery,
    response: z.array(mailRecord),
    example: { query: { subscriptionId: 1 } },
  }),
  getFailedMails: call({
    method: 'GET',
    path: '/api/getFailedMails',
    access: reads('mail'),
    provides: ['mail'],
    summary: 'Every mail still failing after its last attempt, with its subscription',
    response: z.array(mailRecord),
    example: {},
  }),
  retryMail: call({
    method: 'POST',
    path: '/api/retryMail',
    access: changes('mail'),
    invalidates: ['mail'],
    summary: "'Opnieuw versturen': a failed mail gets a fresh series of attempts",
    body: mailIdPayload,
    response: mailRecord,
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { MAIL_ID: 1 } },
  }),
});
