import { describe, expect, it } from 'vitest';
import { campYears, DEFAULT_MAIL_TEMPLATES, DISCOUNT_REASON_OTHER, DISCOUNT_REASONS, PAYMENT_METHOD } from '@common/constants.js';

describe('business constants (spec section 9)', () => {
  it('offers every camp year from 2021 up to next calendar year', () => {
    expect(campYears(new Date('2025-06-15T12:00:00Z'))).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    expect(campYears(new Date('2021-01-01T12:00:00Z'))).toEqual([2021, 2022]);
  });

  it('lists the fixed discount reasons, ending in the free-text choice', () => {
    expect(DISCOUNT_REASONS).toEqual(['Eigen lunchpakket', 'Axibonnen', 'Moni korting', 'Vrijetijdspas', 'Halve dag', 'Andere...']);
    expect(DISCOUNT_REASONS.at(-1)).toBe(DISCOUNT_REASON_OTHER);
  });

  it('names distinct payment methods and four distinct default mail templates', () => {
    expect(PAYMENT_METHOD.cash).not.toBe(PAYMENT_METHOD.bankTransfer);
    expect(new Set(Object.values(DEFAULT_MAIL_TEMPLATES)).size).toBe(4);
  });
});
