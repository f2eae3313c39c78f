import type { Cents } from './money.js';

/**
 * What is paid back (issues 19 and 39): what a subscription paid over its amount to pay. The amount to pay of a
 * cancelled subscription is its camp's cancellation fee (`subscriptionAmounts`), so a cancelled one gets what it
 * paid minus the fee. Never below 0.
 */
export function refundDueCents(facts: { amountToPayCents: Cents; paidAmountCents: Cents }): Cents {
  return Math.max(0, facts.paidAmountCents - facts.amountToPayCents);
}
