import { z } from 'zod';
import {
  assignableSubscriptionsAnswer,
  assignableSubscriptionsQuery,
  assignPaymentPayload,
  bankImport,
  ignorePaymentPayload,
  importResult,
  paymentIdPayload,
  paymentRecord,
  paymentsQuery,
  undoBankImportPayload,
} from '../schemas/bank.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

/** Bank statement imports (issue 14). importBankStatements takes multipart/form-data with the files in the field `files`. */
export const bankCalls = feature('bank', {
  importBankStatements: call({
    method: 'POST',
    path: '/api/importBankStatements',
    access: changes('payment'),
    invalidates: ['payment', 'subscription'],
    summary: 'Import CODA / CAMT.053 statements (multipart field files: .cod, .txt, .xml or a .zip of them)',
    response: z.object({ imports: z.array(importResult) }),
    example: {},
  }),
  getBankImports: call({
    method: 'GET',
    path: '/api/getBankImports',
    access: reads('payment'),
    provides: ['payment'],
    summary: 'Every statement import, newest first, with its result and whether it can still be undone',
    response: z.array(bankImport),
    example: {},
  }),
  undoBankImport: call({
    method: 'POST',
    path: '/api/undoBankImport',
    access: changes('payment'),
    invalidates: ['payment', 'subscription'],
    summary: 'Undo an import as a whole, unless one of its payments was changed by hand since',
    body: undoBankImportPayload,
    response: bankImport,
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { importId: 1 } },
  }),
});

/** Payments of a subscription and the queue 'Te koppelen'. */
export const paymentCalls = feature('payments', {
  getPayments: call({
    method: 'GET',
    path: '/api/getPayments',
    access: reads('payment'),
    provides: ['payment'],
    summary: 'The payments booked on a subscription, with their source',
    query: paymentsQuery,
    response: z.array(paymentRecord),
    example: { query: { subscriptionId: 1 } },
  }),
  getUnmatchedPayments: call({
    method: 'GET',
    path: '/api/getUnmatchedPayments',
    access: reads('payment'),
    provides: ['payment'],
    summary: "The credits of the queue 'Te koppelen' and the ignored ones",
    response: z.array(paymentRecord),
    example: {},
  }),
  findSubscriptionsToAssign: call({
    method: 'GET',
    path: '/api/findSubscriptionsToAssign',
    access: changes('payment'),
    provides: ['subscription'],
    summary:
      "'Koppelen': subscriptions of every open camp year (last year up to next year) found by the child's or the parent's name, e-mail or phone, the reference or the OGM, naming parent and camp; at most 20, with how many there are",
    query: assignableSubscriptionsQuery,
    response: assignableSubscriptionsAnswer,
    example: { query: { search: 'Peeters' } },
  }),
  assignPayment: call({
    method: 'POST',
    path: '/api/assignPayment',
    access: changes('payment'),
    invalidates: ['payment', 'subscription'],
    summary: 'Book a queued credit on a subscription',
    body: assignPaymentPayload,
    response: paymentRecord,
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { paymentId: 1, subscriptionId: 1 } },
  }),
  ignorePayment: call({
    method: 'POST',
    path: '/api/ignorePayment',
    access: changes('payment'),
    invalidates: ['payment', 'subscription'],
    summary: "Mark a queued credit 'Genegeerd' with a reason",
    body: ignorePaymentPayload,
    response: paymentRecord,
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { paymentId: 1, reason: 'Gift' } },
  }),
  requeuePayment: call({
    method: 'POST',
    path: '/api/requeuePayment',
    access: changes('payment'),
    invalidates: ['payment', 'subscription'],
    summary: 'Undo an assignment or an ignore: the credit goes back to the queue',
    body: paymentIdPayload,
    response: paymentRecord,
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { paymentId: 1 } },
  }),
});
