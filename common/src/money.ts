/**
 * Money is integer cents inside the product and euro numbers (at most two decimals) on the wire.
 */
export type Cents = number;

/** The largest amount a money column holds (a PostgreSQL integer of cents): € 21.474.836,47. */
export const MAX_STORED_CENTS: Cents = 2_147_483_647;

export function centsToEuro(cents: Cents): number {
  return cents / 100;
}

export function euroToCents(euro: number): Cents {
  return Math.round(euro * 100);
}

/** Reads '12', '12.5', '12,5' or '12,50' as cents; null when it is not such an amount. */
export function parseEuroAmount(text: string): Cents | null {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return null;
  return euroToCents(Number(trimmed.replace(',', '.')));
}

const euroFormat = new Intl.NumberFormat('nl-BE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
});

/** Belgian format: € 1.234,50 */
export function formatEuro(euro: number): string {
  return euroFormat.format(euro).replace(/\u00a0/g, ' ');
}

export interface SubscriptionMoneyFacts {
  campPriceCents: Cents;
  discountsCents: Cents[];
  paidAmountCents: Cents;
  /**
   * Set for a cancelled subscription: it owes only its camp's cancellation fee (issue 39). What it paid beyond the
   * fee is to be paid back (a negative saldo), and once paid back nothing is owed. Null or absent for one that stands.
   */
  cancellation?: { cancellationFeeCents: Cents } | null;
}

export interface SubscriptionAmounts {
  discountCents: Cents;
  amountToPayCents: Cents;
  saldoCents: Cents;
}

/**
 * The derived amounts of decisions.md section 4: discount, amount to pay (price − discounts; for a cancelled
 * subscription the cancellation fee, at most that), saldo = amount to pay − paid.
 */
export function subscriptionAmounts(facts: SubscriptionMoneyFacts): SubscriptionAmounts {
  const discountCents = facts.discountsCents.reduce((sum, d) => sum + d, 0);
  const bookedCents = facts.campPriceCents - discountCents;
  const amountToPayCents = facts.cancellation
    ? Math.min(Math.max(facts.cancellation.cancellationFeeCents, 0), Math.max(bookedCents, 0))
    : bookedCents;
  return { discountCents, amountToPayCents, saldoCents: amountToPayCents - facts.paidAmountCents };
}
