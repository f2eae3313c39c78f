import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';

/** The placeholders a template may use (server/src/mail/default-templates.ts). */
export interface MailValues {
  childName: string;
  parentName: string;
  campName: string;
  periodDates: string;
  amountToPay: string;
  saldo: string;
  ogm: string;
  reference: string;
  organiserAccount: string;
}

export interface MailTemplate {
  subject: string;
  body: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
}

/** Fills {{placeholder}}s; an unknown one stays as written, so a typo in a template shows instead of vanishing. */
export function renderTemplate(template: MailTemplate, values: MailValues): RenderedMail {
  const fill = (text: string) =>
    text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (Object.hasOwn(values, name) ? values[name as keyof MailValues] : match));
  return { subject: fill(template.subject), text: fill(template.body) };
}

/** What a mail about one subscription says: names, camp, period, amounts in the Belgian format, payment reference. */
export function subscriptionMailValues(detail: SubscriptionDetail, organiserAccount: string): MailValues {
  return {
    childName: `${detail.SUBSCRIBER_FIRSTNAME} ${detail.SUBSCRIBER_LASTNAME}`,
    parentName: `${detail.SUBSCRIBER_PARENT_FIRSTNAME} ${detail.SUBSCRIBER_PARENT_LASTNAME}`,
    campName: `${detail.THEME_NAME} - ${detail.LOCATION_NAME}`,
    periodDates: `${formatDate(detail.PERIOD_STARTDATE)} tot ${formatDate(detail.PERIOD_ENDDATE)}`,
    amountToPay: formatEuro(detail.SUBSCRIPTION_AMOUNT_TO_PAY),
    saldo: formatEuro(detail.SUBSCRIPTION_SALDO),
    ogm: detail.SUBSCRIPTION_OGM,
    reference: detail.SUBSCRIPTION_REFERENCE,
    organiserAccount,
  };
}
