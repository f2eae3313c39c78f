import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { booleanField, idField, optionalIdField } from './fields.js';

/**
 * Retention and the data subject's rights (issue 20, 'Gegevensbeheer'): anonymising old camp years,
 * the access request export (GDPR art. 15) and the erasure of a family (art. 17).
 */

/** Keep 7 camp years by default: the fiscal attests and the bookkeeping behind them (RETENTION_YEARS). */
export const DEFAULT_RETENTION_YEARS = 7;

/** What replaces a name in an anonymised record. */
export const ANONYMOUS = 'Geanonimiseerd';

export const privacyMessages = {
  parentNotFound: 'Ouder niet gevonden',
  childNotFound: 'Kind niet gevonden',
  belowRetention: (years: number) => `Minstens ${years} jaar bewaren (fiscale bewaartermijn).`,
  eraseRefused: 'Wissen kan niet:',
  unsettled: (reference: string) => `inschrijving ${reference} is nog niet volledig afgerekend`,
  withinRetention: (reference: string, lastYear: number) =>
    `inschrijving ${reference} valt binnen de fiscale bewaartermijn (tot en met ${lastYear})`,
} as const;

export const anonymiseYearsPayload = z.object({
  olderThanYears: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: m.wrongFormat }).int(m.wrongFormat).min(1, m.wrongFormat).max(100, m.wrongFormat),
  ),
  dryRun: booleanField,
});
export type AnonymiseYearsPayload = z.infer<typeof anonymiseYearsPayload>;

export const anonymiseYearsResult = z.object({
  dryRun: z.boolean(),
  olderThanYears: z.number(),
  /** Camp years before this one are anonymised. */
  keptFromCampYear: z.number(),
  /** The camp years that still held personal data. */
  campYears: z.array(z.number()),
  subscriptions: z.number(),
  children: z.number(),
  parents: z.number(),
  payments: z.number(),
  mails: z.number(),
  auditEntries: z.number(),
  /** How long it took on the server, in milliseconds (0 for a dry run that found nothing). */
  durationMs: z.number(),
});
export type AnonymiseYearsResult = z.infer<typeof anonymiseYearsResult>;

export const familyExportFormats = ['json', 'pdf'] as const;
export const exportFamilyQuery = z.object({
  parentId: idField,
  format: z.enum(familyExportFormats, { error: m.wrongFormat }).default('json'),
});

export const eraseFamilyPayload = z.object({ parentId: idField });
export const eraseFamilyResult = z.object({
  parentId: z.number(),
  children: z.number(),
  subscriptions: z.number(),
  mails: z.number(),
});
export type EraseFamilyResult = z.infer<typeof eraseFamilyResult>;

/**
 * revealNationalNumber: whose number, by exactly one of the child (subscriberId), the parent (parentId) or the
 * monitor (monitorId).
 */
export const revealNationalNumberQuery = z
  .object({ subscriberId: optionalIdField, parentId: optionalIdField, monitorId: optionalIdField })
  .refine((q) => [q.subscriberId, q.parentId, q.monitorId].filter((id) => id !== undefined).length === 1, {
    message: 'Geef precies één van subscriberId, parentId of monitorId.',
    path: ['subscriberId'],
  });

/** The full number, or null when none is stored. */
export const revealedNationalNumber = z.object({ nationalNumber: z.string().nullable() });
