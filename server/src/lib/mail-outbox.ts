import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import type { Database, Executor } from '../db/client.js';
import { camps, mailOutbox, mailTemplates } from '../db/schema.js';
import { PAYMENT_QR_FILENAME, type MailAttachment, type Mailer } from '../mail/mailer.js';
import { PAYMENT_QR_CID, qrPng, subscriptionEpcPayload } from './payment-qr.js';
import { readSettings, type OrganiserSettings } from './settings.js';
import { renderTemplate, subscriptionMailValues, type MailTemplate, type MailValues } from './mail-render.js';

/** The four mails a camp names a template for (spec section 2, camp detail). */
const campTemplateColumns = {
  confirm: camps.emailTemplateConfirm,
  cancel: camps.emailTemplateCancel,
  convertCash: camps.emailTemplateConvertCash,
  convertBankTransfer: camps.emailTemplateConvertBankTransfer,
};
export type CampMailKind = keyof typeof campTemplateColumns;
/** The camp mails that ask for a transfer, and so carry the payment QR code (issue 19). */
const asksForTransferKinds: readonly CampMailKind[] = ['confirm', 'convertBankTransfer'];

export type MailStatus = (typeof mailOutbox.$inferSelect)['status'];

export interface QueuedMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachment[] | null;
}

export interface MailDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The organiser's settings from the environment, until staff save their own. */
  settingsDefaults: OrganiserSettings;
}

/**
 * Renders the camp's template of this kind for the subscription and records it in the outbox. Called
 * inside the transaction of the change it reports, so a committed change always has its mail on record.
 */
export async function queueSubscriptionMail(
  tx: Executor,
  detail: SubscriptionDetail,
  kind: CampMailKind,
  settingsDefaults: OrganiserSettings,
): Promise<QueuedMail> {
  const [template] = await tx
    .select({ id: mailTemplates.id, subject: mailTemplates.subject, body: mailTemplates.body })
    .from(camps)
    .innerJoin(mailTemplates, eq(mailTemplates.id, campTemplateColumns[kind]))
    .where(eq(camps.id, detail.CAMP_ID));
  if (!template) throw new Error(`camp ${detail.CAMP_ID} has no ${kind} mail template`);
  return queueMail(
    tx,
    { templateId: template.id, template, detail, to: detail.SUBSCRIBER_PARENT_EMAIL, paymentQr: asksForTransferKinds.includes(kind) },
    settingsDefaults,
  );
}

/** Renders a template for a subscription with the organiser's settings and records it in the outbox, to any address. */
export async function queueMail(
  tx: Executor,
  mail: {
    templateId: string;
    template: MailTemplate;
    detail: SubscriptionDetail;
    to: string;
    /** The subscription whose mail log shows it: the detail's, unless given (null: a test mail, no subscription's). */
    subscriptionId?: number | null;
    /** The mail asks for a transfer: it carries the payment QR code while money is open (issue 19). */
    paymentQr?: boolean;
    /** Placeholders only this mail fills (the refund amount). */
    values?: Partial<MailValues>;
    /** Files the mail carries (the fiscal attests, issue 16). */
    files?: MailAttachment[];
  },
  settingsDefaults: OrganiserSettings,
): Promise<QueuedMail> {
  const organiser = await readSettings(tx, settingsDefaults);
  const qrPayload = mail.paymentQr ? subscriptionEpcPayload(mail.detail, organiser) : null;
  const rendered = renderTemplate(mail.template, {
    ...subscriptionMailValues(mail.detail, organiser, { withPaymentQr: qrPayload !== null }),
    ...mail.values,
  });
  const images: MailAttachment[] = qrPayload
    ? [
        {
          cid: PAYMENT_QR_CID,
          filename: PAYMENT_QR_FILENAME,
          contentType: 'image/png',
          content: (await qrPng(qrPayload)).toString('base64'),
        },
      ]
    : [];
  const all = [...images, ...(mail.files ?? [])];
  const attachments: MailAttachment[] | null = all.length > 0 ? all : null;
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      templateId: mail.templateId,
      subscriptionId: mail.subscriptionId === undefined ? mail.detail.SUBSCRIPTION_ID : mail.subscriptionId,
      recipient: mail.to,
      subject: rendered.subject,
      body: rendered.text,
      status: 'outbox',
      attachments,
    })
    .returning({ id: mailOutbox.id });
  return { id: row!.id, from: organiser.MAIL_FROM, to: mail.to, ...rendered, attachments };
}

/** The longest a test mail, which staff wait for, may take. */
const TEST_MAIL_DEADLINE_MS = 30_000;

/**
 * Sends one recorded mail while the caller waits (the test mail of the mail templates screen) and records
 * the outcome: 'sent', or 'failed' with the error. The mail of subscriptions goes through the relay instead.
 */
export async function deliverMail(db: Database, deps: MailDeps, mail: QueuedMail): Promise<MailStatus> {
  if (!deps.mailer.transport) {
    deps.log.info({ mailId: mail.id }, 'no SMTP_URL: mail kept in the outbox');
    return 'outbox';
  }
  try {
    await deps.mailer.send(mail, AbortSignal.timeout(TEST_MAIL_DEADLINE_MS));
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, error: null, attempts: 1 })
      .where(eq(mailOutbox.id, mail.id));
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn({ mailId: mail.id, err: error }, 'mail could not be sent');
    await db.update(mailOutbox).set({ status: 'failed', error: message, attempts: 1 }).where(eq(mailOutbox.id, mail.id));
    return 'failed';
  }
}
