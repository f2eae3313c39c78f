import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, loginPayload } from '@common/schemas/auth.js';
import { DEMO_ADMIN } from '../../server/src/seed/demo-data.js';
import { generatePassword } from '../../server/src/lib/passwords.js';
import { passwordProblem } from '../../server/src/lib/password-policy.js';

describe('the password rule of user:add and user:passwd', () => {
  it('refuses fewer than 12 characters and more than sign-in accepts', () => {
    expect(passwordProblem('elf tekens!')).toBe('Het wachtwoord moet minstens 12 tekens hebben.');
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('Het wachtwoord mag hoogstens 1000 tekens hebben.');
    // The longest password user:add accepts signs in: the same maximum on both sides.
    const longest = 'lang geheim '.repeat(100).slice(0, PASSWORD_MAX_LENGTH);
    expect(passwordProblem(longest)).toBeNull();
    expect(loginPayload.safeParse({ username: 'a@b.be', password: longest }).success).toBe(true);
    expect(loginPayload.safeParse({ username: 'a@b.be', password: longest + 'x' }).success).toBe(false);
  });

  it('refuses common passwords of the shipped list, also with digits or signs appended, in any case', () => {
    for (const common of ['qwerty123456', '1q2w3e4r5t6y', 'Password2024!', 'PASSWORD123456', 'iloveyou12345', 'superman1234']) {
      expect(passwordProblem(common), common).toBe('Dit wachtwoord staat op de lijst van veelgebruikte wachtwoorden; kies een ander.');
    }
  });

  it('accepts the demo password, a long sentence and every generated password', () => {
    expect(passwordProblem(DEMO_ADMIN.password)).toBeNull();
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    for (let i = 0; i < 50; i++) expect(passwordProblem(generatePassword())).toBeNull();
  });
});
