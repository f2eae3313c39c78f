import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { idField, optionalIdField } from './fields.js';

export const taxonomyTypes = ['location', 'theme', 'period', 'agegroup', 'paymentmethod'] as const;
export type TaxonomyType = (typeof taxonomyTypes)[number];

const yearField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ error: m.wrongFormat }).int(m.wrongFormat).min(1900, m.wrongFormat).max(2999, m.wrongFormat).optional(),
);

export const taxonomyQuery = z.object({
  type: z.enum(taxonomyTypes, { error: m.wrongFormat }),
  year: yearField,
  themeId: optionalIdField,
});

export const campYearQuery = z.object({ campYear: yearField });
export const campsQuery = z.object({ campYear: yearField, campId: optionalIdField });
export const idQuery = z.object({ id: optionalIdField });
// zod skips refinements of a missing optional key, so a required id is `idField` itself.
export const requiredIdQuery = z.object({ id: idField });
export const monitorsQuery = z.object({ monitorId: optionalIdField });

export const locationRecord = z.object({
  LOCATION_ID: z.number(),
  LOCATION_NAME: z.string(),
  LOCATION_NAME_SHORT: z.string(),
  LOCATION_ALLOW_BOOKING_FROM: z.string().nullable(),
  LOCATION_ALLOW_BOOKING_INFO: z.string().nullable(),
});
export type LocationRecord = z.infer<typeof locationRecord>;
export const periodRecord = z.object({
  PERIOD_ID: z.number(),
  PERIOD_NAME: z.string(),
  PERIOD_NAME_SHORT: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
});
export type PeriodRecord = z.infer<typeof periodRecord>;
export const agegroupRecord = z.object({
  AGEGROUP_ID: z.number(),
  AGEGROUP_NAME: z.string(),
});
export type AgegroupRecord = z.infer<typeof agegroupRecord>;
export const lunchPreferenceRecord = z.object({
  LUNCHPREFERENCE_ID: z.number(),
  LUNCHPREFERENCE_DESCRIPTION: z.string(),
});
export type LunchPreferenceRecord = z.infer<typeof lunchPreferenceRecord>;
export const paymentMethodRecord = z.object({
  PAYMENTMETHOD_ID: z.number(),
  PAYMENTMETHOD_DESCRIPTION: z.string(),
});
export type PaymentMethodRecord = z.infer<typeof paymentMethodRecord>;
