import { z } from 'zod';
import { exportRefundsPayload, markRefundPaidPayload, refundRecord, refundsQuery } from '../schemas/refunds.js';
import { changes, exports, reads } from '../policies.js';
import { call, download, feature } from './define.js';

/** 'Terugbetalingen' (issue 19): paying money out is for a beheerder (issue 20). */
export const refundCalls = feature('refunds', {
  getRefunds: call({
    method: 'GET',
    path: '/api/getRefunds',
    access: reads('refund'),
    provides: ['subscription', 'payment', 'refund'],
    summary: 'Overpaid subscriptions and cancelled ones with money paid (minus the camp’s cancellation fee) of the year',
    query: refundsQuery,
    response: z.array(refundRecord),
    example: { query: { campYear: 2025 } },
  }),
  exportRefunds: download({
    method: 'POST',
    path: '/api/exportRefunds',
    access: exports('refund'),
    summary: 'A SEPA credit-transfer file (pain.001.001.03) paying back the chosen subscriptions from the organiser’s account',
    body: exportRefundsPayload,
    files: ['xml'],
    refusals: ['CONFLICT'],
    example: { body: { subscriptionIds: [1], accounts: [{ SUBSCRIPTION_ID: 1, IBAN: 'BE68539007547034' }] } },
  }),
  markRefundPaid: call({
    method: 'POST',
    path: '/api/markRefundPaid',
    access: changes('refund'),
    invalidates: ['refund', 'payment', 'subscription'],
    summary: 'Records a refund as a negative payment (audited) and mails the parent',
    body: markRefundPaidPayload,
    response: z.object({ paymentId: z.number(), mailId: z.number().nullable() }),
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { SUBSCRIPTION_ID: 1, amount: 10, date: '2025-08-01' } },
  }),
});
