import { z } from 'zod';
import { isValidNationalNumber } from '../identity-numbers.js';
import { validationMessages as m } from '../messages.js';
import { attestMessages } from '../fiscal-attests.js';
import { idField, requiredText } from './fields.js';

/** The wire shapes of the attests (issue 16): the fiscal attest 281.86, its Belcotax XML, the participation attest. */

export const incomeYear = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' || v === null ? undefined : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? m.required : m.wrongFormat) })
    .int(m.wrongFormat)
    .min(2000, m.wrongFormat)
    .max(2999, m.wrongFormat),
);

export const attestYearQuery = z.object({ year: incomeYear });
export const attestYearPayload = z.object({ year: incomeYear });
export const fiscalAttestPdfQuery = z.object({ subscriberId: idField, year: incomeYear });
export const participationAttestQuery = z.object({ subscriptionId: idField });
export const fiscalAttestChildQuery = fiscalAttestPdfQuery;

/** One attest (form) of a child: its number, the debtor's name and share, days and amount. */
export const fiscalAttestSummary = z.object({
  NUMBER: z.number(),
  DEBTOR_NAME: z.string(),
  SHARE_PERCENT: z.number(),
  DAYS: z.number(),
  AMOUNT: z.number(),
});

/** A subscription of the year that gives no period, with the reason. */
export const attestExclusion = z.object({ SUBSCRIPTION_ID: z.number(), CAMP: z.string(), REASON: z.string() });

/** One child of getFiscalAttests: what its attests hold, or why it gets none. No national numbers. */
export const fiscalAttestChildRow = z.object({
  SUBSCRIBER_ID: z.number(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIBER_BIRTHDATE: z.string(),
  SUBSCRIBER_PARENT_EMAIL: z.string(),
  SEVERE_DISABILITY: z.boolean(),
  /** Staff set the debtors themselves (not simply the parent). */
  OWN_DEBTORS: z.boolean(),
  DAYS: z.number(),
  AMOUNT: z.number(),
  ATTESTS: z.array(fiscalAttestSummary),
  EXCLUSIONS: z.array(attestExclusion),
  /** Why the child gets no attest at all; null when it gets one. */
  MISSING_REASON: z.string().nullable(),
});
export type FiscalAttestChildRow = z.infer<typeof fiscalAttestChildRow>;

/**
 * A child whose attests keep the Belcotax file from being made, and why; FIX says where to mend it: the child or
 * the parent on the subscription detail (SUBSCRIPTION_ID), or the debtors staff set ('Aanpassen').
 */
export const belcotaxBlocker = z.object({
  SUBSCRIBER_ID: z.number(),
  SUBSCRIBER_NAME: z.string(),
  SUBSCRIPTION_ID: z.number(),
  FIX: z.enum(['child', 'parent', 'debtors']),
  REASON: z.string(),
});
export type BelcotaxBlocker = z.infer<typeof belcotaxBlocker>;

/** exportBelcotax and exportBelcotaxCorrections: the income year; test=true writes a BCTEST file that declares nothing. */
export const belcotaxExportQuery = attestYearQuery.extend({
  test: z.enum(['true', 'false'], { error: m.wrongFormat }).optional(),
});

export const fiscalAttestsAnswer = z.object({
  YEAR: z.number(),
  /** null when the organiser may issue fiscal attests; otherwise why not. */
  NOT_ALLOWED: z.string().nullable(),
  DAILY_MAXIMUM: z.number().nullable(),
  CHILDREN: z.array(fiscalAttestChildRow),
  ATTEST_COUNT: z.number(),
  TOTAL_AMOUNT: z.number(),
  /** Attests whose figures differ from what the last Belcotax file declared, or that it did not hold. */
  CHANGED_SINCE_DECLARATION: z.number(),
  DECLARED: z.boolean(),
  /** The settings the Belcotax file needs and lacks, by their place on the settings page; empty when none. */
  BELCOTAX_MISSING_SETTINGS: z.array(z.object({ SETTING: z.string(), LABEL: z.string() })),
  /** The children whose data keep the Belcotax file from being made; empty when none. */
  BELCOTAX_BLOCKERS: z.array(belcotaxBlocker),
});
export type FiscalAttestsAnswer = z.infer<typeof fiscalAttestsAnswer>;

export const mailAttestsAnswer = z.object({ QUEUED: z.number(), SKIPPED: z.number() });

export const debtorFields = z.object({
  LASTNAME: requiredText(1, 100),
  FIRSTNAME: requiredText(1, 100),
  NATIONALNR: requiredText(11, 20).refine(isValidNationalNumber, 'Rijksregisternummer klopt niet (controlecijfers).'),
  STREET: requiredText(1, 200),
  POSTALCODE: requiredText(4, 10),
  CITY: requiredText(1, 100),
  COUNTRY: requiredText(2, 60),
  SHARE_PERCENT: z.coerce.number({ error: m.wrongFormat }).int(m.wrongFormat).min(1, m.wrongFormat).max(100, m.wrongFormat),
});

/** The attest facts of one child in one income year: a severe disability, and the debtors when not the parent. */
export const fiscalAttestChildPayload = z
  .object({
    SUBSCRIBER_ID: idField,
    year: incomeYear,
    SEVERE_DISABILITY: z.boolean({ error: m.wrongFormat }),
    /** null or empty: the parent pays everything. */
    DEBTORS: z.array(debtorFields).max(4, m.wrongFormat).nullish(),
  })
  .refine((v) => !v.DEBTORS?.length || v.DEBTORS.reduce((sum, d) => sum + d.SHARE_PERCENT, 0) === 100, {
    message: attestMessages.sharesNot100,
    path: ['DEBTORS'],
  });

/** What the Attesten page edits for one child (beheerder only: it shows the debtors' national numbers). */
export const fiscalAttestChildDetail = z.object({
  SUBSCRIBER_ID: z.number(),
  year: z.number(),
  SEVERE_DISABILITY: z.boolean(),
  DEBTORS: z.array(
    z.object({
      LASTNAME: z.string(),
      FIRSTNAME: z.string(),
      NATIONALNR: z.string().nullable(),
      STREET: z.string(),
      POSTALCODE: z.string(),
      CITY: z.string(),
      COUNTRY: z.string(),
      SHARE_PERCENT: z.number(),
    }),
  ),
  OWN_DEBTORS: z.boolean(),
});
