import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import { fillPlaceholders, type MailValues } from '@common/schemas/mail-templates.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import type { OrganiserSettings } from './settings.js';

export type { MailValues };

export interface MailTemplate {
  subject: string;
  body: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
}

/** Fills the {{placeholder}}s of common/'s list; an unknown one stays as written, so a typo in an older template shows. */
export function renderTemplate(template: MailTemplate, values: MailValues): RenderedMail {
  return { subject: fillPlaceholders(template.subject, values), text: fillPlaceholders(template.body, values) };
}

/** What a mail about one subscription says: names, camp, period, amounts in the Belgian format, payment reference, organiser. */
export function subscriptionMailValues(detail: SubscriptionDetail, organiser: OrganiserSettings): MailValues {
  return {
    childName: `${detail.SUBSCRIBER_FIRSTNAME} ${detail.SUBSCRIBER_LASTNAME}`,
    parentName: `${detail.SUBSCRIBER_PARENT_FIRSTNAME} ${detail.SUBSCRIBER_PARENT_LASTNAME}`,
    campName: `${detail.THEME_NAME} - ${detail.LOCATION_NAME}`,
    periodDates: `${formatDate(detail.PERIOD_STARTDATE)} tot ${formatDate(detail.PERIOD_ENDDATE)}`,
    amountToPay: formatEuro(detail.SUBSCRIPTION_AMOUNT_TO_PAY),
    saldo: formatEuro(detail.SUBSCRIPTION_SALDO),
    ogm: detail.SUBSCRIPTION_OGM,
    reference: detail.SUBSCRIPTION_REFERENCE,
    organiserAccount: organiser.ORGANISER_IBAN,
    organiserBic: organiser.ORGANISER_BIC ?? '',
    organiserName: organiser.ORGANISER_NAME,
    publicSiteUrl: organiser.PUBLIC_SITE_URL,
    refundAmount: '',
  };
}
