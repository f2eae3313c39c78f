import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { MailAttachment } from '../db/schema.js';
import { qrPng } from '../lib/payment-qr.js';

/** The bytes of an attachment: its content, or the payment QR code drawn from its EPC payload. */
async function attachmentBytes(attachment: MailAttachment): Promise<Buffer> {
  if (attachment.content !== undefined) return Buffer.from(attachment.content, 'base64');
  if (attachment.epcPayload !== undefined) return qrPng(attachment.epcPayload);
  throw new Error(`attachment ${attachment.filename} has no content`);
}

export interface OutgoingMail {
  /** The sender of the organiser's settings; MAIL_FROM when not given. */
  from?: string;
  to: string;
  subject: string;
  text: string;
  /** Inline images: the mail then also has an HTML part, the text with the images below it. */
  attachments?: MailAttachment[] | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The HTML part of a mail with inline images: the text as written, then each image by its content id. */
export function htmlWithImages(text: string, attachments: MailAttachment[]): string {
  const paragraphs = escapeHtml(text).replace(/\r?\n/g, '<br>\n');
  const images = attachments
    .map(
      (a) =>
        `<p><img src="cid:${escapeHtml(a.cid ?? '')}" alt="${escapeHtml(a.filename === PAYMENT_QR_FILENAME ? PAYMENT_QR_ALT : a.filename)}" width="240" height="240"></p>`,
    )
    .join('\n');
  return `<!doctype html>\n<html lang="nl"><body>\n<p>${paragraphs}</p>\n${images}\n</body></html>`;
}

/** The payment QR code's file name and the words a mail client shows when it hides images. */
export const PAYMENT_QR_FILENAME = 'betaal-qr.png';
export const PAYMENT_QR_ALT = 'QR-code om te betalen: scan hem met uw bankapp';

export interface Mailer {
  /** null without SMTP_URL: mail then stays in the outbox. */
  transport: 'smtp' | null;
  /** Sends one mail; fails when the SMTP server refuses it or when `signal` aborts (its connection is then destroyed). */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  /** Closes the connections kept open to the SMTP server (at the server's stop). */
  close(): void;
}

/**
 * Mails sent at once, each on a connection of its own (the relay claims this many in one go). The connections stay
 * open for the next mails, up to 100 mails each, until the SMTP server or nodemailer's idle timeout closes them: the
 * confirmations after an opening rush (issue 37) are hundreds in a row, and a connection (TCP, greeting, EHLO, for
 * TLS a handshake) for each one cost both ends more than the mail.
 */
export const MAIL_CONNECTIONS = 10;

/**
 * nodemailer's own timeouts end a server that does not connect, greet or speak; the relay's total deadline
 * (an abort signal) ends one that trickles. An aborted connection is destroyed at once, not closed politely.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, socketCloseTimeout: 0 };

export function createMailer(config: Config): Mailer {
  if (!config.SMTP_URL) {
    return {
      transport: null,
      send: async () => {
        throw new Error('no SMTP_URL configured');
      },
      close: () => {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: MAIL_CONNECTIONS,
    maxMessages: 100,
    ...SMTP_TIMEOUTS,
  });
  return {
    transport: 'smtp',
    close: () => transporter.close(),
    send: async (mail, signal) => {
      const all = mail.attachments ?? [];
      const images = all.filter((a) => a.cid !== undefined);
      await transporter.sendMail({
        from: mail.from ?? config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(images.length > 0 ? { html: htmlWithImages(mail.text, images) } : {}),
        ...(all.length > 0
          ? {
              attachments: await Promise.all(
                all.map(async (a) => ({
                  ...(a.cid === undefined ? {} : { cid: a.cid }),
                  filename: a.filename,
                  contentType: a.contentType,
                  content: await attachmentBytes(a),
                  contentDisposition: a.cid === undefined ? ('attachment' as const) : ('inline' as const),
                })),
              ),
            }
          : {}),
        signal,
      });
    },
  };
}
