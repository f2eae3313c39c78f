import { z } from 'zod';
import { idField } from './fields.js';

/** The states of a recorded mail: waiting for its (next) attempt, sent, or given up after the last attempt. */
export const MAIL_STATUSES = ['outbox', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** How the screens name each status. */
export const mailStatusLabels: Record<MailStatus, string> = { outbox: 'In wachtrij', sent: 'Verzonden', failed: 'Mislukt' };

/** One line of a subscription's mail log, and of the list of failed mails. */
export const mailRecord = z.object({
  MAIL_ID: z.number(),
  SUBSCRIPTION_ID: z.number().nullable(),
  MAIL_TEMPLATE_ID: z.string(),
  MAIL_SUBJECT: z.string(),
  MAIL_RECIPIENT: z.string(),
  MAIL_STATUS: z.enum(MAIL_STATUSES),
  MAIL_ATTEMPTS: z.number(),
  /** The last failure, also while a retry is still to come. */
  MAIL_ERROR: z.string().nullable(),
  MAIL_CREATED_AT: z.string(),
  MAIL_SENT_AT: z.string().nullable(),
  /** Only in the list of failed mails: whose mail it was. */
  SUBSCRIPTION_REFERENCE: z.string().nullable().optional(),
  SUBSCRIBER_FIRSTNAME: z.string().nullable().optional(),
  SUBSCRIBER_LASTNAME: z.string().nullable().optional(),
});
export type MailRecord = z.infer<typeof mailRecord>;

export const mailsQuery = z.object({ subscriptionId: idField });
export const mailIdPayload = z.object({ MAIL_ID: idField });
export type MailIdPayload = z.infer<typeof mailIdPayload>;
