import { describe, expect, it } from 'vitest';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { renderTemplate, subscriptionMailValues, type MailValues } from '../../server/src/features/mail/render.js';
import { defaultMailTemplates } from '../../server/src/mail/default-templates.js';

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

  it('leaves no placeholder unfilled in the four default templates', () => {
    expect(defaultMailTemplates).toHaveLength(4);
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
    expect(subscriptionMailValues(detail, 'BE71 0961 2345 6769')).toEqual(values);
  });
});
