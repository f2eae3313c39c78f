import { z } from 'zod';
import { MAIL_SCHEDULE_TARGETS, MAIL_SCHEDULE_TRIGGERS } from '../mail-schedules.js';
import { validationMessages as m } from '../messages.js';
import { crudRequest } from './crud.js';
import { idField, nonNegativeIntField, optionalIdField, requiredText } from './fields.js';

export const mailScheduleMessages = {
  notFound: 'Mailplanning niet gevonden',
  campNotFound: 'Kamp niet gevonden',
  daysTooMany: 'Hoogstens 365 dagen.',
};

export const mailSchedulePayload = z.object({
  MAILSCHEDULE_ID: optionalIdField,
  CAMP_ID: idField,
  MAILTEMPLATE_ID: requiredText(1, 100),
  TRIGGER: z.enum(MAIL_SCHEDULE_TRIGGERS, { error: m.wrongFormat }),
  DAYS: nonNegativeIntField.pipe(z.number().max(365, mailScheduleMessages.daysTooMany)),
  TARGET: z.enum(MAIL_SCHEDULE_TARGETS, { error: m.wrongFormat }),
});
export type MailSchedulePayload = z.input<typeof mailSchedulePayload>;
export type MailScheduleValues = z.output<typeof mailSchedulePayload>;
export const mailScheduleIdPayload = z.object({ MAILSCHEDULE_ID: idField });

export const crudMailScheduleRequest = crudRequest(mailSchedulePayload, mailScheduleIdPayload);

export const mailSchedulesQuery = z.object({ campId: idField });

const scheduledMail = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_REFERENCE: z.string(),
  CHILD_NAME: z.string(),
  /** When the mail went into the outbox (sent), or the Brussels day it falls due (planned). */
  AT: z.string(),
});

export const mailScheduleRecord = z.object({
  MAILSCHEDULE_ID: z.number(),
  CAMP_ID: z.number(),
  MAILTEMPLATE_ID: z.string(),
  TRIGGER: z.enum(MAIL_SCHEDULE_TRIGGERS),
  DAYS: z.number(),
  TARGET: z.enum(MAIL_SCHEDULE_TARGETS),
  SENT: z.array(scheduledMail),
  PLANNED: z.array(scheduledMail),
});
export type MailScheduleRecord = z.infer<typeof mailScheduleRecord>;
