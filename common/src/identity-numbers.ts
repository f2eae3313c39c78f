/**
 * Check-digit rules of the Belgian national register number and the Belgian IBAN.
 * Used by the demo data generator and its tests.
 */

/** 85.07.30-033.61: yymmdd, a 3-digit sequence, and 97 − (number mod 97), with a 2 prefixed for births from 2000. */
export function nationalNumberCheck(birthDate: string, sequence: number): number {
  const [year, month, day] = birthDate.split('-');
  const base = `${year!.slice(2)}${month}${day}${String(sequence).padStart(3, '0')}`;
  const number = Number(year! >= '2000' ? `2${base}` : base);
  return 97 - (number % 97);
}

export function formatNationalNumber(birthDate: string, sequence: number): string {
  const [year, month, day] = birthDate.split('-');
  const seq = String(sequence).padStart(3, '0');
  const check = String(nationalNumberCheck(birthDate, sequence)).padStart(2, '0');
  return `${year!.slice(2)}.${month}.${day}-${seq}.${check}`;
}

export function isValidNationalNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  if (digits.length !== 11) return false;
  const base = digits.slice(0, 9);
  const check = Number(digits.slice(9));
  return 97 - (Number(base) % 97) === check || 97 - (Number(`2${base}`) % 97) === check;
}

/** Belgian IBAN: BE, two ISO 7064 check digits, then a 12-digit account number whose last two digits are its mod-97 check. */
export function belgianIban(accountBase: number): string {
  const base = String(accountBase).padStart(10, '0');
  const accountCheck = Number(base) % 97 || 97;
  const bban = base + String(accountCheck).padStart(2, '0');
  const check = 98 - Number(BigInt(`${bban}111400`) % 97n);
  return `BE${String(check).padStart(2, '0')}${bban}`;
}

export function isValidIban(text: string): boolean {
  const iban = text.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const numeric = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(numeric) % 97n === 1n;
}

const MASKED = /^\d{2}\.\d{2}\.\d{2}-\*\*\*\.\*\*/;

/**
 * '85.07.30-033.61' → '85.07.30-***.**': the birth date stays readable, the number that identifies does not. A
 * text that is masked already stays as it is.
 */
export function maskNationalNumber(text: string): string {
  if (MASKED.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  if (digits.length !== 11) return '***';
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4, 6)}-***.**`;
}

/** A stored national number as answers carry it (issue 20): masked, nothing stays nothing. */
export function maskedNationalNumber(text: string | null): string | null {
  return text === null || text === '' ? text : maskNationalNumber(text);
}
