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
  /** null without SMTP_URL: mail then stays in the outbox. */
  transport: 'smtp' | null;
  /** Sends one mail; fails when the SMTP server refuses it or when `signal` aborts (the socket is then destroyed). */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
}

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
    };
  }
  const transporter = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
  return {
    transport: 'smtp',
    send: async (mail, signal) => {
      await transporter.sendMail({ from: mail.from ?? config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, signal });
    },
  };
}
