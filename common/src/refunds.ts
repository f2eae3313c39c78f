import type { Cents } from './money.js';

/**
 * What is paid back (issue 19): an overpaid subscription gets what it paid over the amount to pay; a
 * cancelled one gets what it paid minus the camp's cancellation fee. Never below 0.
 */
export function refundDueCents(facts: {
  cancelled: boolean;
  amountToPayCents: Cents;
  paidAmountCents: Cents;
  cancellationFeeCents: Cents;
}): Cents {
  const due = facts.cancelled ? facts.paidAmountCents - facts.cancellationFeeCents : facts.paidAmountCents - facts.amountToPayCents;
  return Math.max(0, due);
}
