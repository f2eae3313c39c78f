import { expect } from 'vitest';
import { beheerderSettings, type TestApp } from './api.js';
import { XSD } from './xml-schema.js';

/** The tax administration's Belcotax-on-web schema (tests/fixtures/README.md) the XML files are validated against. */
export const BELCOTAX_XSD = XSD.belcotax;

/** An organiser recognised by a public authority (code 2), so it may issue fiscal attests 281.86. */
export const RECOGNISED_ORGANISER = {
  ORGANISER_NAME: 'Sportkampen Gent vzw',
  ORGANISER_ADDRESS: 'Sportlaan 5, 9000 Gent',
  ORGANISER_COMPANY_NUMBER: '0123.456.749',
  RECOGNITION_CODE: '2',
  CERTIFYING_AUTHORITY: 'Stad Gent',
  CERTIFYING_AUTHORITY_ADDRESS: 'Botermarkt 1, 9000 Gent',
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: '0207.451.227',
  SIGNATORY_NAME: 'Jan Peeters',
  SIGNATORY_CAPACITY: 'Voorzitter',
  FISCAL_DAILY_MAXIMUMS: '2025: 16,10\n2023: 15,70',
  BELCOTAX_CONTACT_NAME: 'An De Smet',
  BELCOTAX_CONTACT_PHONE: '09 123 45 67',
  BELCOTAX_CONTACT_EMAIL: 'boekhouding@sportkampen-gent.be',
};

/** Saves RECOGNISED_ORGANISER through the settings call, as a beheerder does in Beheer › Instellingen. */
export async function recogniseOrganiser(app: TestApp) {
  const settings = await beheerderSettings(app);
  const saved = await app.api.updateSettings({
    ...settings,
    ...RECOGNISED_ORGANISER,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data[0]!;
}

/** Records attendance (present, or absent when value is false) of a subscription on each day. */
export async function markAttendance(app: TestApp, subscriptionId: number, days: string[], value = true) {
  for (const date of days) {
    const answer = await app.api.setAttendance({ SUBSCRIPTION_ID: subscriptionId, date, present: value });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}
