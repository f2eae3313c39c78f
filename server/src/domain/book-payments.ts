import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterPaymentReceived, afterPaymentWithdrawn, type PaymentFacts, type ReceivedPayment } from '@common/payments.js';
import { formatEuro, MAX_STORED_CENTS } from '@common/money.js';
import type { Executor } from '../db/client.js';
import { auditLog, payments, subscriptions } from '../db/schema.js';
import { inList, jsonParam } from '../db/sql.js';
import { AppError } from '../lib/errors.js';

/**
 * Booking money on subscriptions and taking it back, for one payment or twenty thousand: the
 * subscriptions are locked in id order, the rules of `common/src/payments.ts` are applied payment by
 * payment, and every payment gets its audit entry with the subscription's payment facts before and after.
 */

export interface Booking {
  paymentId: number;
  subscriptionId: number;
  payment: ReceivedPayment;
}

/** Locks the subscriptions (in id order, so concurrent bookings never deadlock) and answers their payment facts. */
async function lockFacts(tx: Executor, subscriptionIds: number[]): Promise<Map<number, PaymentFacts>> {
  const ids = [...new Set(subscriptionIds)].sort((a, b) => a - b);
  const facts = new Map<number, PaymentFacts>();
  const rows = await tx
    .select({
      id: subscriptions.id,
      paidAmountCents: subscriptions.paidAmountCents,
      paid: subscriptions.paid,
      paymentDate: subscriptions.paymentDate,
      paidAccountNr: subscriptions.paidAccountNr,
    })
    .from(subscriptions)
    .where(inList(subscriptions.id, ids, 'int'))
    .orderBy(subscriptions.id)
    .for('update');
  for (const { id, ...row } of rows) facts.set(id, row);
  return facts;
}

async function writeFacts(tx: Executor, facts: Map<number, PaymentFacts>): Promise<void> {
  if (facts.size === 0) return;
  const rows = [...facts.entries()].map(([id, f]) => ({ id, ...f }));
  await tx.execute(sql`
    update ${subscriptions} set paid_amount_cents = v."paidAmountCents", paid = v.paid, payment_date = v."paymentDate", paid_account_nr = v."paidAccountNr"
    from json_to_recordset(${jsonParam(rows)}) as v(id int, "paidAmountCents" int, paid boolean, "paymentDate" date, "paidAccountNr" text)
    where ${subscriptions.id} = v.id`);
}

async function writeAudits(tx: Executor, entries: (typeof auditLog.$inferInsert)[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.execute(sql`
    insert into ${auditLog} (admin_id, action, entity, entity_id, before, after)
    select "adminId", action, entity, "entityId", before, after
    from json_to_recordset(${jsonParam(entries)}) as r("adminId" int, action text, entity text, "entityId" int, before jsonb, after jsonb)`);
}

/**
 * Books payments on their subscriptions. They are applied in order of value date, so the subscription
 * ends with the date and account of its latest payment.
 */
export async function bookPayments(tx: Executor, adminId: number | null, action: string, bookings: Booking[]): Promise<void> {
  if (bookings.length === 0) return;
  const facts = await lockFacts(
    tx,
    bookings.map((b) => b.subscriptionId),
  );
  const ordered = [...bookings].sort((a, b) => (a.payment.date ?? '').localeCompare(b.payment.date ?? '') || a.paymentId - b.paymentId);
  const audits: (typeof auditLog.$inferInsert)[] = [];
  const changed = new Map<number, PaymentFacts>();
  for (const booking of ordered) {
    const before = facts.get(booking.subscriptionId);
    if (!before) continue;
    const after = afterPaymentReceived(before, booking.payment);
    // The paid amount is an integer column: a sum beyond it is refused before the database would fail on it.
    if (Math.abs(after.paidAmountCents) > MAX_STORED_CENTS)
      throw new AppError(
        'VALIDATION',
        `Het betaalde bedrag van inschrijving ${booking.subscriptionId} zou boven ${formatEuro(MAX_STORED_CENTS / 100)} komen: niets geboekt.`,
      );
    facts.set(booking.subscriptionId, after);
    changed.set(booking.subscriptionId, after);
    audits.push({
      adminId,
      action,
      entity: 'payment',
      entityId: booking.paymentId,
      before: { subscriptionId: booking.subscriptionId, ...before },
      after: { subscriptionId: booking.subscriptionId, ...after, payment: booking.payment },
    });
  }
  await writeFacts(tx, changed);
  await writeAudits(tx, audits);
}

/**
 * Takes booked payments back from their subscriptions. The caller has already removed them from the
 * booked payments (deleted, or moved to the queue), so what remains booked gives the new date and account.
 */
export async function withdrawPayments(tx: Executor, adminId: number | null, action: string, withdrawn: Booking[]): Promise<void> {
  if (withdrawn.length === 0) return;
  const facts = await lockFacts(
    tx,
    withdrawn.map((w) => w.subscriptionId),
  );
  const ids = [...facts.keys()];
  const latest = new Map<number, ReceivedPayment>();
  const remaining = await tx
    .select({
      subscriptionId: payments.subscriptionId,
      amountCents: payments.amountCents,
      date: payments.valueDate,
      accountNr: payments.accountNr,
    })
    .from(payments)
    .where(and(inList(payments.subscriptionId, ids, 'int'), eq(payments.state, 'booked'), isNotNull(payments.subscriptionId)))
    .orderBy(desc(sql`coalesce(${payments.valueDate}, '0001-01-01')`), desc(payments.id));
  for (const row of remaining) {
    const id = row.subscriptionId!;
    const known = latest.get(id);
    if (!known) latest.set(id, { amountCents: row.amountCents, date: row.date, accountNr: row.accountNr });
    else if (known.accountNr === null && row.accountNr !== null) known.accountNr = row.accountNr;
  }
  const audits: (typeof auditLog.$inferInsert)[] = [];
  const changed = new Map<number, PaymentFacts>();
  for (const item of withdrawn) {
    const before = facts.get(item.subscriptionId);
    if (!before) continue;
    const after = afterPaymentWithdrawn(before, item.payment, latest.get(item.subscriptionId) ?? null);
    facts.set(item.subscriptionId, after);
    changed.set(item.subscriptionId, after);
    audits.push({
      adminId,
      action,
      entity: 'payment',
      entityId: item.paymentId,
      before: { subscriptionId: item.subscriptionId, ...before, payment: item.payment },
      after: { subscriptionId: item.subscriptionId, ...after },
    });
  }
  await writeFacts(tx, changed);
  await writeAudits(tx, audits);
}
