import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { z } from 'zod';
import { readNamedValue, type Database, type Executor, type Transaction } from '../db/client.js';
import type { MailRelay } from '../mail/relay.js';
import { camps, mailOutbox, type MailAttachment } from '../db/schema.js';
import { PAYMENT_QR_FILENAME, type Mailer } from '../mail/mailer.js';
import { PAYMENT_QR_CID, subscriptionEpcPayload } from '../lib/payment-qr.js';
import { readSettings, settingsJsonSql, settingsOfJson, type OrganiserSettings, type SettingsWithoutImages } from '../lib/settings.js';
import { renderTemplate, subscriptionMailValues, type MailTemplate, type MailValues } from '../lib/mail-render.js';

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

/** What recording mail needs: the organiser's settings to fill the templates, and the relay that sends it. */
export interface OutboxDeps {
  /** The organiser's settings from the environment, until staff save their own. */
  settingsDefaults: OrganiserSettings;
  relay: Pick<MailRelay, 'nudge'>;
}

/** A mail rendered from a template for a subscription, to any address. */
export interface TemplateMail {
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
}

/** A mail written in full by the product itself, belonging to no subscription (the invitation of a user). */
export interface TextMail {
  templateId: string;
  to: string;
  subject: string;
  text: string;
  /** The subscription whose mail log shows it (a family's request about its booked child, issue 34); none by default. */
  subscriptionId?: number | null;
}

/**
 * The outbox of one transaction: every mail the product sends is recorded through it, in the transaction of the
 * change it reports, so a committed change always has its mail on record and a rolled back one has none.
 */
export interface Outbox {
  /**
   * These camps' templates of a kind and the organiser's settings as an expression, for a caller that reads them with
   * its own first statement (a booking, before it takes the camp's lock and not while it holds it: its claim of its
   * Idempotency-Key, issue 37), then hands what it answered to `campMailsRead`.
   */
  campMailsSql(campIds: number[], kind: CampMailKind): SQL;
  /**
   * Keeps what `campMailsSql` answered for this transaction's later `enqueueCampMail`; answers the settings, which the
   * mails will show (a booking's answer shows the same).
   */
  campMailsRead(read: unknown, kind: CampMailKind): Promise<SettingsWithoutImages>;
  /** The camp's template of this kind for the subscription, to the parent (spec section 2, camp detail). */
  enqueueCampMail(detail: SubscriptionDetail, kind: CampMailKind): Promise<QueuedMail>;
  /**
   * `enqueueCampMail`'s statement, not run: the caller runs it in this transaction with its other writes in one round
   * trip (`writeTogether`; a booking under its camp's lock, issue 37).
   */
  campMailWrite(detail: SubscriptionDetail, kind: CampMailKind): Promise<SQL>;
  /** A template rendered for a subscription with the organiser's settings. */
  enqueueMail(mail: TemplateMail): Promise<QueuedMail>;
  /** A mail whose text the product wrote. */
  enqueueText(mail: TextMail): Promise<QueuedMail>;
}

/**
 * Runs `work` in one transaction with an outbox, and wakes the relay as soon as the transaction committed mail:
 * every mail is sent at once, never at the relay's next poll (MAIL_POLL_SECONDS, for retries and other processes).
 * This is the only way to record mail for the relay; a rolled back transaction wakes nothing.
 */
export async function withOutbox<T>(db: Database, deps: OutboxDeps, work: (tx: Transaction, outbox: Outbox) => Promise<T>): Promise<T> {
  let recorded = 0;
  const result = await db.transaction((tx) =>
    work(
      tx,
      outboxOf(tx, deps.settingsDefaults, () => recorded++),
    ),
  );
  if (recorded > 0) deps.relay.nudge();
  return result;
}

function outboxOf(tx: Transaction, settingsDefaults: OrganiserSettings, onRecorded: () => void): Outbox {
  // Read once a transaction: the organiser's settings, and each camp's template of a kind.
  let organiser: Promise<SettingsWithoutImages> | null = null;
  const settingsOnce = () => (organiser ??= readSettings(tx, settingsDefaults));
  const templates = new Map<string, CampTemplate>();
  const enqueueMail = async (mail: TemplateMail) => {
    const queued = await recordTemplateMail(tx, mail, await settingsOnce());
    onRecorded();
    return queued;
  };
  /** The camp's mail of this kind for the subscription, to the parent. */
  const campMail = async (detail: SubscriptionDetail, kind: CampMailKind): Promise<TemplateMail> => {
    if (!templates.has(`${detail.CAMP_ID} ${kind}`)) await readCampMails([detail.CAMP_ID], kind);
    const template = templates.get(`${detail.CAMP_ID} ${kind}`);
    if (!template) throw new Error(`camp ${detail.CAMP_ID} has no ${kind} mail template`);
    return {
      templateId: template.id,
      template,
      detail,
      to: detail.SUBSCRIBER_PARENT_EMAIL,
      paymentQr: asksForTransferKinds.includes(kind),
    };
  };
  // The templates and the settings in one round trip: a booking holds its place in line meanwhile (issue 37).
  const campMailsSql = (campIds: number[], kind: CampMailKind) =>
    sql`json_build_object('templates', coalesce((select json_agg(json_build_array(${camps.id}, t.id, t.subject, t.body))
          from ${camps} join mail_templates t on t.id = ${campTemplateColumns[kind]}
          where ${inArray(camps.id, campIds)}), '[]'), 'settings', ${settingsJsonSql})`;
  const campMailsRead = (read: unknown, kind: CampMailKind) => {
    const row = campMailsRow.parse(read);
    for (const [campId, id, subject, body] of row.templates) templates.set(`${campId} ${kind}`, { id, subject, body });
    organiser ??= Promise.resolve(settingsOfJson(row.settings, settingsDefaults));
    return organiser;
  };
  // The same read as a statement of its own: a camp's mail whose template no earlier read of the transaction brought.
  const readCampMails = async (campIds: number[], kind: CampMailKind) => {
    await campMailsRead(await readNamedValue(tx, `camp_mails_${kind}`, campMailsSql(campIds, kind)), kind);
  };
  return {
    enqueueMail,
    campMailsSql,
    campMailsRead,
    enqueueCampMail: async (detail, kind) => enqueueMail(await campMail(detail, kind)),
    campMailWrite: async (detail, kind) => {
      const write = mailInsert(tx, templateMailRow(await campMail(detail, kind), await settingsOnce())).getSQL();
      onRecorded();
      return write;
    },
    enqueueText: async (mail) => {
      const queued = await insertMail(
        tx,
        {
          templateId: mail.templateId,
          subscriptionId: mail.subscriptionId ?? null,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: null,
        },
        await settingsOnce(),
      );
      onRecorded();
      return queued;
    },
  };
}

const campMailsRow = z.object({ templates: z.array(z.tuple([z.number(), z.string(), z.string(), z.string()])), settings: z.unknown() });

/** A camp's mail template of one kind. */
interface CampTemplate {
  id: string;
  subject: string;
  body: string;
}

/** Renders a template for a subscription with the organiser's settings and records it in the outbox. */
async function recordTemplateMail(tx: Executor, mail: TemplateMail, organiser: SettingsWithoutImages): Promise<QueuedMail> {
  return insertMail(tx, templateMailRow(mail, organiser), organiser);
}

/** A mail's outbox row as it is recorded. */
type MailRow = Omit<QueuedMail, 'id' | 'from'> & { templateId: string; subscriptionId: number | null };

/** A template rendered for a subscription with the organiser's settings: its outbox row. */
function templateMailRow(mail: TemplateMail, organiser: SettingsWithoutImages): MailRow {
  const qrPayload = mail.paymentQr ? subscriptionEpcPayload(mail.detail, organiser) : null;
  const rendered = renderTemplate(mail.template, {
    ...subscriptionMailValues(mail.detail, organiser, { withPaymentQr: qrPayload !== null }),
    ...mail.values,
  });
  // The PNG itself is drawn by the mailer as it sends (MailAttachment.epcPayload): not here, inside the transaction.
  const images: MailAttachment[] = qrPayload
    ? [{ cid: PAYMENT_QR_CID, filename: PAYMENT_QR_FILENAME, contentType: 'image/png', epcPayload: qrPayload }]
    : [];
  const all = [...images, ...(mail.files ?? [])];
  return {
    templateId: mail.templateId,
    subscriptionId: mail.subscriptionId === undefined ? mail.detail.SUBSCRIPTION_ID : mail.subscriptionId,
    to: mail.to,
    ...rendered,
    attachments: all.length > 0 ? all : null,
  };
}

/** The statement that records a mail in the outbox, to be sent. */
function mailInsert(tx: Executor, mail: MailRow) {
  return tx.insert(mailOutbox).values({
    templateId: mail.templateId,
    subscriptionId: mail.subscriptionId,
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
    status: 'outbox',
    attachments: mail.attachments,
  });
}

async function insertMail(tx: Executor, mail: MailRow, organiser: SettingsWithoutImages): Promise<QueuedMail> {
  const [row] = await mailInsert(tx, mail).returning({ id: mailOutbox.id });
  return { id: row!.id, from: organiser.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments };
}

/** The longest a test mail, which staff wait for, may take. */
const TEST_MAIL_DEADLINE_MS = 30_000;

/**
 * The test mail of the mail templates screen, which staff wait for: recorded in the outbox (in no subscription's
 * mail log) and sent while the caller waits, not by the relay; the outcome is recorded: 'sent', or 'failed' with
 * the error. Every other mail goes through `withOutbox` and the relay.
 */
export async function sendMailNow(db: Database, deps: MailDeps, mail: TemplateMail): Promise<{ mail: QueuedMail; status: MailStatus }> {
  const queued = await db.transaction(async (tx) => recordTemplateMail(tx, mail, await readSettings(tx, deps.settingsDefaults)));
  return { mail: queued, status: await deliverMail(db, deps, queued) };
}

async function deliverMail(db: Database, deps: MailDeps, mail: QueuedMail): Promise<MailStatus> {
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
