import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import {
  ALLERGY_KINDS,
  PHOTO_CONSENTS,
  SAFETY_LEVELS,
  SAFETY_QUESTION_KEYS,
  SHEET_STATUSES,
  SWIM_ANSWERS,
  type SafetyQuestion,
} from '../safety-sheet.js';
import { idField, isoDate, optionalText, phoneField, requiredText } from './fields.js';

/** The schemas of the safety sheet's calls (issue 35); the rules themselves are in common/src/safety-sheet.ts. */

const requiredOrWrongFormat = { error: (issue: { input?: unknown }) => (issue.input === undefined ? m.required : m.wrongFormat) };
const text = (max: number) => requiredText(1, max);
const list = <T extends z.ZodType>(item: T, max = 10) => z.array(item, { error: m.wrongFormat }).max(max, m.tooLong).default([]);
const time = z.string(requiredOrWrongFormat).regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.wrongFormat);
const person = z.object({ NAME: text(100), RELATION: text(60), PHONE: phoneField });

export const safetyLevel = z.enum(SAFETY_LEVELS, requiredOrWrongFormat);

/** The sheet's answers, as the parent and staff send them. */
export const safetySheetFields = z.object({
  ALLERGIES: list(z.object({ KIND: z.enum(ALLERGY_KINDS, requiredOrWrongFormat), WHAT: text(100), ACTION: text(500) })),
  DIET: optionalText(200),
  CONDITIONS: list(z.object({ NAME: text(100), ACTION: text(500) })),
  MEDICATIONS: list(
    z.object({
      NAME: text(100),
      DOSE: text(100),
      TIMES: z.array(time, { error: m.wrongFormat }).max(6, m.tooLong).default([]),
      MONITORS_MAY_GIVE: z.boolean(requiredOrWrongFormat),
    }),
  ),
  TETANUS_YEAR: z
    .number({ error: m.wrongFormat })
    .int(m.wrongFormat)
    .min(1990, m.wrongFormat)
    .max(2100, m.wrongFormat)
    .nullable()
    .default(null),
  CAN_SWIM: z.enum(SWIM_ANSWERS, requiredOrWrongFormat),
  DOCTOR_NAME: optionalText(100),
  DOCTOR_PHONE: optionalText(30),
  NOTES: optionalText(2000),
  EMERGENCY_CONTACTS: z.array(person, { error: m.wrongFormat }).min(1, m.required).max(5, m.tooLong),
  PICKUP_ALLOWED: list(person),
  PICKUP_REFUSED: list(z.object({ NAME: text(100), RELATION: text(60) })),
  GOES_HOME_ALONE: z.boolean(requiredOrWrongFormat),
  PHOTO_CONSENT: z.enum(PHOTO_CONSENTS, requiredOrWrongFormat),
});

/** saveSafetySheet (staff) and the family's saveSafetySheet: the child and its sheet. */
export const saveSafetySheetPayload = safetySheetFields.extend({
  CHILD_ID: idField,
  /** The family's choice to keep the sheet in its account for a next camp (docs/decisions.md, 'Issue 35'). */
  KEEP_IN_ACCOUNT: z.boolean({ error: m.wrongFormat }).optional(),
});
export type SaveSafetySheetPayload = z.output<typeof saveSafetySheetPayload>;

export const safetyWarning = z.object({ LEVEL: safetyLevel, TEXT: z.string() });

const personRecord = z.object({ NAME: z.string(), RELATION: z.string(), PHONE: z.string() });
/** The sheet as answered (as stored: no transforms, so the answer serialises as it is). */
export const safetySheetRecord = z.object({
  ALLERGIES: z.array(z.object({ KIND: z.enum(ALLERGY_KINDS), WHAT: z.string(), ACTION: z.string() })),
  DIET: z.string().nullable(),
  CONDITIONS: z.array(z.object({ NAME: z.string(), ACTION: z.string() })),
  MEDICATIONS: z.array(z.object({ NAME: z.string(), DOSE: z.string(), TIMES: z.array(z.string()), MONITORS_MAY_GIVE: z.boolean() })),
  TETANUS_YEAR: z.number().nullable(),
  CAN_SWIM: z.enum(SWIM_ANSWERS),
  DOCTOR_NAME: z.string().nullable(),
  DOCTOR_PHONE: z.string().nullable(),
  NOTES: z.string().nullable(),
  EMERGENCY_CONTACTS: z.array(personRecord),
  PICKUP_ALLOWED: z.array(personRecord),
  PICKUP_REFUSED: z.array(z.object({ NAME: z.string(), RELATION: z.string() })),
  GOES_HOME_ALONE: z.boolean(),
  PHOTO_CONSENT: z.enum(PHOTO_CONSENTS),
});

/** A stored sheet (null fields: none stored yet) with its warnings and when and by whom it was saved. */
export const safetySheetAnswer = z.object({
  CHILD_ID: z.number(),
  CHILD_NAME: z.string(),
  SHEET: safetySheetRecord.nullable(),
  KEEP_IN_ACCOUNT: z.boolean(),
  PHOTO_CONSENT_DATE: z.string().nullable(),
  UPDATED_AT: z.string().nullable(),
  UPDATED_BY: z.enum(['family', 'staff']).nullable(),
  WARNINGS: z.array(safetyWarning),
});
export type SafetySheetAnswer = z.infer<typeof safetySheetAnswer>;

export const childIdQuery = z.object({ childId: idField });
export const publicChildIdQuery = z.object({ CHILD_ID: idField });

export const medicationRoundQuery = z.object({ campId: idField, date: z.string(requiredOrWrongFormat).pipe(isoDate) });
export const medicationDose = z.object({
  TIME: z.string(),
  CHILD_ID: z.number(),
  CHILD_NAME: z.string(),
  MEDICATION: z.string(),
  DOSE: z.string(),
  MONITORS_MAY_GIVE: z.boolean(),
});

export const campIdPayload = z.object({ campId: idField });
export const campIdQuery = z.object({ campId: idField });

/** Per camp: how many of its children have no sheet, or one older than the camp's year. */
export const safetySheetCounts = z.object({
  CAMP_ID: z.number(),
  CHILDREN: z.number(),
  MISSING: z.number(),
  OUTDATED: z.number(),
});
export const remindSafetySheetsAnswer = z.object({ MAILS: z.number() });

/** The organiser's settings of the sheets: a level per question, the monitor's days before, the retention. */
export const safetySheetSettings = z.object({
  LEVELS: z.partialRecord(z.enum(SAFETY_QUESTION_KEYS as [SafetyQuestion, ...SafetyQuestion[]]), safetyLevel),
  MONITOR_DAYS_BEFORE: z.number(requiredOrWrongFormat).int(m.wrongFormat).min(0, m.wrongFormat).max(14, m.wrongFormat),
  RETENTION_DAYS: z.number(requiredOrWrongFormat).int(m.wrongFormat).min(1, m.wrongFormat).max(365, m.wrongFormat),
  MEDEWERKER_READS: z.boolean(requiredOrWrongFormat),
});
export type SafetySheetSettings = z.infer<typeof safetySheetSettings>;
export const saveSafetySheetSettingsPayload = safetySheetSettings.partial();

export const sheetStatus = z.enum(SHEET_STATUSES);
