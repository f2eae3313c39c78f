import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';

/** Voucher and sign-in links lead to the product's own public site unless the organiser names another (issue 40). */
describe('PUBLIC_SITE_URL', () => {
  it("defaults to the server's own /inschrijven/ on the address it prints, on its port", () => {
    expect(loadConfig({}).PUBLIC_SITE_URL).toBe('http://localhost:3000/inschrijven/');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_SITE_URL).toBe('http://localhost:8080/inschrijven/');
  });

  it('keeps an own domain when it is set', () => {
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://inschrijven.kampen.be/' }).PUBLIC_SITE_URL).toBe('https://inschrijven.kampen.be/');
    expect(() => loadConfig({ PUBLIC_SITE_URL: 'geen adres' })).toThrow(/PUBLIC_SITE_URL/);
  });
});
