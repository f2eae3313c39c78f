import { describe, expect, it } from 'vitest';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { PAYMENT_METHOD } from '@common/constants.js';
import { daysInWords } from '@common/participants.js';
import {
  bookedDays,
  paymentInstructions,
  renderTemplate,
  subscriptionMailValues,
  type MailValues,
} from '../../server/src/lib/mail-render.js';
import { settingsDefaults } from '../../server/src/lib/settings.js';
import { defaultMailTemplates } from '../../server/src/mail/default-templates.js';
import { unknownPlaceholders } from '@common/schemas/mail-templates.js';

const values: MailValues = {
  childName: 'Céline Peeters',
  parentName: 'Sofie Peeters',
  campName: 'Multisport - Sporthal De Brug, Gent',
  periodDates: '07/07/2025 tot 11/07/2025',
  bookedDays: 'maandag 7 juli tot en met vrijdag 11 juli 2025',
  locationAddress: 'Sporthal De Brug, Gent',
  paymentMethod: 'overschrijving',
  paymentInstructions: 'Gelieve € 80,00 over te schrijven op BE71 0961 2345 6769 met de gestructureerde mededeling +++200/0000/12192+++.',
  amountToPay: '€ 130,00',
  saldo: '€ 80,00',
  ogm: '+++200/0000/12192+++',
  reference: 'KB2025-000121',
  organiserAccount: 'BE71 0961 2345 6769',
  organiserBic: 'GKCCBEBB',
  organiserName: 'Sportkampen Vlaanderen',
  publicSiteUrl: 'https://inschrijven.example.be/',
  refundAmount: '€ 20,00',
};

describe('mail templates', () => {
  it('fills every placeholder of subject and body', () => {
    expect(
      renderTemplate(
        { subject: 'Over {{childName}}', body: 'Beste {{ parentName }}, te betalen {{amountToPay}} ({{saldo}} open).' },
        values,
      ),
    ).toEqual({
      subject: 'Over Céline Peeters',
      text: 'Beste Sofie Peeters, te betalen € 130,00 (€ 80,00 open).',
    });
  });

  it('leaves an unknown placeholder as written, and takes values literally', () => {
    const rendered = renderTemplate({ subject: '{{onbekend}}', body: '{{childName}} {{toString}}' }, { ...values, childName: 'Jan $& $1' });
    expect(rendered).toEqual({ subject: '{{onbekend}}', text: 'Jan $& $1 {{toString}}' });
  });

  it('leaves no placeholder unfilled in the shipped templates (four camp mails, move, reminder, refund, fiscal attest)', () => {
    expect(defaultMailTemplates).toHaveLength(8);
    for (const template of defaultMailTemplates) {
      const rendered = renderTemplate(template, values);
      expect(`${rendered.subject}\n${rendered.text}`, template.id).not.toContain('{{');
    }
  });

  it('names the booked days: every camp day, of a flexible booking only the booked ones (4 of 5 days is not the week)', () => {
    const camp = {
      CAMP_ACTIVE_DAYS: '2026-07-06,2026-07-07,2026-07-08,2026-07-09,2026-07-10',
      PERIOD_STARTDATE: '2026-07-06',
      PERIOD_ENDDATE: '2026-07-10',
    };
    expect(bookedDays({ ...camp, CAMP_FLEXIBLE_BOOKING_ALLOWED: false, SUBSCRIPTION_SELECTED_DAYS: '2026-07-06' })).toBe(
      'maandag 6 juli tot en met vrijdag 10 juli 2026',
    );
    expect(
      bookedDays({
        ...camp,
        CAMP_FLEXIBLE_BOOKING_ALLOWED: true,
        SUBSCRIPTION_SELECTED_DAYS: '2026-07-06,2026-07-07,2026-07-09,2026-07-10',
      }),
    ).toBe('maandag 6 juli, dinsdag 7 juli, donderdag 9 juli en vrijdag 10 juli 2026');
    expect(
      bookedDays({
        ...camp,
        CAMP_FLEXIBLE_BOOKING_ALLOWED: true,
        SUBSCRIPTION_SELECTED_DAYS: '2026-07-07,2026-07-08,2026-07-09,2026-07-10',
      }),
    ).toBe('dinsdag 7 juli tot en met vrijdag 10 juli 2026');
    // A camp without days of its own: the period.
    expect(bookedDays({ ...camp, CAMP_ACTIVE_DAYS: '', CAMP_FLEXIBLE_BOOKING_ALLOWED: false, SUBSCRIPTION_SELECTED_DAYS: null })).toBe(
      '06/07/2026 tot 10/07/2026',
    );
    expect(daysInWords(['2026-12-31', '2027-01-01'])).toBe('donderdag 31 december 2026 en vrijdag 1 januari 2027');
  });

  it('says how to pay as the payment method has it: transfer with OGM (and the QR code only when the mail carries it), cash, or nothing', () => {
    const organiser = { ORGANISER_IBAN: 'BE71 0961 2345 6769' };
    const open = { SUBSCRIPTION_CANCELLED: false, SUBSCRIPTION_SALDO: 80, SUBSCRIPTION_OGM: '+++200/0000/12192+++' };
    const transfer = { ...open, PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer };
    expect(paymentInstructions(transfer, organiser, false)).toBe(
      'Gelieve € 80,00 over te schrijven op BE71 0961 2345 6769 met de gestructureerde mededeling +++200/0000/12192+++.',
    );
    expect(paymentInstructions(transfer, organiser, true)).toBe(
      'Gelieve € 80,00 over te schrijven op BE71 0961 2345 6769 met de gestructureerde mededeling +++200/0000/12192+++. U kunt ook de QR-code in deze mail scannen met uw bankapp.',
    );
    const cash = paymentInstructions({ ...open, PAYMENTMETHOD_ID: PAYMENT_METHOD.cash }, organiser, true);
    expect(cash).toBe('U betaalt € 80,00 contant ter plaatse.');
    expect(paymentInstructions({ ...transfer, SUBSCRIPTION_SALDO: 0 }, organiser, false)).toBe('U hoeft niets meer te betalen.');
    expect(paymentInstructions({ ...transfer, SUBSCRIPTION_CANCELLED: true }, organiser, false)).toBe('U hoeft niets meer te betalen.');
  });

  it('takes names, camp, period and amounts in the Belgian format from the subscription', () => {
    const detail = {
      SUBSCRIBER_FIRSTNAME: 'Céline',
      SUBSCRIBER_LASTNAME: 'Peeters',
      SUBSCRIBER_PARENT_FIRSTNAME: 'Sofie',
      SUBSCRIBER_PARENT_LASTNAME: 'Peeters',
      THEME_NAME: 'Multisport',
      LOCATION_NAME: 'Sporthal De Brug, Gent',
      PERIOD_STARTDATE: '2025-07-07',
      PERIOD_ENDDATE: '2025-07-11',
      CAMP_ACTIVE_DAYS: '2025-07-07,2025-07-08,2025-07-09,2025-07-10,2025-07-11',
      CAMP_FLEXIBLE_BOOKING_ALLOWED: false,
      SUBSCRIPTION_SELECTED_DAYS: null,
      LOCATION_ADDRESS: null,
      PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer,
      SUBSCRIPTION_CANCELLED: false,
      SUBSCRIPTION_AMOUNT_TO_PAY: 130,
      SUBSCRIPTION_SALDO: 80,
      SUBSCRIPTION_OGM: '+++200/0000/12192+++',
      SUBSCRIPTION_REFERENCE: 'KB2025-000121',
    } as SubscriptionDetail;
    const organiser = {
      ...settingsDefaults({
        MAIL_FROM: 'Sportkampen Vlaanderen <kampen@example.be>',
        PUBLIC_SITE_URL: 'https://inschrijven.example.be/',
        ORGANISER_ACCOUNT: 'BE71 0961 2345 6769',
      }),
      ORGANISER_BIC: 'GKCCBEBB',
    };
    expect(subscriptionMailValues(detail, organiser)).toEqual({ ...values, refundAmount: '' });
  });

  it('names the unknown placeholders of a text once each, in order, and knows every default one', () => {
    expect(unknownPlaceholders('Beste {{ parentName }}, {{kindNaam}} {{ogm}} {{kindNaam}} {{ bedrag }} {{}}')).toEqual([
      'kindNaam',
      'bedrag',
      '',
    ]);
    for (const template of defaultMailTemplates) expect(unknownPlaceholders(template.subject + template.body)).toEqual([]);
  });
});
