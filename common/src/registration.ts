import { centsToEuro } from './money.js';

/**
 * The price rule of a staff registration (issue 18, docs/decisions.md 'Staff registration'): a flexible
 * booking pays for its days only. The days not booked are a 'selected-days' discount of the camp's price per
 * active day, as the public booking site records them; the web shows the same figure before saving.
 */
export function selectedDaysDiscountCents(campPriceCents: number, activeDays: readonly string[], selectedDays: readonly string[]): number {
  const missing = activeDays.length - selectedDays.length;
  if (activeDays.length === 0 || missing <= 0) return 0;
  return Math.round((campPriceCents / activeDays.length) * missing);
}

/** What a registration of these days costs before any other discount, in euro. */
export function registrationPrice(
  campPrice: number,
  flexible: boolean,
  activeDays: readonly string[],
  selectedDays: readonly string[],
): number {
  const priceCents = Math.round(campPrice * 100);
  return centsToEuro(priceCents - (flexible ? selectedDaysDiscountCents(priceCents, activeDays, selectedDays) : 0));
}

/** The remark of a selected-days discount. */
export const selectedDaysRemark = (missing: number) => `${missing} dag(en) minder`;

/** The remark of the organiser's own discount at booking: a further child of the same family in the camp year. */
export const SIBLING_DISCOUNT_REMARK = 'Korting broer of zus';

/** Reference and OGM of a subscription follow its id, as the booking site makes them: KB2026-010478, +++200/0010/47881+++. */
export const REFERENCE_OGM_BASE = 2_000_000_000;
export const subscriptionReference = (campYear: number, subscriptionId: number) =>
  `KB${campYear}-${String(subscriptionId).padStart(6, '0')}`;
