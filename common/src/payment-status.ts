import { formatEuro } from './money.js';

export const PAYMENT_STATUSES = ['PAID', 'NOT-PAID', 'OPEN-SALDO', 'PAID-TO-MUCH'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment status of spec section 4, made total by decisions.md section 4. Saldo in euro or cents: only its sign counts. */
export function paymentStatus(paid: boolean, saldo: number): PaymentStatus {
  if (saldo < 0) return 'PAID-TO-MUCH';
  if (saldo === 0) return 'PAID';
  return paid ? 'OPEN-SALDO' : 'NOT-PAID';
}

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  PAID: 'Betaald',
  'NOT-PAID': 'Niet betaald',
  'OPEN-SALDO': 'Openstaand saldo',
  'PAID-TO-MUCH': 'Te veel betaald, terug te storten',
};

export const paymentStatusVariants: Record<PaymentStatus, 'success' | 'danger' | 'warning'> = {
  PAID: 'success',
  'NOT-PAID': 'danger',
  'OPEN-SALDO': 'warning',
  'PAID-TO-MUCH': 'warning',
};

/** A cancelled subscription with nothing owed and nothing to pay back (issue 39): its fee paid, or its money refunded. */
export const NOTHING_OWED_LABEL = 'Niets verschuldigd';

/**
 * The badge text: the label, with the euro amount owed or to refund where the spec asks for it. A cancelled
 * subscription that owes nothing reads 'Niets verschuldigd': it did not pay for a camp it attends.
 */
export function paymentStatusText(status: PaymentStatus, saldoEuro: number, amountToPayEuro: number, cancelled = false): string {
  switch (status) {
    case 'PAID':
      return cancelled ? NOTHING_OWED_LABEL : paymentStatusLabels.PAID;
    case 'NOT-PAID':
      return `${paymentStatusLabels['NOT-PAID']}: ${formatEuro(amountToPayEuro)}`;
    case 'OPEN-SALDO':
      return `${paymentStatusLabels['OPEN-SALDO']}: ${formatEuro(saldoEuro)}`;
    case 'PAID-TO-MUCH':
      return `${paymentStatusLabels['PAID-TO-MUCH']}: ${formatEuro(Math.abs(saldoEuro))}`;
  }
}
