import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SIBLING_DISCOUNT_REMARK, siblingDiscountsDue } from '@common/registration.js';
import { readNamedRows, type Executor } from '../db/client.js';
import { startsInYear } from '../db/sql.js';
import { subscriptionDiscounts } from '../db/schema.js';
import { writeAudit } from '../lib/audit.js';
import { findSubscriptionDetail } from './subscription-detail.js';

const familyBooking = z.object({
  id: z.number(),
  discountAllowed: z.boolean(),
  reductionToEarnCents: z.number(),
  hasSiblingDiscount: z.boolean(),
});

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
 * common/src/registration.ts): after a booking is made, cancelled, moved, deleted or restored, a further child's
 * discount goes when the booking that earned it goes, and comes back with it. Each booking whose discount changed gets
 * an audit entry with its detail before and after, so its Geschiedenis shows the change. Answers the bookings changed.
 */
export async function recomputeSiblingDiscounts(tx: Executor, change: SiblingDiscountChange): Promise<number[]> {
  const bookings = await readNamedRows(
    tx,
    'sibling_discounts',
    sql`select s.id, c.discount_allowed as "discountAllowed", c.reduction_to_earn_cents as "reductionToEarnCents",
          exists (select 1 from subscription_discounts d where d.subscription_id = s.id and d.kind = 'booking') as "hasSiblingDiscount"
        from subscriptions s join children ch on ch.id = s.child_id join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
        where ch.parent_id = ${change.parentId} and not s.cancelled and ${startsInYear('p.start_date', change.campYear)}
        order by s.created_at, s.id`,
    familyBooking,
  );
  const due = siblingDiscountsDue(bookings);
  const changed: number[] = [];
  for (const [index, booking] of bookings.entries()) {
    if (due[index] === booking.hasSiblingDiscount) continue;
    const before = booking.id === change.quietFor ? null : await findSubscriptionDetail(tx, booking.id);
    if (due[index]) {
      await tx.insert(subscriptionDiscounts).values({
        subscriptionId: booking.id,
        kind: 'booking',
        amountCents: booking.reductionToEarnCents,
        remark: SIBLING_DISCOUNT_REMARK,
      });
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
