import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOgm, isValidOgm, ogmCheckDigits } from '@common/ogm.js';

describe('OGM (Belgian structured communication)', () => {
  it('takes the remainder modulo 97 as check digits, and 97 when the remainder is 0', () => {
    expect(ogmCheckDigits(2_000_000_121)).toBe(2_000_000_121 % 97);
    expect(ogmCheckDigits(9_700_000_000)).toBe(97);
    expect(ogmCheckDigits(0)).toBe(97);
  });

  it('writes +++123/4567/89002+++ with leading zeros', () => {
    expect(formatOgm(2_000_000_121)).toBe('+++200/0000/12192+++');
    expect(formatOgm(9_700_000_000)).toBe('+++970/0000/00097+++');
    expect(formatOgm(0)).toBe('+++000/0000/00097+++');
    expect(formatOgm(1)).toBe('+++000/0000/00101+++');
  });

  it('refuses a base that is not a whole number of at most ten digits', () => {
    for (const base of [-1, 1.5, 10_000_000_000, Number.NaN]) expect(() => formatOgm(base)).toThrow(RangeError);
  });

  it('accepts every OGM it writes, with or without the +++ and slashes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (base) => {
        const ogm = formatOgm(base);
        return isValidOgm(ogm) && isValidOgm(ogm.replace(/\D/g, ''));
      }),
    );
  });

  it('refuses a changed digit, a wrong length and a check of 00', () => {
    expect(isValidOgm('+++200/0000/12193+++')).toBe(false);
    expect(isValidOgm('+++300/0000/12192+++')).toBe(false);
    expect(isValidOgm('+++200/0000/1219+++')).toBe(false);
    expect(isValidOgm('')).toBe(false);
    expect(isValidOgm('+++970/0000/00000+++')).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const digits = formatOgm(base).replace(/\D/g, '').split('');
          digits[position] = String((Number(digits[position]) + delta) % 10);
          return !isValidOgm(digits.join(''));
        },
      ),
    );
  });
});
