import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { SIBLING_DISCOUNT_REMARK, siblingDiscountsDue } from '@common/registration.js';
import { readNamedValue, type Executor } from '../db/client.js';
import { idList } from '../db/sql.js';
import { subscriptionDiscounts } from '../db/schema.js';
import { writeAudit } from '../lib/audit.js';
import { findSubscriptionDetail } from './subscription-detail.js';

/** A live booking of the family in one camp year, in booking order, as its sibling discount is decided. */
const familyYearBooking = z.object({
  id: z.number(),
  discountAllowed: z.boolean(),
  reductionToEarnCents: z.number(),
  hasSiblingDiscount: z.boolean(),
});
export type FamilyYearBooking = z.infer<typeof familyYearBooking>;
const familyYearBookings = z.array(familyYearBooking);

/**
 * The family's live bookings of the camp year starting on `yearStart` (a date), in booking order, as one JSON array:
 * `readFamilyYearBookings`, and a public basket's first statement for the years of its camps (`familyBookingsByYearSql`).
 */
const familyYearBookingsJson = (parentId: SQL, yearStart: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('id', s.id, 'discountAllowed', c.discount_allowed,
          'reductionToEarnCents', c.reduction_to_earn_cents,
          'hasSiblingDiscount', exists (select 1 from subscription_discounts d where d.subscription_id = s.id and d.kind = 'booking'))
          order by s.created_at, s.id), '[]')
        from subscriptions s join children ch on ch.id = s.child_id join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
        where ch.parent_id = ${parentId} and not s.cancelled
          and p.start_date >= ${yearStart} and p.start_date < ${yearStart} + interval '1 year')`;

/** The family's live bookings of one camp year, in booking order. */
export async function readFamilyYearBookings(tx: Executor, parentId: number, campYear: number): Promise<FamilyYearBooking[]> {
  return familyYearBookings.parse(
    await readNamedValue(tx, 'sibling_discounts', familyYearBookingsJson(sql`${parentId}`, sql`${`${campYear}-01-01`}::date`)),
  );
}

/**
 * For a statement that reads more (a public basket's first, issue 37): the family's live bookings of each camp year of
 * these camps, as a JSON object by year; `familyBookingsByYear` reads it.
 */
export const familyBookingsByYearSql = (parentId: SQL, campIds: number[]) =>
  sql`(select coalesce(json_object_agg(y.year, ${familyYearBookingsJson(parentId, sql`make_date(y.year, 1, 1)`)}), '{}')
       from (select distinct extract(year from p.start_date)::int as year from camps c join periods p on p.id = c.period_id
             where c.id in ${idList(campIds)}) y)`;

/** What `familyBookingsByYearSql` read: each camp year's live bookings of the family. */
export function familyBookingsByYear(read: unknown): Map<number, FamilyYearBooking[]> {
  return new Map(Object.entries(z.record(z.string(), familyYearBookings).parse(read)).map(([year, list]) => [Number(year), list]));
}

export interface SiblingDiscountChange {
  adminId: number | null;
  /** The call that changed the family's bookings: the audit entry of each recomputed discount is `<call>:siblingDiscount`. */
  action: string;
  parentId: number;
  campYear: number;
  /** The booking the call itself is about: its discount is set too, but its own audit entry (written after) shows it. */
  quietFor?: number;
}

/**
 * Makes the family's sibling discounts of one camp year what its live bookings earn (`siblingDiscountsDue` in
 * common/src/registration.ts): after a booking is cancelled, moved, deleted or restored, a further child's discount
 * goes when the booking that earned it goes, and comes back with it. Answers the bookings changed.
 */
export async function recomputeSiblingDiscounts(tx: Executor, change: SiblingDiscountChange): Promise<number[]> {
  const bookings = await readFamilyYearBookings(tx, change.parentId, change.campYear);
  return applySiblingDiscounts(tx, change, bookings, siblingDiscountsDue(bookings));
}

/**
 * A new booking's sibling discount, decided before it is written, from the family's live bookings of its year read
 * before (a new booking is the last of them): whether it holds the discount (its row is written with the booking),
 * the earlier bookings whose discount changed (made right here), and the family's bookings with the new one, for a
 * basket's next booking of that year.
 */
export async function siblingDiscountOfNewBooking(
  tx: Executor,
  change: SiblingDiscountChange,
  earlier: FamilyYearBooking[],
  booking: Omit<FamilyYearBooking, 'hasSiblingDiscount'>,
): Promise<{ due: boolean; changed: number[]; bookings: FamilyYearBooking[] }> {
  const due = siblingDiscountsDue([...earlier, booking]);
  const changed = await applySiblingDiscounts(tx, change, earlier, due);
  const bookings = [...earlier, booking].map((b, i) => ({ ...b, hasSiblingDiscount: due[i]! }));
  return { due: due.at(-1)!, changed, bookings };
}

/** The sibling discount row of a booking in a camp. */
export const siblingDiscountRow = (subscriptionId: number, reductionToEarnCents: number) => ({
  subscriptionId,
  kind: 'booking' as const,
  amountCents: reductionToEarnCents,
  remark: SIBLING_DISCOUNT_REMARK,
});

/**
 * Gives each of these bookings the sibling discount `due` says (in the same order; more entries than bookings are for
 * bookings not written yet). Each booking whose discount changed gets an audit entry with its detail before and after,
 * so its Geschiedenis shows the change, except `quietFor` (its own audit entry, written after, shows it).
 */
async function applySiblingDiscounts(
  tx: Executor,
  change: SiblingDiscountChange,
  bookings: FamilyYearBooking[],
  due: boolean[],
): Promise<number[]> {
  const changed: number[] = [];
  for (const [index, booking] of bookings.entries()) {
    if (due[index] === booking.hasSiblingDiscount) continue;
    const before = booking.id === change.quietFor ? null : await findSubscriptionDetail(tx, booking.id);
    if (due[index]) {
      await tx.insert(subscriptionDiscounts).values(siblingDiscountRow(booking.id, booking.reductionToEarnCents));
    } else {
      await tx
        .delete(subscriptionDiscounts)
        .where(and(eq(subscriptionDiscounts.subscriptionId, booking.id), eq(subscriptionDiscounts.kind, 'booking')));
    }
    changed.push(booking.id);
    if (before === null) continue;
    await writeAudit(tx, {
      adminId: change.adminId,
      action: `${change.action}:siblingDiscount`,
      entity: 'subscription',
      entityId: booking.id,
      before,
      after: await findSubscriptionDetail(tx, booking.id),
    });
  }
  return changed;
}
