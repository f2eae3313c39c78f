import { eq, sql } from 'drizzle-orm';
import { bankMessages, type AssignPaymentPayload, type IgnorePaymentPayload, type PaymentRecord } from '@common/schemas/bank.js';
import type { Database, Executor } from '../../db/client.js';
import { lockRowById } from '../../lib/lock.js';
import { payments, subscriptions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import { subscriptionMessages } from '../../domain/subscription-messages.js';
import { bookPayments, withdrawPayments } from '../../domain/book-payments.js';
import { findPayment } from './queries.js';

/** Staff's work on the queue 'Te koppelen': assign a credit, ignore it with a reason, or undo either. */

type PaymentRow = typeof payments.$inferSelect;

const received = (row: PaymentRow) => ({ amountCents: row.amountCents, date: row.valueDate, accountNr: row.accountNr });

async function changePayment(
  db: Database,
  adminId: number,
  action: string,
  paymentId: number,
  change: (tx: Executor, row: PaymentRow) => Promise<void>,
): Promise<PaymentRecord> {
  return db.transaction(async (tx) => {
    const before = await lockRowById(tx, payments, paymentId, bankMessages.paymentNotFound);
    await change(tx, before);
    const [after] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    await writeAudit(tx, { adminId, action, entity: 'payment', entityId: paymentId, before, after });
    return (await findPayment(tx, paymentId))!;
  });
}

/** A queued credit becomes a payment of the chosen subscription (a cancelled one too: staff decide). */
export function assignPayment(db: Database, adminId: number, payload: AssignPaymentPayload): Promise<PaymentRecord> {
  return changePayment(db, adminId, 'assignPayment', payload.paymentId, async (tx, row) => {
    if (row.state !== 'unmatched') throw conflict(bankMessages.notQueued);
    await lockRowById(tx, subscriptions, payload.subscriptionId, subscriptionMessages.notFound);
    await tx
      .update(payments)
      .set({ state: 'booked', subscriptionId: payload.subscriptionId, adminId, changedByHandAt: sql`now()` })
      .where(eq(payments.id, row.id));
    await bookPayments(tx, adminId, 'assignPayment', [
      { paymentId: row.id, subscriptionId: payload.subscriptionId, payment: received(row) },
    ]);
  });
}

export function ignorePayment(db: Database, adminId: number, payload: IgnorePaymentPayload): Promise<PaymentRecord> {
  return changePayment(db, adminId, 'ignorePayment', payload.paymentId, async (tx, row) => {
    if (row.state !== 'unmatched') throw conflict(bankMessages.notQueued);
    await tx
      .update(payments)
      .set({ state: 'ignored', ignoreReason: payload.reason, adminId, changedByHandAt: sql`now()` })
      .where(eq(payments.id, row.id));
  });
}

/**
 * Undoes an assignment or an ignore (or a match the import made that staff find wrong): the credit
 * goes back to the queue, and money it had booked is taken back from its subscription.
 */
export function requeuePayment(db: Database, adminId: number, paymentId: number): Promise<PaymentRecord> {
  return changePayment(db, adminId, 'requeuePayment', paymentId, async (tx, row) => {
    if (row.source !== 'bank' || row.state === 'unmatched') throw conflict(bankMessages.notHandled);
    await tx
      .update(payments)
      .set({
        state: 'unmatched',
        queueReason: row.queueReason ?? 'no-match',
        ignoreReason: null,
        adminId,
        changedByHandAt: sql`now()`,
        ...(row.state === 'booked' ? { subscriptionId: null } : {}),
      })
      .where(eq(payments.id, row.id));
    if (row.state === 'booked' && row.subscriptionId !== null) {
      await withdrawPayments(tx, adminId, 'requeuePayment', [
        { paymentId: row.id, subscriptionId: row.subscriptionId, payment: received(row) },
      ]);
    }
  });
}
