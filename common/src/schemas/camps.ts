import { z } from 'zod';
import { DEFAULT_MAIL_TEMPLATES } from '../constants.js';
import { validationMessages as m } from '../messages.js';
import { crudRequest } from './crud.js';
import {
  booleanField,
  idField,
  nonNegativeEuroField,
  nonNegativeIntField,
  optionalIdField,
  optionalText,
  positiveEuroField,
  versionField,
  positiveIntField,
  requiredText,
  isRealDateTime,
  isRealDay,
  isRealLocalDateTime,
} from './fields.js';

/** Comma list of real days, each once: 2025-08-11,2025-08-12. */
const activeDays = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(1000, m.tooLong)
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => {
    const days = v.split(',');
    return days.every(isRealDay) && new Set(days).size === days.length;
  }, m.wrongFormat);

/** A booking start, or nothing: then the location's booking start applies. */
const bookingStart = (isMoment: (text: string) => boolean) =>
  z
    .string({ error: m.wrongFormat })
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || isMoment(v), m.wrongFormat);

const templateId = requiredText(1, 100);

export const campRuleMessages = {
  birthyearOrder: 'Maximum geboortejaar mag niet voor het minimum geboortejaar liggen.',
  birthyearRange: (from: number, to: number) => `Geboortejaar moet tussen ${from} en ${to} liggen.`,
  daysOutsidePeriod: (from: string, to: string) => `Kampdagen moeten binnen de periode liggen (${from} tot ${to}).`,
  minimumAboveMaximum: 'Minimum aantal dagen mag niet boven het maximum aantal dagen liggen.',
  minimumAboveCampDays: (days: number) => `Minimum aantal dagen mag niet boven het aantal kampdagen (${days}) liggen.`,
  seatsBelowTaken: (taken: number) => `Er zijn al ${taken} plaatsen ingenomen: minder plaatsen kan niet.`,
  duplicateCamp: 'Er bestaat al een kamp met deze locatie, periode, thema en leeftijdsgroep.',
};

/** Children of a camp are born from 25 years before the camp year up to the camp year itself. */
export const BIRTHYEAR_SPAN = 25;
export function birthyearBounds(campYear: number): { from: number; to: number } {
  return { from: campYear - BIRTHYEAR_SPAN, to: campYear };
}

/** The camp days outside the period from `start` to `end` (YYYY-MM-DD, both included). */
export function campDaysOutsidePeriod(activeDays: string, start: string, end: string): string[] {
  return activeDays.split(',').filter((day) => day < start || day > end);
}

/**
 * The camp object of crudCamp. The API takes the booking start as an ISO timestamp with its zone; the form
 * holds it as its datetime-local input gives it (the browser's own zone) and converts it when sending.
 */
const campSchema = (allowBookingFrom: ReturnType<typeof bookingStart>) =>
  z
    .object({
      CAMP_ID: optionalIdField,
      CAMP_VERSION: versionField,
      LOCATION_ID: idField,
      PERIOD_ID: idField,
      THEME_ID: idField,
      AGEGROUP_ID: idField,
      MIN_BIRTHYEAR: positiveIntField,
      MAX_BIRTHYEAR: positiveIntField,
      PRICE: positiveEuroField,
      SEATS_AVAILABLE: positiveIntField,
      CAMP_CLOSED: booleanField,
      CAMP_ALLOW_BOOKING_FROM: allowBookingFrom,
      CAMP_ALLOW_BOOKING_INFO: optionalText(1000),
      ACTIVE_DAYS: activeDays,
      CAMP_DISCOUNT_ALLOWED: booleanField,
      CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED: booleanField,
      CAMP_FLEXIBLE_BOOKING_ALLOWED: booleanField,
      CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS: nonNegativeIntField,
      CAMP_MINIMUM_REQUIRED_CAMP_DAYS: nonNegativeIntField,
      CAMP_MAXIMUM_ALLOWED_CAMP_DAYS: nonNegativeIntField,
      CAMP_REDUCTION_TO_EARN: nonNegativeEuroField,
      CAMP_FISCAL_MAX_REDUCTION: nonNegativeEuroField,
      /** Kept from the refund of a cancelled subscription (issue 19); left out, a new camp has none and an update keeps it. */
      CAMP_CANCELLATION_FEE: nonNegativeEuroField.optional(),
      REMARK: optionalText(2000),
      CAMP_EMAILTEMPLATE_CONFIRM: templateId,
      CAMP_EMAILTEMPLATE_CANCEL: templateId,
      CAMP_EMAILTEMPLATE_CONVERT_CASH: templateId,
      CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER: templateId,
    })
    // The oldest children are born in MIN_BIRTHYEAR, the youngest in MAX_BIRTHYEAR: the other way round no child fits.
    .refine((camp) => camp.MIN_BIRTHYEAR <= camp.MAX_BIRTHYEAR, { message: campRuleMessages.birthyearOrder, path: ['MAX_BIRTHYEAR'] })
    // Day counts may not contradict each other; 0 for the maximum means no maximum (camps without flexible booking).
    .superRefine((camp, context) => {
      const campDays = camp.ACTIVE_DAYS.split(',').length;
      const maximum = camp.CAMP_MAXIMUM_ALLOWED_CAMP_DAYS;
      for (const field of ['CAMP_MINIMUM_REQUIRED_CAMP_DAYS', 'CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS'] as const) {
        const minimum = camp[field];
        if (maximum > 0 && minimum > maximum) {
          context.addIssue({ code: 'custom', message: campRuleMessages.minimumAboveMaximum, path: [field] });
        } else if (minimum > campDays) {
          context.addIssue({ code: 'custom', message: campRuleMessages.minimumAboveCampDays(campDays), path: [field] });
        }
      }
    });
export const campPayload = campSchema(bookingStart(isRealDateTime));
export const campFormPayload = campSchema(bookingStart(isRealLocalDateTime));
export type CampPayload = z.input<typeof campPayload>;
export type CampValues = z.output<typeof campPayload>;

export const campIdPayload = z.object({ CAMP_ID: idField });
/** crudCamp: the camp object plus an optional action, one shape per action (crudRequest). */
export const crudCampRequest = crudRequest(campPayload, campIdPayload);

/** New-camp defaults of spec section 9: ids and text empty, numbers 0, the four default templates. */
export const newCampDefaults = {
  LOCATION_ID: '',
  PERIOD_ID: '',
  THEME_ID: '',
  AGEGROUP_ID: '',
  MIN_BIRTHYEAR: 0,
  MAX_BIRTHYEAR: 0,
  PRICE: 0,
  SEATS_AVAILABLE: 0,
  CAMP_CLOSED: false,
  CAMP_ALLOW_BOOKING_FROM: '',
  CAMP_ALLOW_BOOKING_INFO: '',
  ACTIVE_DAYS: '',
  CAMP_DISCOUNT_ALLOWED: false,
  CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED: false,
  CAMP_FLEXIBLE_BOOKING_ALLOWED: true,
  CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS: 0,
  CAMP_MINIMUM_REQUIRED_CAMP_DAYS: 0,
  CAMP_MAXIMUM_ALLOWED_CAMP_DAYS: 0,
  CAMP_REDUCTION_TO_EARN: 0,
  CAMP_FISCAL_MAX_REDUCTION: 0,
  CAMP_CANCELLATION_FEE: 0,
  REMARK: '',
  CAMP_EMAILTEMPLATE_CONFIRM: DEFAULT_MAIL_TEMPLATES.confirm,
  CAMP_EMAILTEMPLATE_CANCEL: DEFAULT_MAIL_TEMPLATES.cancel,
  CAMP_EMAILTEMPLATE_CONVERT_CASH: DEFAULT_MAIL_TEMPLATES.convertCash,
  CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER: DEFAULT_MAIL_TEMPLATES.convertBankTransfer,
};

export const campRecord = z.object({
  CAMP_ID: z.number(),
  CAMP_VERSION: z.number(),
  LOCATION_ID: z.number(),
  PERIOD_ID: z.number(),
  THEME_ID: z.number(),
  AGEGROUP_ID: z.number(),
  THEME_NAME: z.string(),
  LOCATION_NAME: z.string(),
  PERIOD_NAME: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
  AGEGROUP_NAME: z.string(),
  CAMP_LOCATION_1: z.number(),
  MIN_BIRTHYEAR: z.number(),
  MAX_BIRTHYEAR: z.number(),
  PRICE: z.number(),
  SEATS_AVAILABLE: z.number(),
  SEATS_TAKEN: z.number(),
  SEATS_OPEN: z.number(),
  /** Children on the camp's waiting list (issue 34): waiting in line or offered a seat. */
  WAITING_COUNT: z.number(),
  CAMP_CLOSED: z.boolean(),
  CAMP_ALLOW_BOOKING_FROM: z.string().nullable(),
  CAMP_ALLOW_BOOKING_INFO: z.string().nullable(),
  CAMP_ALLOW_BOOKING_FROM_LOCATION: z.boolean(),
  CAMP_ALLOW_BOOKING_INFO_LOCATION: z.boolean(),
  LOCATION_ALLOW_BOOKING_FROM: z.string().nullable(),
  LOCATION_ALLOW_BOOKING_INFO: z.string().nullable(),
  ACTIVE_DAYS: z.string(),
  CAMP_DISCOUNT_ALLOWED: z.boolean(),
  CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED: z.boolean(),
  CAMP_FLEXIBLE_BOOKING_ALLOWED: z.boolean(),
  CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS: z.number(),
  CAMP_MINIMUM_REQUIRED_CAMP_DAYS: z.number(),
  CAMP_MAXIMUM_ALLOWED_CAMP_DAYS: z.number(),
  CAMP_REDUCTION_TO_EARN: z.number(),
  CAMP_FISCAL_MAX_REDUCTION: z.number(),
  CAMP_CANCELLATION_FEE: z.number(),
  REMARK: z.string().nullable(),
  CAMP_EMAILTEMPLATE_CONFIRM: z.string(),
  CAMP_EMAILTEMPLATE_CANCEL: z.string(),
  CAMP_EMAILTEMPLATE_CONVERT_CASH: z.string(),
  CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER: z.string(),
});
export type CampRecord = z.infer<typeof campRecord>;

/** getCampSummary: seats, counts per payment status (not cancelled) and money totals of one camp. */
export const campSummaryRecord = z.object({
  CAMP_ID: z.number(),
  SEATS_AVAILABLE: z.number(),
  SEATS_TAKEN: z.number(),
  SEATS_OPEN: z.number(),
  SUBSCRIPTIONS_TOTAL: z.number(),
  SUBSCRIPTIONS_CANCELLED: z.number(),
  PAID: z.number(),
  NOT_PAID: z.number(),
  OPEN_SALDO: z.number(),
  PAID_TO_MUCH: z.number(),
  AMOUNT_TO_PAY_TOTAL: z.number(),
  PAID_AMOUNT_TOTAL: z.number(),
});
export type CampSummaryRecord = z.infer<typeof campSummaryRecord>;

export const campIdQuery = z.object({ campId: idField });

export const voucherQuery = z.object({
  campId: idField,
  type: z.literal('extraSubscription', { error: m.wrongFormat }).default('extraSubscription'),
});
