import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { PAYMENT_STATUSES } from '../payment-status.js';
import { SUBSCRIPTION_SOURCES } from '../subscription-source.js';
import { optionalIdField } from './fields.js';
import { subscriptionSelectionFields } from './subscriptions.js';

/**
 * The overview's filters and search as query parameters (exportSubscriptions): the web sends what it
 * applies, the server selects with the same `filterRows`, so an export holds exactly the rows in view.
 * Apart from the overview's rules (subscription-overview.ts), so that the overview brings zod only to read a
 * link that names filters.
 */
export const overviewFilterQuery = z.object({
  search: z.string({ error: m.wrongFormat }).max(200, m.tooLong).optional(),
  locationId: optionalIdField,
  themeId: optionalIdField,
  periodId: optionalIdField,
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: m.wrongFormat }).optional(),
  paymentMethodId: optionalIdField,
  source: z.enum(SUBSCRIPTION_SOURCES, { error: m.wrongFormat }).optional(),
  cancelledOnly: z.enum(['true', 'false'], { error: m.wrongFormat }).optional(),
  ...subscriptionSelectionFields.shape,
});
export type OverviewFilterQuery = z.output<typeof overviewFilterQuery>;
