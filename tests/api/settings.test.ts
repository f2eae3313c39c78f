import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';

describe.each(backends)('getSettings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none', env: { PUBLIC_SITE_URL: 'https://kampen.example.be/inschrijven/' } });
  });
  afterAll(async () => t?.close());

  it('answers the environment as the first-start settings, as a one-record list', async () => {
    const answer = await t.api.getSettings();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        {
          PUBLIC_SITE_URL: 'https://kampen.example.be/inschrijven/',
          ORGANISER_NAME: 'Kampbeheer',
          ORGANISER_ADDRESS: null,
          ORGANISER_COMPANY_NUMBER: null,
          ORGANISER_BELCOTAX_REFERENCE: null,
          ORGANISER_IBAN: 'BE71 0961 2345 6769',
          ORGANISER_BIC: null,
          MAIL_FROM: 'Kampbeheer <no-reply@kampbeheer.local>',
          CERTIFYING_AUTHORITY: null,
          SIGNATORY_NAME: null,
          SIGNATORY_CAPACITY: null,
          SIGNATURE_IMAGE: null,
          ORGANISER_LOGO: null,
          RECOGNITION_CODE: null,
          CERTIFYING_AUTHORITY_ADDRESS: null,
          CERTIFYING_AUTHORITY_COMPANY_NUMBER: null,
          FISCAL_DAILY_MAXIMUMS: '',
          REMINDER_INTERVAL_DAYS: 7,
          REMINDER_MAX_COUNT: 3,
          WAITING_OFFER_HOURS: 48,
          FAMILY_CANCEL_CUTOFF_DAYS: 14,
          BELCOTAX_CONTACT_NAME: null,
          BELCOTAX_CONTACT_PHONE: null,
          BELCOTAX_CONTACT_EMAIL: null,
          // The official volunteer allowance caps (issue 36) until the organiser enters a year's own.
          VOLUNTEER_DAILY_CAP: { '2022': { gewoon: 36.84, verhoogd: 36.84 }, '2024': { gewoon: 41.48, verhoogd: 41.48 } },
          VOLUNTEER_YEARLY_CAP: { '2022': { gewoon: 1473.37, verhoogd: 2705.97 }, '2024': { gewoon: 1659.29, verhoogd: 3047.43 } },
        },
      ],
    });
  });

  it('refuses a caller without a valid token and changes nothing', async () => {
    const before = await databaseDigest(t.db);
    for (const token of [null, 'not-a-real-token-but-long-enough-123']) {
      const answer = await t.api.getSettings(undefined, { token });
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('UNAUTHORIZED');
      expect(answer.body).not.toHaveProperty('data');
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});
