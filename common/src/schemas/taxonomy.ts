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

export interface LocationRecord {
  LOCATION_ID: number;
  LOCATION_NAME: string;
  LOCATION_NAME_SHORT: string;
  LOCATION_ALLOW_BOOKING_FROM: string | null;
  LOCATION_ALLOW_BOOKING_INFO: string | null;
}
export interface PeriodRecord {
  PERIOD_ID: number;
  PERIOD_NAME: string;
  PERIOD_NAME_SHORT: string;
  PERIOD_STARTDATE: string;
  PERIOD_ENDDATE: string;
}
export interface AgegroupRecord {
  AGEGROUP_ID: number;
  AGEGROUP_NAME: string;
}
export interface LunchPreferenceRecord {
  LUNCHPREFERENCE_ID: number;
  LUNCHPREFERENCE_DESCRIPTION: string;
}
export interface PaymentMethodRecord {
  PAYMENTMETHOD_ID: number;
  PAYMENTMETHOD_DESCRIPTION: string;
}
