import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH } from '@common/schemas/auth.js';

/** At least this many characters (ASVS 2.1.1). */
export const PASSWORD_MIN_LENGTH = 12;

/** The 49,000 most common passwords of zxcvbn-ts's common list, shipped with the product. */
const commonPasswords = new Set(dictionary['passwords-common'] as string[]);

/**
 * Why a new administrator password is refused, in Dutch, or null when it is acceptable: long enough, not
 * longer than sign-in accepts, and not a common password, also not one with digits or signs appended
 * ('Password2024!').
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Het wachtwoord moet minstens ${PASSWORD_MIN_LENGTH} tekens hebben.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Het wachtwoord mag hoogstens ${PASSWORD_MAX_LENGTH} tekens hebben.`;
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/u, '');
  if (commonPasswords.has(lower) || (stem.length >= 4 && commonPasswords.has(stem))) {
    return 'Dit wachtwoord staat op de lijst van veelgebruikte wachtwoorden; kies een ander.';
  }
  return null;
}
