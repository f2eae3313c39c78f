import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUSES,
  paymentStatus,
  paymentStatusLabels,
  paymentStatusText,
  paymentStatusVariants,
  type PaymentStatus,
} from '@common/payment-status.js';

describe('payment status (decisions.md section 4)', () => {
  it.each<[boolean, number, PaymentStatus]>([
    [true, 0, 'PAID'],
    [true, 12.5, 'OPEN-SALDO'],
    [true, -0.01, 'PAID-TO-MUCH'],
    [false, 130, 'NOT-PAID'],
    [false, 0, 'PAID'],
    [false, -10, 'PAID-TO-MUCH'],
  ])('paid flag %s with saldo %d is %s', (paid, saldo, status) => {
    expect(paymentStatus(paid, saldo)).toBe(status);
  });

  it('has a label and a colour for every status, as spec section 4 names them', () => {
    expect(paymentStatusVariants).toEqual({ PAID: 'success', 'NOT-PAID': 'danger', 'OPEN-SALDO': 'warning', 'PAID-TO-MUCH': 'warning' });
    expect(paymentStatusLabels['OPEN-SALDO']).toBe('Openstaand saldo');
    expect(paymentStatusLabels['PAID-TO-MUCH']).toBe('Te veel betaald, terug te storten');
    expect(Object.keys(paymentStatusLabels).sort()).toEqual([...PAYMENT_STATUSES].sort());
  });

  it('writes the badge text with the amount owed or the absolute amount to refund', () => {
    expect(paymentStatusText('PAID', 0, 130)).toBe('Betaald');
    expect(paymentStatusText('NOT-PAID', 130, 130)).toBe('Niet betaald: € 130,00');
    expect(paymentStatusText('OPEN-SALDO', 80.5, 130)).toBe('Openstaand saldo: € 80,50');
    expect(paymentStatusText('PAID-TO-MUCH', -25, 130)).toBe('Te veel betaald, terug te storten: € 25,00');
  });

  it('says a cancelled subscription that owes nothing owes nothing, not that it paid (issue 39)', () => {
    expect(paymentStatusText('PAID', 0, 0, true)).toBe('Niets verschuldigd');
    expect(paymentStatusText('PAID-TO-MUCH', -115, 0, true)).toBe('Te veel betaald, terug te storten: € 115,00');
    expect(paymentStatusText('NOT-PAID', 20, 20, true)).toBe('Niet betaald: € 20,00');
  });
});
