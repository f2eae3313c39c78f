import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface OutgoingMail {
  /** The sender of the organiser's settings; MAIL_FROM when not given. */
  from?: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** null without SMTP_URL: the message then stays in the outbox. */
  transport: 'smtp' | null;
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * A call that mails waits for the SMTP server, so a server that does not answer fails within seconds
 * instead of nodemailer's default of minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(config: Config): Mailer {
  if (!config.SMTP_URL) {
    return {
      transport: null,
      send: async () => {
        throw new Error('no SMTP_URL configured');
      },
    };
  }
  const transporter = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
  return {
    transport: 'smtp',
    send: async (mail) => {
      await transporter.sendMail({ from: mail.from ?? config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
