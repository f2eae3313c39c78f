import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { campYearQuery } from './taxonomy.js';
import { idField, isoDate } from './fields.js';
import { overviewFilterQuery } from './overview-filter.js';

const requiredOrWrongFormat = { error: (issue: { input?: unknown }) => (issue.input === undefined ? m.required : m.wrongFormat) };
const requiredDate = z.string(requiredOrWrongFormat).pipe(isoDate);

/** getCampParticipants: without a date, every camp day. */
export const campParticipantsQuery = z.object({ campId: idField, date: isoDate.optional() });
export type CampParticipantsQuery = z.output<typeof campParticipantsQuery>;

/** setAttendance: present is true, false, or null to clear what was registered. */
export const setAttendancePayload = z.object({
  SUBSCRIPTION_ID: idField,
  date: requiredDate,
  present: z.boolean(requiredOrWrongFormat).nullable(),
});
export type SetAttendancePayload = z.output<typeof setAttendancePayload>;

/** setAttendance's answer: the attendance as registered now. */
export const attendanceAnswer = z.object({ SUBSCRIPTION_ID: z.number(), date: z.string(), present: z.boolean().nullable() });
export type AttendanceAnswer = z.infer<typeof attendanceAnswer>;

export const SPREADSHEET_FORMATS = ['xlsx', 'csv'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];
export const spreadsheetFormat = z.enum(SPREADSHEET_FORMATS, requiredOrWrongFormat);

/** exportCampParticipants: a date gives that day's list; without one, the whole camp (the PDF as a week grid). */
export const exportCampParticipantsQuery = z.object({
  campId: idField,
  format: z.enum(['pdf', ...SPREADSHEET_FORMATS], requiredOrWrongFormat),
  date: isoDate.optional(),
});
export type ExportCampParticipantsQuery = z.output<typeof exportCampParticipantsQuery>;

/** exportSubscriptions: the camp year and the overview's own filter parameters. */
export const exportSubscriptionsQuery = campYearQuery.extend({ format: spreadsheetFormat }).extend(overviewFilterQuery.shape);
export type ExportSubscriptionsQuery = z.output<typeof exportSubscriptionsQuery>;

export const exportMonitorsQuery = z.object({ format: spreadsheetFormat });
