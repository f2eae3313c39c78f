import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToEuro, euroToCents, formatEuro, parseEuroAmount, subscriptionAmounts } from '@common/money.js';

describe('money', () => {
  it('converts cents to euro and back without losing a cent', () => {
    expect(centsToEuro(12345)).toBe(123.45);
    expect(euroToCents(123.45)).toBe(12345);
    expect(euroToCents(0.1 + 0.2)).toBe(30);
    fc.assert(fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (cents) => euroToCents(centsToEuro(cents)) === cents));
  });

  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,5', 1250],
    ['12,50', 1250],
    [' 7 ', 700],
    ['0', 0],
    ['0,05', 5],
    ['1234', 123400],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseEuroAmount(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '12,505', '12,', ',5', '1.234,50', '12 5', '€12', '1e3'])('does not read %j as an amount', (text) => {
    expect(parseEuroAmount(text)).toBeNull();
  });

  it('reads every amount it formats with a comma or a point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = (cents / 100).toFixed(2);
        return parseEuroAmount(text) === cents && parseEuroAmount(text.replace('.', ',')) === cents;
      }),
    );
  });

  it.each([
    [1234.5, '€ 1.234,50'],
    [0, '€ 0,00'],
    [7, '€ 7,00'],
    [1234567.891, '€ 1.234.567,89'],
    [-12.5, '€ -12,50'],
  ])('formats %d as %j', (euro, text) => {
    expect(formatEuro(euro)).toBe(text);
  });

  it('derives discount, amount to pay and saldo from the stored facts', () => {
    expect(subscriptionAmounts({ campPriceCents: 15000, discountsCents: [1000, 525], paidAmountCents: 5000 })).toEqual({
      discountCents: 1525,
      amountToPayCents: 13475,
      saldoCents: 8475,
    });
    expect(subscriptionAmounts({ campPriceCents: 9500, discountsCents: [], paidAmountCents: 10000 })).toEqual({
      discountCents: 0,
      amountToPayCents: 9500,
      saldoCents: -500,
    });
  });

  it('makes a cancelled subscription owe its cancellation fee only, at most what it cost (issue 39)', () => {
    const paid = { campPriceCents: 11500, discountsCents: [], paidAmountCents: 11500 };
    expect(subscriptionAmounts({ ...paid, cancellation: { cancellationFeeCents: 0 } })).toEqual({
      discountCents: 0,
      amountToPayCents: 0,
      saldoCents: -11500,
    });
    expect(subscriptionAmounts({ ...paid, paidAmountCents: 0, cancellation: { cancellationFeeCents: 0 } }).saldoCents).toBe(0);
    expect(subscriptionAmounts({ ...paid, cancellation: { cancellationFeeCents: 2000 } }).saldoCents).toBe(-9500);
    expect(subscriptionAmounts({ ...paid, discountsCents: [11000], cancellation: { cancellationFeeCents: 2000 } }).amountToPayCents).toBe(
      500,
    );
    expect(subscriptionAmounts({ ...paid, cancellation: null }).amountToPayCents).toBe(11500);
  });
});
