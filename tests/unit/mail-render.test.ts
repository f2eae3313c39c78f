import { describe, expect, it } from 'vitest';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { renderTemplate, subscriptionMailValues, type MailValues } from '../../server/src/lib/mail-render.js';
import { settingsDefaults } from '../../server/src/lib/settings.js';
import { defaultMailTemplates } from '../../server/src/mail/default-templates.js';
import { unknownPlaceholders } from '@common/schemas/mail-templates.js';

const values: MailValues = {
  childName: 'Céline Peeters',
  parentName: 'Sofie Peeters',
  campName: 'Multisport - Sporthal De Brug, Gent',
  periodDates: '07/07/2025 tot 11/07/2025',
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
