import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { belgianIban, formatNationalNumber, isValidIban, isValidNationalNumber, nationalNumberCheck } from '@common/identity-numbers.js';

const birthDate = fc
  .date({ min: new Date('1930-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('Belgian national register number', () => {
  it('computes 97 − (number mod 97), with a 2 before the number for births from 2000', () => {
    expect(nationalNumberCheck('1985-07-30', 33)).toBe(97 - (850730033 % 97));
    expect(nationalNumberCheck('2012-03-04', 2)).toBe(97 - (2120304002 % 97));
  });

  it('writes yy.mm.dd-sss.cc', () => {
    expect(formatNationalNumber('1985-07-30', 33)).toBe('85.07.30-033.28');
    expect(formatNationalNumber('2012-03-04', 2)).toBe('12.03.04-002.83');
  });

  it('accepts every number it writes, before and after 2000, with or without punctuation', () => {
    fc.assert(
      fc.property(birthDate, fc.integer({ min: 1, max: 998 }), (date, sequence) => {
        const number = formatNationalNumber(date, sequence);
        return isValidNationalNumber(number) && isValidNationalNumber(number.replace(/\D/g, ''));
      }),
    );
  });

  it('refuses a wrong check or length', () => {
    expect(isValidNationalNumber('85.07.30-033.29')).toBe(false);
    expect(isValidNationalNumber('85.07.30-033.2')).toBe(false);
    expect(isValidNationalNumber('')).toBe(false);
  });
});

describe('Belgian IBAN', () => {
  it('writes the known example BE68 5390 0754 7034 from its account number', () => {
    expect(belgianIban(5_390_075_470)).toBe('BE68539007547034');
    expect(isValidIban('BE68 5390 0754 7034')).toBe(true);
    expect(isValidIban('be68539007547034')).toBe(true);
  });

  it('gives every account a valid IBAN whose last two digits are the account’s own mod-97 check', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), (account) => {
        const iban = belgianIban(account);
        const bban = iban.slice(4);
        return /^BE\d{14}$/.test(iban) && isValidIban(iban) && Number(bban.slice(10)) === (Number(bban.slice(0, 10)) % 97 || 97);
      }),
    );
  });

  it('refuses a changed digit and text that is no IBAN', () => {
    expect(isValidIban('BE68 5390 0754 7035')).toBe(false);
    expect(isValidIban('BE69 5390 0754 7034')).toBe(false);
    expect(isValidIban('5390 0754 7034')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});
