import { z } from 'zod';
import { spreadsheetFormat } from './participants.js';
import { campYearQuery } from './taxonomy.js';
import { SUBSCRIPTION_SOURCES } from '../subscription-source.js';

/**
 * The season dashboard of a camp year (issue 21). Amounts are in cents, so the totals add up without
 * rounding drift; the screen shows them in euro.
 */
export const dashboardQuery = campYearQuery;
export const exportDiscountsByReasonQuery = campYearQuery.extend({ format: spreadsheetFormat });

/** One week at one place: the camps of that period and location with their seats. */
export const occupancyCell = z.object({
  periodId: z.number(),
  locationId: z.number(),
  camps: z.array(
    z.object({
      campId: z.number(),
      themeName: z.string(),
      agegroupName: z.string(),
      taken: z.number(),
      available: z.number(),
      /** Children on its waiting list (issue 34), waiting or offered a seat. */
      waiting: z.number(),
    }),
  ),
});

export const dashboardPeriod = z.object({ periodId: z.number(), name: z.string(), startDate: z.string(), endDate: z.string() });
export const dashboardLocation = z.object({ locationId: z.number(), name: z.string() });

/** Days of booking, both included (YYYY-MM-DD, in Belgium). */
const bookedDays = z.object({ from: z.string(), to: z.string() });

/** An amount split by payment method (cash, transfer, …), with its total. */
export const moneySplit = z.object({
  totalCents: z.number(),
  byMethod: z.array(z.object({ paymentMethodId: z.number(), cents: z.number() })),
});

const moneyFigures = z.object({ toPay: moneySplit, paid: moneySplit, open: moneySplit, overpaid: moneySplit });

export const dashboardAnswer = z.object({
  periods: z.array(dashboardPeriod),
  locations: z.array(dashboardLocation),
  /** Cells of the grid periods × locations that hold camps. */
  occupancy: z.array(occupancyCell),
  /**
   * Bookings that are not cancelled, per week before the season's first day (0: the week before it; negative: during
   * the season), with the booking days of that week in each season (null for a season without periods): the
   * overview's bookedFrom and bookedTo list exactly the bookings counted.
   */
  bookingsByWeek: z.array(
    z.object({
      weeksBeforeSeason: z.number(),
      thisYear: z.number(),
      lastYear: z.number(),
      thisYearBooked: bookedDays.nullable(),
      lastYearBooked: bookedDays.nullable(),
    }),
  ),
  /**
   * Bookings that are not cancelled per origin (issue 40: phone, desk, website), this season and the last, every
   * origin once in the order of SUBSCRIPTION_SOURCES: the overview's filter 'Ingeschreven via' lists them.
   */
  bookingsBySource: z.array(z.object({ source: z.enum(SUBSCRIPTION_SOURCES), thisYear: z.number(), lastYear: z.number() })),
  /** The subscriptions that are not cancelled: the overview's 'Toon totalen' without filters. */
  money: moneyFigures.extend({ byPeriod: z.array(moneyFigures.extend({ periodId: z.number() })) }),
  /**
   * Discounts of subscriptions that are not cancelled, per reason (the discount's text) and location: `count` the
   * subscriptions with such a discount, `amountCents` the sum of those discounts.
   */
  discountsByReason: z.array(z.object({ reason: z.string(), locationId: z.number(), count: z.number(), amountCents: z.number() })),
  cancellations: z.array(z.object({ periodId: z.number(), count: z.number(), amountToPayCents: z.number(), paidCents: z.number() })),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
export type MoneySplitCents = z.infer<typeof moneySplit>;
