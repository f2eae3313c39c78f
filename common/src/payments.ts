import type { Cents } from './money.js';

/**
 * The payment facts a subscription stores (decisions.md section 4) and how a payment changes them.
 * Bank credits, 'Bedragen gelijk zetten' and cash all go through these two rules.
 */
export interface PaymentFacts {
  paidAmountCents: Cents;
  paid: boolean;
  paymentDate: string | null;
  paidAccountNr: string | null;
}

export interface ReceivedPayment {
  amountCents: Cents;
  /** The value date of the payment. */
  date: string | null;
  /** The payer's account; null when the payment names none (cash, 'Bedragen gelijk zetten'). */
  accountNr: string | null;
}

/**
 * Money received: the paid amount rises by it and the paid flag is set once money came in; the
 * payment date and account become the payment's (those it names). The status then follows the saldo:
 * exact is PAID, less OPEN-SALDO, more PAID-TO-MUCH (spec section 4).
 */
export function afterPaymentReceived(facts: PaymentFacts, payment: ReceivedPayment): PaymentFacts {
  return {
    paidAmountCents: facts.paidAmountCents + payment.amountCents,
    paid: facts.paid || payment.amountCents > 0,
    paymentDate: payment.date ?? facts.paymentDate,
    paidAccountNr: payment.accountNr ?? facts.paidAccountNr,
  };
}

/**
 * A payment taken back (its import undone, or staff sent it back to the queue): the paid amount
 * drops by it; the date and account become those of the latest payment still booked, and with no
 * money left the flag, date and account are cleared.
 */
export function afterPaymentWithdrawn(
  facts: PaymentFacts,
  payment: ReceivedPayment,
  latestRemaining: ReceivedPayment | null,
): PaymentFacts {
  const paidAmountCents = facts.paidAmountCents - payment.amountCents;
  if (paidAmountCents <= 0 && latestRemaining === null) {
    return { paidAmountCents, paid: false, paymentDate: null, paidAccountNr: null };
  }
  return {
    paidAmountCents,
    paid: facts.paid,
    paymentDate: latestRemaining?.date ?? facts.paymentDate,
    paidAccountNr: latestRemaining ? latestRemaining.accountNr : facts.paidAccountNr,
  };
}
