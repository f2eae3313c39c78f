import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** null without SMTP_URL: the message then stays in the outbox. */
  transport: 'smtp' | null;
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(config: Config): Mailer {
  if (!config.SMTP_URL) {
    return {
      transport: null,
      send: async () => {
        throw new Error('no SMTP_URL configured');
      },
    };
  }
  const transporter = nodemailer.createTransport(config.SMTP_URL);
  return {
    transport: 'smtp',
    send: async (mail) => {
      await transporter.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
