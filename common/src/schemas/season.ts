import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { crudRequest } from './crud.js';
import { idField, isoDate, optionalIdField, optionalText, requiredText } from './fields.js';

/**
 * The lists a season is built from (issue 17): locations, periods, age groups and lunch preferences.
 * Every crud call takes the object plus an optional `action`, as crudCamp does (crudRequest: one shape per action,
 * checked at the door, so each field keeps its message).
 */
export const seasonMessages = {
  periodEndBeforeStart: 'De einddatum mag niet voor de begindatum liggen.',
  shortNameTaken: 'Deze korte naam is al in gebruik.',
  periodShortNameTaken: 'Deze korte naam is in dat jaar al in gebruik.',
  nameTaken: 'Deze naam is al in gebruik.',
  maxAgeBeforeMinAge: 'De maximumleeftijd mag niet kleiner zijn dan de minimumleeftijd.',
  locationNotFound: 'Locatie niet gevonden',
  periodNotFound: 'Periode niet gevonden',
  agegroupNotFound: 'Leeftijdsgroep niet gevonden',
  lunchPreferenceNotFound: 'Lunchvoorkeur niet gevonden',
} as const;

/** Why a period's new dates are refused (issue 39): they would move camps in a way that is not theirs to move. */
export const periodDateMessages = {
  otherYear: (camps: string) =>
    `Een periode met kampen blijft in haar kampjaar. Deze kampen horen bij de periode: ${camps}. Gebruik 'Seizoen kopiëren' voor een nieuw jaar.`,
  attended: (camps: string) =>
    `De data van deze periode kunnen niet meer verschuiven: bij deze kampen is al aanwezigheid geregistreerd: ${camps}.`,
  daysOutside: (camps: string) =>
    `Met deze data vallen kampdagen buiten de periode bij kampen met inschrijvingen: ${camps}. Kies data waarin alle kampdagen passen, of verplaats eerst die inschrijvingen.`,
};

/** 'De locatie wordt door 3 kampen gebruikt …': what still uses a record that staff want to delete. */
export function inUseMessage(what: string, uses: { count: number; one: string; many: string }[]): string {
  const parts = uses.filter((u) => u.count > 0).map((u) => `${u.count} ${u.count === 1 ? u.one : u.many}`);
  return `${what} wordt nog gebruikt door ${parts.join(' en ')} en kan niet verwijderd worden.`;
}

/** A booking start as an ISO timestamp, or nothing. */
const optionalTimestamp = z
  .string({ error: m.wrongFormat })
  .nullish()
  .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v))), m.wrongFormat)
  .transform((v) => (v === null ? null : new Date(v).toISOString()));

export const locationPayload = z.object({
  LOCATION_ID: optionalIdField,
  LOCATION_NAME: requiredText(2, 100),
  LOCATION_NAME_SHORT: requiredText(1, 30),
  LOCATION_ADDRESS: optionalText(200),
  LOCATION_ALLOW_BOOKING_FROM: optionalTimestamp,
  LOCATION_ALLOW_BOOKING_INFO: optionalText(1000),
});
export type LocationPayload = z.input<typeof locationPayload>;
export type LocationValues = z.output<typeof locationPayload>;
export const locationIdPayload = z.object({ LOCATION_ID: idField });
export const crudLocationRequest = crudRequest(locationPayload, locationIdPayload);

const requiredDate = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? m.required : m.wrongFormat) })
  .trim()
  .min(1, m.required)
  .pipe(isoDate);

export const periodPayload = z
  .object({
    PERIOD_ID: optionalIdField,
    PERIOD_NAME: requiredText(2, 50),
    PERIOD_NAME_SHORT: requiredText(1, 20),
    PERIOD_STARTDATE: requiredDate,
    PERIOD_ENDDATE: requiredDate,
  })
  .refine((p) => p.PERIOD_ENDDATE >= p.PERIOD_STARTDATE, { message: seasonMessages.periodEndBeforeStart, path: ['PERIOD_ENDDATE'] });
export type PeriodPayload = z.input<typeof periodPayload>;
export type PeriodValues = z.output<typeof periodPayload>;
export const periodIdPayload = z.object({ PERIOD_ID: idField });
export const crudPeriodRequest = crudRequest(periodPayload, periodIdPayload);

const ageField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v === null ? undefined : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? m.required : m.wrongFormat) })
    .int(m.wrongFormat)
    .min(0, m.wrongFormat)
    .max(99, m.wrongFormat),
);

/** An age group suggests, for a camp of year Y, birth years from Y − max age to Y − min age. */
export const agegroupPayload = z
  .object({
    AGEGROUP_ID: optionalIdField,
    AGEGROUP_NAME: requiredText(2, 50),
    AGEGROUP_MIN_AGE: ageField,
    AGEGROUP_MAX_AGE: ageField,
  })
  .refine((a) => a.AGEGROUP_MAX_AGE >= a.AGEGROUP_MIN_AGE, { message: seasonMessages.maxAgeBeforeMinAge, path: ['AGEGROUP_MAX_AGE'] });
export type AgegroupPayload = z.input<typeof agegroupPayload>;
export type AgegroupValues = z.output<typeof agegroupPayload>;
export const agegroupIdPayload = z.object({ AGEGROUP_ID: idField });
export const crudAgegroupRequest = crudRequest(agegroupPayload, agegroupIdPayload);

/** The birth years an age group suggests for a camp of this year: the oldest first (MIN_BIRTHYEAR). */
export function suggestedBirthyears(
  agegroup: { AGEGROUP_MIN_AGE: number | null; AGEGROUP_MAX_AGE: number | null },
  campYear: number,
): { MIN_BIRTHYEAR: number; MAX_BIRTHYEAR: number } | null {
  if (agegroup.AGEGROUP_MIN_AGE === null || agegroup.AGEGROUP_MAX_AGE === null) return null;
  return { MIN_BIRTHYEAR: campYear - agegroup.AGEGROUP_MAX_AGE, MAX_BIRTHYEAR: campYear - agegroup.AGEGROUP_MIN_AGE };
}

export const lunchPreferencePayload = z.object({
  LUNCHPREFERENCE_ID: optionalIdField,
  LUNCHPREFERENCE_DESCRIPTION: requiredText(2, 50),
});
export type LunchPreferencePayload = z.input<typeof lunchPreferencePayload>;
export type LunchPreferenceValues = z.output<typeof lunchPreferencePayload>;
export const lunchPreferenceIdPayload = z.object({ LUNCHPREFERENCE_ID: idField });
export const crudLunchPreferenceRequest = crudRequest(lunchPreferencePayload, lunchPreferenceIdPayload);

/** Short names (and names of lists without one) are unique, compared without case, accents and outer spaces. */
export function sameName(a: string, b: string): boolean {
  const key = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLocaleLowerCase('nl-BE');
  return key(a) === key(b);
}

const yearField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' || v === null ? undefined : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? m.required : m.wrongFormat) })
    .int(m.wrongFormat)
    .min(2000, m.wrongFormat)
    .max(2999, m.wrongFormat),
);

export const copySeasonMessages = {
  sameYear: 'Het doeljaar moet verschillen van het bronjaar.',
  noCamps: 'Het bronjaar heeft geen kampen.',
  skippedExists: 'Bestaat al in het doeljaar',
  /** Only a camp year the Kampjaar selector offers can be opened afterwards (issue 39). */
  yearOutOfRange: (first: number, last: number) => `Kies een kampjaar van ${first} tot en met ${last}: andere jaren kan niemand openen.`,
};

/** POST copySeason: every camp of fromYear into toYear, price raised by a percentage; dryRun only answers the plan. */
export const copySeasonPayload = z
  .object({
    fromYear: yearField,
    toYear: yearField,
    priceIncreasePercent: z
      .preprocess(
        (v) => (typeof v === 'string' ? (v.trim() === '' ? 0 : Number(v.replace(',', '.'))) : v === null || v === undefined ? 0 : v),
        z.number({ error: m.wrongFormat }).min(0, m.wrongFormat).max(100, m.wrongFormat),
      )
      .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.wrongFormat),
    dryRun: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : (v ?? false)), z.boolean({ error: m.wrongFormat })),
    /** Also last year's monitor planning, as drafts on the copied camps (issue 36). */
    copyPlanning: z
      .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : (v ?? false)), z.boolean({ error: m.wrongFormat }))
      .optional(),
  })
  .refine((p) => p.fromYear !== p.toYear, { message: copySeasonMessages.sameYear, path: ['toYear'] });
export type CopySeasonPayload = z.input<typeof copySeasonPayload>;
export type CopySeasonValues = z.output<typeof copySeasonPayload>;

export const copySeasonPeriod = z.object({
  PERIOD_ID: z.number().nullable(),
  PERIOD_NAME: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
  /** True when the copy creates it (or would, on a dry run). */
  CREATED: z.boolean(),
});
export type CopySeasonPeriod = z.infer<typeof copySeasonPeriod>;

export const copySeasonCamp = z.object({
  SOURCE_CAMP_ID: z.number(),
  /** The copy's id; null on a dry run and for a skipped camp. */
  CAMP_ID: z.number().nullable(),
  THEME_NAME: z.string(),
  LOCATION_NAME: z.string(),
  AGEGROUP_NAME: z.string(),
  PERIOD_NAME: z.string(),
  PERIOD_STARTDATE: z.string(),
  PRICE: z.number(),
  MIN_BIRTHYEAR: z.number(),
  MAX_BIRTHYEAR: z.number(),
  ACTIVE_DAYS: z.string(),
  /** Why a camp was skipped: it already exists in the target year. */
  REASON: z.string().optional(),
});
export type CopySeasonCamp = z.infer<typeof copySeasonCamp>;

export const copySeasonResult = z.object({
  dryRun: z.boolean(),
  /**
   * With copyPlanning: the monitors put on the copied camps as drafts (or that would be, on a dry run), and those left
   * out because the monitor would be on two camps of one week; null without it.
   */
  planning: z.object({ COPIED: z.number(), SKIPPED: z.number() }).nullable(),
  periods: z.array(copySeasonPeriod),
  created: z.array(copySeasonCamp),
  skipped: z.array(copySeasonCamp),
});
export type CopySeasonResult = z.infer<typeof copySeasonResult>;

/** The admin lists: the lookup records plus what the screens need to manage them. */
export const locationAdminRecord = z.object({
  LOCATION_ID: z.number(),
  LOCATION_NAME: z.string(),
  LOCATION_NAME_SHORT: z.string(),
  LOCATION_ADDRESS: z.string().nullable(),
  LOCATION_ALLOW_BOOKING_FROM: z.string().nullable(),
  LOCATION_ALLOW_BOOKING_INFO: z.string().nullable(),
  CAMPS_USING: z.number(),
});
export type LocationAdminRecord = z.infer<typeof locationAdminRecord>;
export const periodAdminRecord = z.object({
  PERIOD_ID: z.number(),
  PERIOD_NAME: z.string(),
  PERIOD_NAME_SHORT: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
  CAMPS_USING: z.number(),
});
export type PeriodAdminRecord = z.infer<typeof periodAdminRecord>;
export const agegroupAdminRecord = z.object({
  AGEGROUP_ID: z.number(),
  AGEGROUP_NAME: z.string(),
  AGEGROUP_MIN_AGE: z.number().nullable(),
  AGEGROUP_MAX_AGE: z.number().nullable(),
  CAMPS_USING: z.number(),
});
export type AgegroupAdminRecord = z.infer<typeof agegroupAdminRecord>;

const optionalYear = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ error: m.wrongFormat }).int(m.wrongFormat).min(1900, m.wrongFormat).max(2999, m.wrongFormat).optional(),
);
export const periodsQuery = z.object({ year: optionalYear });
