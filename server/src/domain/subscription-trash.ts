import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { readRows, type Executor } from '../db/client.js';
import {
  attendance,
  auditLog,
  children,
  deletedSubscriptions,
  mailOutbox,
  parents,
  payments,
  subscriptionDiscounts,
  subscriptions,
} from '../db/schema.js';

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

/**
 * Empties one entry of the trash for good (see purgeExpiredTrash); with `cutoff`, only while it was deleted
 * before then. Retention empties the entries of old camp years this way whenever they were deleted.
 */
export async function purgeOne(tx: Executor, subscriptionId: number, cutoff?: string): Promise<boolean> {
  const [entry] = await tx
    .select()
    .from(deletedSubscriptions)
    .where(and(eq(deletedSubscriptions.subscriptionId, subscriptionId), cutoff ? lt(deletedSubscriptions.deletedAt, cutoff) : undefined))
    .for('update');
  // Restored or purged by another process meanwhile.
  if (!entry) return false;
  const snapshot = entry.snapshot as TrashSnapshot;
  await tx.delete(deletedSubscriptions).where(eq(deletedSubscriptions.subscriptionId, subscriptionId));
  await tx.delete(mailOutbox).where(eq(mailOutbox.subscriptionId, subscriptionId));
  await forgetAudit(tx, 'subscription', subscriptionId);
  await tx
    .update(auditLog)
    .set({
      before: {
        SUBSCRIPTION_ID: subscriptionId,
        SUBSCRIPTION_REFERENCE: snapshot.subscription.reference,
        SUBSCRIPTION_OGM: snapshot.subscription.ogm,
      },
    })
    .where(and(eq(auditLog.entity, 'subscription'), eq(auditLog.entityId, subscriptionId), eq(auditLog.action, 'deleteSubscription')));
  if (snapshot.paymentIds.length > 0) {
    const unlinked = await tx
      .update(payments)
      .set({ payerName: null, accountNr: null, communication: null })
      .where(and(inArray(payments.id, snapshot.paymentIds), isNull(payments.subscriptionId)))
      .returning({ id: payments.id });
    // Their audit entries named the payer too.
    for (const { id } of unlinked) await forgetAudit(tx, 'payment', id);
  }
  await forgetChildIfUnused(tx, entry.childId);
  return true;
}

/** The details (before and after) of every audit entry about this record; the entry itself (who, when, what) stays. */
async function forgetAudit(tx: Executor, entity: string, entityId: number) {
  await tx
    .update(auditLog)
    .set({ before: null, after: null })
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
}

async function isUsed(tx: Executor, query: ReturnType<typeof sql>) {
  const [row] = await readRows(tx, query, z.object({ n: z.number() }));
  return (row?.n ?? 0) > 0;
}

async function forgetChildIfUnused(tx: Executor, childId: number) {
  const used = await isUsed(
    tx,
    sql`select ((select count(*) from ${subscriptions} where child_id = ${childId})
             + (select count(*) from ${deletedSubscriptions} where child_id = ${childId}))::int as n`,
  );
  if (used) return;
  const [child] = await tx.delete(children).where(eq(children.id, childId)).returning({ parentId: children.parentId });
  await forgetAudit(tx, 'subscriber', childId);
  await forgetAudit(tx, 'fiscalAttestChild', childId);
  if (!child) return;
  if (await isUsed(tx, sql`select count(*)::int as n from ${children} where parent_id = ${child.parentId}`)) return;
  await tx.delete(parents).where(eq(parents.id, child.parentId));
  await forgetAudit(tx, 'parent', child.parentId);
}
