import { eq } from 'drizzle-orm';
import { todayInBelgium } from '@common/calendar.js';
import { REFUND_MAIL_TEMPLATE } from '@common/constants.js';
import { isValidIban } from '@common/identity-numbers.js';
import { centsToEuro, euroToCents, formatEuro } from '@common/money.js';
import { refundDueCents } from '@common/refunds.js';
import { refundMessages, type RefundRecord } from '@common/schemas/refunds.js';
import type { Database, Executor } from '../../db/client.js';
import { mailTemplates, payments, subscriptions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { bookPayments } from '../../domain/book-payments.js';
import type { Clock } from '../../lib/clock.js';
import type { DownloadFile } from '../../lib/downloads.js';
import { CONTENT_TYPES } from '../../lib/downloads.js';
import { conflict, invalidFields, notFound } from '../../lib/errors.js';
import { listSubscriptionMoney, type SubscriptionMoney } from '../../domain/subscription-money.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { readSettings } from '../../lib/settings.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import { buildPain001 } from './pain001.js';

const refundOf = (row: SubscriptionMoney) =>
  refundDueCents({ amountToPayCents: row.amountToPayCents, paidAmountCents: row.PAID_AMOUNT_CENTS });

function refundRecord(row: SubscriptionMoney, refundCents: number): RefundRecord {
  return {
    SUBSCRIPTION_ID: row.SUBSCRIPTION_ID,
    SUBSCRIPTION_REFERENCE: row.SUBSCRIPTION_REFERENCE,
    SUBSCRIBER_FIRSTNAME: row.SUBSCRIBER_FIRSTNAME,
    SUBSCRIBER_LASTNAME: row.SUBSCRIBER_LASTNAME,
    SUBSCRIBER_PARENT_FIRSTNAME: row.SUBSCRIBER_PARENT_FIRSTNAME,
    SUBSCRIBER_PARENT_LASTNAME: row.SUBSCRIBER_PARENT_LASTNAME,
    CAMP_ID: row.CAMP_ID,
    THEME_NAME: row.THEME_NAME,
    LOCATION_NAME_SHORT: row.LOCATION_NAME_SHORT,
    PERIOD_NAME_SHORT: row.PERIOD_NAME_SHORT,
    SUBSCRIPTION_CANCELLED: row.SUBSCRIPTION_CANCELLED,
    SUBSCRIPTION_AMOUNT_TO_PAY: centsToEuro(row.amountToPayCents),
    SUBSCRIPTION_PAID_AMOUNT: centsToEuro(row.PAID_AMOUNT_CENTS),
    CANCELLATION_FEE: row.SUBSCRIPTION_CANCELLED ? centsToEuro(row.CANCELLATION_FEE_CENTS) : 0,
    REFUND_AMOUNT: centsToEuro(refundCents),
    SUBSCRIPTION_PAID_ACCOUNTNR: row.SUBSCRIPTION_PAID_ACCOUNTNR,
    REFUND_REFUSAL: row.SUBSCRIPTION_PAID_ACCOUNTNR && isValidIban(row.SUBSCRIPTION_PAID_ACCOUNTNR) ? null : refundMessages.noAccount,
  };
}

/** 'Terugbetalingen': every subscription of the year with money to pay back. */
export async function listRefunds(db: Executor, campYear: number): Promise<RefundRecord[]> {
  return (await listSubscriptionMoney(db, { campYear }))
    .map((row) => ({ row, refund: refundOf(row) }))
    .filter(({ refund }) => refund > 0)
    .map(({ row, refund }) => refundRecord(row, refund));
}

/**
 * 'SEPA-bestand maken': one pain.001.001.03 file paying back the chosen subscriptions from the organiser's
 * account, to the account each paid from or the one typed in. A row with nothing to pay back or without a
 * valid account refuses the whole file, naming it; the file changes no money (staff mark refunds paid once
 * the bank executed them).
 */
export async function exportRefunds(
  db: Database,
  deps: Pick<OutboxDeps, 'settingsDefaults'>,
  clock: Clock,
  adminId: number,
  input: { subscriptionIds: number[]; accounts?: { SUBSCRIPTION_ID: number; IBAN: string }[] },
): Promise<DownloadFile> {
  const typed = new Map((input.accounts ?? []).map((a) => [a.SUBSCRIPTION_ID, a.IBAN]));
  const organiser = await readSettings(db, deps.settingsDefaults);
  if (!isValidIban(organiser.ORGANISER_IBAN)) throw conflict(refundMessages.organiserAccount);
  const rows = await listSubscriptionMoney(db, { subscriptionIds: [...new Set(input.subscriptionIds)] });
  if (rows.length < new Set(input.subscriptionIds).size) throw notFound('Inschrijving niet gevonden');
  const transfers = rows.map((row) => {
    const refund = refundOf(row);
    if (refund <= 0) throw conflict(refundMessages.noRefund(row.SUBSCRIPTION_REFERENCE));
    const account = typed.get(row.SUBSCRIPTION_ID) ?? row.SUBSCRIPTION_PAID_ACCOUNTNR;
    if (!account || !isValidIban(account)) throw conflict(`${row.SUBSCRIPTION_REFERENCE}: ${refundMessages.noAccount}`);
    return {
      endToEndId: row.SUBSCRIPTION_REFERENCE,
      amountCents: refund,
      creditorName: `${row.SUBSCRIBER_PARENT_FIRSTNAME} ${row.SUBSCRIBER_PARENT_LASTNAME}`,
      creditorIban: account,
      remittance: `Terugbetaling ${row.SUBSCRIPTION_REFERENCE} ${row.SUBSCRIBER_FIRSTNAME} ${row.SUBSCRIBER_LASTNAME}`,
    };
  });
  const now = clock.now();
  const today = todayInBelgium(now);
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const xml = buildPain001({
    messageId: `KB-TERUG-${stamp}`,
    createdAt: now,
    executionDate: today,
    debtor: { name: organiser.ORGANISER_NAME, iban: organiser.ORGANISER_IBAN, bic: organiser.ORGANISER_BIC },
    transfers,
  });
  await writeAudit(db, {
    adminId,
    action: 'exportRefunds',
    entity: 'refundFile',
    entityId: null,
    before: null,
    after: { messageId: `KB-TERUG-${stamp}`, transfers: transfers.map((t) => ({ reference: t.endToEndId, amountCents: t.amountCents })) },
  });
  return { body: Buffer.from(xml, 'utf8'), contentType: CONTENT_TYPES.xml, fileName: `terugbetalingen-${today}.xml` };
}

/**
 * A refund the bank executed: a negative payment booked through the money rule (audited with the payment
 * facts before and after), so an overpaid saldo becomes 0; the parent gets the 'terugbetaling' mail.
 */
export async function markRefundPaid(
  db: Database,
  deps: OutboxDeps,
  adminId: number,
  input: { SUBSCRIPTION_ID: number; amount: number; date: string },
): Promise<{ paymentId: number; mailId: number | null }> {
  return withOutbox(db, deps, async (tx, outbox) => {
    const id = input.SUBSCRIPTION_ID;
    const [locked] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    if (!locked) throw notFound('Inschrijving niet gevonden');
    const [row] = await listSubscriptionMoney(tx, { subscriptionIds: [id] });
    const due = refundOf(row!);
    if (due <= 0) throw conflict(refundMessages.noRefund(row!.SUBSCRIPTION_REFERENCE));
    const cents = euroToCents(input.amount);
    if (cents > due) throw invalidFields({ amount: refundMessages.amountTooHigh(formatEuro(centsToEuro(due))) });
    const [payment] = await tx
      .insert(payments)
      .values({ source: 'refund', state: 'booked', subscriptionId: id, amountCents: -cents, valueDate: input.date, adminId })
      .returning({ id: payments.id });
    await bookPayments(tx, adminId, 'markRefundPaid', [
      { paymentId: payment!.id, subscriptionId: id, payment: { amountCents: -cents, date: null, accountNr: null } },
    ]);
    const [template] = await tx.select().from(mailTemplates).where(eq(mailTemplates.id, REFUND_MAIL_TEMPLATE));
    if (!template) return { paymentId: payment!.id, mailId: null };
    const detail = (await findSubscriptionDetail(tx, id))!;
    const mail = await outbox.enqueueMail({
      templateId: template.id,
      template,
      detail,
      to: detail.SUBSCRIBER_PARENT_EMAIL,
      values: { refundAmount: formatEuro(centsToEuro(cents)) },
    });
    return { paymentId: payment!.id, mailId: mail.id };
  });
}
