import { z } from 'zod';
import { todayInBelgium } from '../calendar.js';
import { isValidNationalNumber } from '../identity-numbers.js';
import { validationMessages as m } from '../messages.js';
import { emailField, idField, isoDate, optionalIdField, optionalText, phoneField, requiredText, versionField } from './fields.js';

export const monitorRuleMessages = {
  bornInFuture: 'Geboortedatum mag niet in de toekomst liggen.',
  nationalNumber: 'Rijksregisternummer klopt niet (controlecijfers).',
  emailInUse: 'Dit e-mailadres wordt al door een andere monitor gebruikt.',
};

const optionalLocation = z.preprocess((v) => (v === '' || v === undefined ? null : v), optionalIdField.nullable());

/** The account number is optional; when given, exactly 16 characters without spaces. */
const accountNumber = z
  .string({ error: m.wrongFormat })
  .nullish()
  .transform((v) => (v === undefined || v === null || v === '' ? null : v))
  .refine((v) => v === null || v.length >= 16, m.tooShort)
  .refine((v) => v === null || v.length <= 16, m.tooLongAccount);

/**
 * A monitor's national number: empty, or one that passes its check digits. The detail shows the stored number
 * masked (issue 20); `keptMask`, that mask sent back unchanged, passes too and means 'keep the stored number'
 * (updateMonitor; docs/decisions.md, 'National register numbers').
 */
export function monitorNationalNumber(keptMask: string | null = null) {
  return optionalText(20).refine(
    (v) => v === null || (keptMask !== null && v === keptMask) || isValidNationalNumber(v),
    monitorRuleMessages.nationalNumber,
  );
}

/** A monitor's five preferred camp locations, in order: the checks of a save and the export go through them. */
export const MONITOR_LOCATION_FIELDS = [
  'MONITOR_CAMP_LOCATION_1',
  'MONITOR_CAMP_LOCATION_2',
  'MONITOR_CAMP_LOCATION_3',
  'MONITOR_CAMP_LOCATION_4',
  'MONITOR_CAMP_LOCATION_5',
] as const;

export const monitorPayload = z.object({
  MONITOR_ID: optionalIdField,
  MONITOR_FIRSTNAME: requiredText(1, 50),
  MONITOR_LASTNAME: requiredText(1, 50),
  MONITOR_EMAIL: emailField,
  MONITOR_PHONE: phoneField,
  MONITOR_REMARK: optionalText(2000),
  MONITOR_BIRTHDATE: z
    .preprocess((v) => (v === '' ? null : v), isoDate.nullish())
    .transform((v) => v ?? null)
    .refine((v) => v === null || v <= todayInBelgium(), monitorRuleMessages.bornInFuture),
  MONITOR_NATIONALNR: monitorNationalNumber(),
  MONITOR_ACCOUNT_NR: accountNumber,
  MONITOR_STREET: optionalText(50),
  MONITOR_HOUSENR: optionalText(50),
  MONITOR_POSTALCODE: optionalText(50),
  MONITOR_CITY: optionalText(50),
  MONITOR_CAMP_LOCATION_1: optionalLocation,
  MONITOR_CAMP_LOCATION_2: optionalLocation,
  MONITOR_CAMP_LOCATION_3: optionalLocation,
  MONITOR_CAMP_LOCATION_4: optionalLocation,
  MONITOR_CAMP_LOCATION_5: optionalLocation,
});
export type MonitorPayload = z.input<typeof monitorPayload>;

/**
 * updateMonitor at the door: the id, the version the save was made from, and any of the monitor's fields, each with
 * its own rule (the national number may also be the stored one's mask, which means 'keep it'); other keys are dropped.
 * Without MONITOR_ID the handler creates a monitor, which needs every required field (monitorPayload); with one it
 * lays the fields sent over the stored monitor, so a card of the detail screen sends only its own fields and never
 * resends another card's (docs/decisions.md, 'Monitors' and 'Precise bodies for the crud calls').
 */
export const updateMonitorRequest = monitorPayload
  .omit({ MONITOR_ID: true })
  .extend({ MONITOR_NATIONALNR: optionalText(20) })
  .partial()
  .extend({ MONITOR_ID: optionalIdField, MONITOR_VERSION: versionField });
export type UpdateMonitorRequest = z.input<typeof updateMonitorRequest>;
export type MonitorValues = z.output<typeof monitorPayload>;

/** An unknown monitor: the server's 404 and the detail screen say the same. */
export const monitorMessages = {
  notFound: 'Monitor niet gevonden',
};

export const deleteMonitorPayload = z.object({ monitorId: idField });

export const monitorRecord = z.object({
  MONITOR_ID: z.number(),
  MONITOR_VERSION: z.number(),
  MONITOR_FIRSTNAME: z.string(),
  MONITOR_LASTNAME: z.string(),
  MONITOR_EMAIL: z.string(),
  MONITOR_PHONE: z.string(),
  MONITOR_REMARK: z.string().nullable(),
  MONITOR_BIRTHDATE: z.string().nullable(),
  MONITOR_NATIONALNR: z.string().nullable(),
  MONITOR_ACCOUNT_NR: z.string().nullable(),
  MONITOR_STREET: z.string().nullable(),
  MONITOR_HOUSENR: z.string().nullable(),
  MONITOR_POSTALCODE: z.string().nullable(),
  MONITOR_CITY: z.string().nullable(),
  MONITOR_CAMP_LOCATION_1: z.number().nullable(),
  MONITOR_CAMP_LOCATION_2: z.number().nullable(),
  MONITOR_CAMP_LOCATION_3: z.number().nullable(),
  MONITOR_CAMP_LOCATION_4: z.number().nullable(),
  MONITOR_CAMP_LOCATION_5: z.number().nullable(),
});
export type MonitorRecord = z.infer<typeof monitorRecord>;
