import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attestMessages,
  attestSheets,
  childAttestPeriods,
  dailyTariffCents,
  subscriptionVerdict,
  type AttestDebtor,
  type AttestPeriod,
  type AttestSubscription,
} from '@common/fiscal-attests.js';

const week = ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11'];

function subscription(overrides: Partial<AttestSubscription> = {}): AttestSubscription {
  return {
    subscriptionId: 1,
    campLabel: 'Zwemmen - Gent - Week 1',
    bookedDays: week,
    attendedDays: week,
    amountToPayCents: 10_000,
    paidAmountCents: 10_000,
    cancelled: false,
    ...overrides,
  };
}

const child = { birthdate: '2015-03-01', severeDisability: false };

function debtor(lastname: string, sharePercent: number): AttestDebtor {
  return {
    lastname,
    firstname: 'An',
    nationalNumber: '85073003361',
    street: 'Kerkstraat 1',
    postalcode: '9000',
    city: 'Gent',
    country: 'België',
    sharePercent,
  };
}

describe('fiscal attest rules (281.86)', () => {
  it('counts every attended day of a fully paid week at price / booked days', () => {
    const verdict = subscriptionVerdict(child, subscription(), 2025);
    expect(verdict.reason).toBeNull();
    expect(verdict.period).toMatchObject({
      startDate: '2025-07-07',
      endDate: '2025-07-11',
      days: 5,
      dailyTariffCents: 2000,
      amountCents: 10_000,
    });
  });

  it('counts the days before the 14th birthday when it falls in the middle of a camp', () => {
    const turns14 = { birthdate: '2011-07-09', severeDisability: false };
    const verdict = subscriptionVerdict(turns14, subscription(), 2025);
    // 7 and 8 July count; on 9 July the child is 14.
    expect(verdict.period).toMatchObject({ startDate: '2025-07-07', endDate: '2025-07-08', days: 2, amountCents: 4000 });
  });

  it('gives no attest to a child of 14 or older, with the reason', () => {
    const verdict = subscriptionVerdict({ birthdate: '2010-01-01', severeDisability: false }, subscription(), 2025);
    expect(verdict.period).toBeNull();
    expect(verdict.reason).toBe(attestMessages.tooOld);
  });

  it('counts a child with a severe disability up to 21', () => {
    const sixteen = { birthdate: '2009-01-01', severeDisability: true };
    expect(subscriptionVerdict(sixteen, subscription(), 2025).period?.days).toBe(5);
    const twentyOne = { birthdate: '2004-01-01', severeDisability: true };
    expect(subscriptionVerdict(twentyOne, subscription(), 2025).reason).toBe(attestMessages.tooOldDisability);
  });

  it('counts attended days, not booked ones; days absent or unregistered do not count', () => {
    const verdict = subscriptionVerdict(child, subscription({ attendedDays: ['2025-07-07', '2025-07-09', '2025-07-10'] }), 2025);
    expect(verdict.period).toMatchObject({ days: 3, dailyTariffCents: 2000, amountCents: 6000 });
    // A day registered present that was not booked (or outside the income year) is not counted either.
    const odd = subscriptionVerdict(child, subscription({ attendedDays: ['2025-07-07', '2025-07-14', '2024-07-07'] }), 2025);
    expect(odd.period?.days).toBe(1);
    expect(subscriptionVerdict(child, subscription({ attendedDays: [] }), 2025).reason).toBe(attestMessages.noAttendedDays);
  });

  it('gives no attest for a partial payment, a cancelled or a free subscription', () => {
    expect(subscriptionVerdict(child, subscription({ paidAmountCents: 9999 }), 2025).reason).toBe(attestMessages.notFullyPaid);
    expect(subscriptionVerdict(child, subscription({ cancelled: true }), 2025).reason).toBe(attestMessages.notFullyPaid);
    expect(subscriptionVerdict(child, subscription({ amountToPayCents: 0, paidAmountCents: 0 }), 2025).reason).toBe(attestMessages.free);
    // Paid too much still counts at the amount owed.
    expect(subscriptionVerdict(child, subscription({ paidAmountCents: 12_000 }), 2025).period?.amountCents).toBe(10_000);
  });

  it('rounds the daily tariff down so the days never cost more than was paid', () => {
    expect(dailyTariffCents(20_000, 3)).toBe(6666);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 30 }), (amount, days) => {
        expect(dailyTariffCents(amount, days) * days).toBeLessThanOrEqual(amount);
      }),
    );
  });

  it('splits the costs over two debtors: two attests, each with its share, together the whole', () => {
    const { periods } = childAttestPeriods(child, [subscription({ amountToPayCents: 10_005, paidAmountCents: 10_005 })], 2025);
    const sheets = attestSheets(periods, [debtor('Peeters', 50), debtor('Janssens', 50)]);
    expect(sheets).toHaveLength(2);
    expect(sheets.map((s) => s.debtor.lastname)).toEqual(['Peeters', 'Janssens']);
    expect(sheets[0]!.periods[0]).toMatchObject({ days: 5, dailyTariffCents: 1000, amountCents: 5000 });
    expect(sheets[1]!.periods[0]).toMatchObject({ days: 5, dailyTariffCents: 1001, amountCents: 5005 });
    expect(sheets[0]!.totalCents + sheets[1]!.totalCents).toBe(periods[0]!.amountCents);
    for (const sheet of sheets) for (const p of sheet.periods) expect(p.amountCents).toBe(p.days * p.dailyTariffCents);
  });

  it('gives no attests while the shares do not add up to 100 %', () => {
    const { periods } = childAttestPeriods(child, [subscription()], 2025);
    expect(attestSheets(periods, [debtor('Peeters', 50), debtor('Janssens', 40)])).toEqual([]);
  });

  it('puts more than four periods of a year on a second attest', () => {
    const camps = [0, 1, 2, 3, 4].map((i) => {
      const day = `2025-0${i < 2 ? 7 : 8}-${String(10 + i).padStart(2, '0')}`;
      return subscription({
        subscriptionId: i + 1,
        bookedDays: [day],
        attendedDays: [day],
        amountToPayCents: 2000 + i,
        paidAmountCents: 2000 + i,
      });
    });
    const { periods } = childAttestPeriods(child, camps, 2025);
    expect(periods).toHaveLength(5);
    const sheets = attestSheets(periods, [debtor('Peeters', 100)]);
    expect(sheets.map((s) => [s.sheetIndex, s.periods.length])).toEqual([
      [0, 4],
      [1, 1],
    ]);
    expect(sheets[1]!.periods[0]!.startDate).toBe('2025-08-14');
    expect(sheets.reduce((sum, s) => sum + s.totalCents, 0)).toBe(periods.reduce((sum, p: AttestPeriod) => sum + p.amountCents, 0));
  });

  it('lists a camp with a different daily tariff as its own period, in date order', () => {
    const cheap = subscription({
      subscriptionId: 2,
      bookedDays: ['2025-08-04'],
      attendedDays: ['2025-08-04'],
      amountToPayCents: 1500,
      paidAmountCents: 1500,
    });
    const { periods, verdicts } = childAttestPeriods(
      child,
      [cheap, subscription(), subscription({ subscriptionId: 3, paidAmountCents: 0 })],
      2025,
    );
    expect(periods.map((p) => [p.subscriptionId, p.dailyTariffCents])).toEqual([
      [1, 2000],
      [2, 1500],
    ]);
    expect(verdicts.find((v) => v.subscriptionId === 3)?.reason).toBe(attestMessages.notFullyPaid);
  });
});
