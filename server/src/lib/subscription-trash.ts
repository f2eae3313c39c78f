import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { attendance, deletedSubscriptions, payments, subscriptionDiscounts, subscriptions } from '../db/schema.js';

/** What the trash keeps of a deleted subscription: its rows as they were, to restore it exactly (issue 18). */
export interface TrashSnapshot {
  subscription: typeof subscriptions.$inferSelect;
  discounts: (typeof subscriptionDiscounts.$inferSelect)[];
  attendance: (typeof attendance.$inferSelect)[];
  /** Its payments: deleting sets their subscription to null, restoring links them again. */
  paymentIds: number[];
}

/**
 * Puts the subscription (locked by the caller) in the trash, then deletes it: from then on it is in no list
 * and no count, as 'Inschrijving verwijderen' always did. Its discounts and attendance go with the row.
 */
export async function moveSubscriptionToTrash(tx: Executor, subscriptionId: number, adminId: number | null): Promise<void> {
  const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!subscription) return;
  const snapshot: TrashSnapshot = {
    subscription,
    discounts: await tx.select().from(subscriptionDiscounts).where(eq(subscriptionDiscounts.subscriptionId, subscriptionId)),
    attendance: await tx.select().from(attendance).where(eq(attendance.subscriptionId, subscriptionId)),
    paymentIds: (await tx.select({ id: payments.id }).from(payments).where(eq(payments.subscriptionId, subscriptionId))).map((p) => p.id),
  };
  await tx
    .insert(deletedSubscriptions)
    .values({ subscriptionId, campId: subscription.campId, childId: subscription.childId, deletedBy: adminId, snapshot });
  await tx.delete(subscriptions).where(eq(subscriptions.id, subscriptionId));
}
