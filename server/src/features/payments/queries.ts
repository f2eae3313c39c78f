import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { centsToEuro } from '@common/money.js';
import type { PaymentRecord } from '@common/schemas/bank.js';
import type { Executor } from '../../db/client.js';
import { bankImports, children, payments, subscriptions } from '../../db/schema.js';

async function selectPayments(db: Executor, where: SQL | undefined, order: SQL[]): Promise<PaymentRecord[]> {
  const rows = await db
    .select({
      payment: payments,
      subscriptionReference: subscriptions.reference,
      childFirstname: children.firstname,
      childLastname: children.lastname,
      fileName: bankImports.fileName,
    })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(children, eq(children.id, subscriptions.childId))
    .leftJoin(bankImports, eq(bankImports.id, payments.importId))
    .where(where)
    .orderBy(...order);
  return rows.map(({ payment: p, subscriptionReference, childFirstname, childLastname, fileName }) => ({
    paymentId: p.id,
    source: p.source,
    state: p.state,
    subscriptionId: p.subscriptionId,
    subscriptionReference,
    childName: childFirstname === null ? null : `${childFirstname} ${childLastname}`,
    amount: centsToEuro(p.amountCents),
    valueDate: p.valueDate,
    accountNr: p.accountNr,
    payerName: p.payerName,
    communication: p.communication,
    structuredCommunication: p.structuredCommunication,
    importId: p.importId,
    fileName,
    statementDate: p.statementDate,
    statementSequence: p.statementSequence,
    queueReason: p.queueReason,
    hintReference: p.hintReference,
    ignoreReason: p.ignoreReason,
    createdAt: p.createdAt,
  }));
}

/** The payments booked on a subscription, oldest first. */
export function listPaymentsOfSubscription(db: Executor, subscriptionId: number): Promise<PaymentRecord[]> {
  return selectPayments(db, and(eq(payments.subscriptionId, subscriptionId), eq(payments.state, 'booked')), [
    asc(payments.valueDate),
    asc(payments.id),
  ]);
}

/** The queue 'Te koppelen' and the credits staff ignored, newest value date first. */
export function listUnmatchedPayments(db: Executor): Promise<PaymentRecord[]> {
  return selectPayments(db, inArray(payments.state, ['unmatched', 'ignored']), [desc(payments.valueDate), desc(payments.id)]);
}

export async function findPayment(db: Executor, paymentId: number): Promise<PaymentRecord | undefined> {
  const [record] = await selectPayments(db, eq(payments.id, paymentId), []);
  return record;
}
