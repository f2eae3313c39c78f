/**
 * Belgian structured communication (OGM): ten digits and two check digits, the remainder of the
 * ten-digit number modulo 97, or 97 when that remainder is 0. Written as +++123/4567/89002+++.
 */
export function ogmCheckDigits(base: number): number {
  const remainder = base % 97;
  return remainder === 0 ? 97 : remainder;
}

export function formatOgm(base: number): string {
  if (!Number.isInteger(base) || base < 0 || base > 9_999_999_999) throw new RangeError('OGM base must be 10 digits');
  const digits = String(base).padStart(10, '0') + String(ogmCheckDigits(base)).padStart(2, '0');
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

export function isValidOgm(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  if (digits.length !== 12) return false;
  return ogmCheckDigits(Number(digits.slice(0, 10))) === Number(digits.slice(10));
}
