import { z } from 'zod';
import { paymentsQuery } from '../schemas/bank.js';
import { openPaymentRecord, openPaymentsQuery, sendPaymentRemindersPayload, sendPaymentRemindersResult } from '../schemas/reminders.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

/** 'Openstaande betalingen', payment reminders and the payment QR code (issue 19). */
export const reminderCalls = feature('reminders', {
  getOpenPayments: call({
    method: 'GET',
    path: '/api/getOpenPayments',
    access: reads('reminder'),
    provides: ['subscription', 'payment', 'mail'],
    summary: 'Every subscription of the year that is not cancelled and has money open, with days since booking and reminders sent',
    query: openPaymentsQuery,
    response: z.array(openPaymentRecord),
    example: { query: { campYear: 2025 } },
  }),
  sendPaymentReminders: call({
    method: 'POST',
    path: '/api/sendPaymentReminders',
    access: changes('reminder'),
    invalidates: ['subscription', 'mail'],
    summary:
      "A reminder mail from the template 'herinnering' to each parent, through the outbox; answers which were sent and which skipped, and why",
    body: sendPaymentRemindersPayload,
    response: sendPaymentRemindersResult,
    refusals: ['CONFLICT'],
    example: { body: { subscriptionIds: [1] } },
  }),
  getPaymentQrCode: call({
    method: 'GET',
    path: '/api/getPaymentQrCode',
    access: reads('subscription'),
    provides: ['subscription'],
    summary:
      "The EPC payment QR code of a subscription's amount open (PNG as a data URL), as its mails carry it; an empty list when it asks for no transfer",
    query: paymentsQuery,
    response: z.array(z.object({ payload: z.string(), image: z.string() })),
    example: { query: { subscriptionId: 1 } },
  }),
});
