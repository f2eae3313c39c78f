import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { centsToEuro, subscriptionAmounts } from '@common/money.js';
import { MAX_ASSIGNABLE, type AssignableSubscriptionsAnswer, type PaymentRecord } from '@common/schemas/bank.js';
import { parseSearchQuery } from '@common/search.js';
import { compareDutch } from '@common/sort.js';
import { matchesFamilySearch } from '@common/subscription-overview.js';
import { queryRows, type Executor } from '../../db/client.js';
import { discountCentsSql, subscriptionsWithCampFamilyAndDiscounts } from '../../domain/subscription-money.js';
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

/** The camp years a credit can still be for (issue 39): last year (a late payment) up to next year (early bookings). */
export const openCampYears = (today: string): number[] => {
  const year = Number(today.slice(0, 4));
  return [year - 1, year, year + 1];
};

type AssignableRow = [
  id: number,
  reference: string,
  ogm: string,
  childFirstname: string,
  childLastname: string,
  parentFirstname: string,
  parentLastname: string,
  parentEmail: string,
  phone: string,
  phone2: string,
  campName: string,
  campYear: number,
  cancelled: boolean,
  priceCents: number,
  discountCents: number,
  paidCents: number,
  feeCents: number,
];

/**
 * 'Koppelen' (issue 39): the subscriptions of every open camp year the search names, by the overview's server rule
 * (`matchesFamilySearch`: the child's and the parent's name, e-mail and phone, reference, OGM), in the overview's
 * order with the newest year first for the same child; at most `MAX_ASSIGNABLE`, with how many there are. The rows
 * leave the database as one JSON text: a year of 50,000 read row by row costs PGlite most of a second.
 */
export async function findSubscriptionsToAssign(db: Executor, search: string, today: string): Promise<AssignableSubscriptionsAnswer> {
  const query = parseSearchQuery(search);
  if (!query) return { SUBSCRIPTIONS: [], TOTAL: 0 };
  const years = openCampYears(today);
  const [{ rows } = { rows: null }] = await queryRows<{ rows: string | null }>(
    db,
    sql`select string_agg(json_build_array(s.id, s.reference, s.ogm, ch.firstname, ch.lastname, pa.firstname, pa.lastname, pa.email,
          pa.phone, pa.phone2, th.name || ' - ' || l.name_short || ' | ' || p.name_short, extract(year from p.start_date)::int,
          s.cancelled, s.camp_price_cents, ${discountCentsSql}, s.paid_amount_cents, c.cancellation_fee_cents)::text, ',') as rows
        from ${subscriptionsWithCampFamilyAndDiscounts}
        where p.start_date >= ${`${years[0]}-01-01`}::date and p.start_date < ${`${years.at(-1)! + 1}-01-01`}::date`,
  );
  const found = (JSON.parse(`[${rows ?? ''}]`) as AssignableRow[]).filter((row) =>
    matchesFamilySearch(
      {
        SUBSCRIBER_FIRSTNAME: row[3],
        SUBSCRIBER_LASTNAME: row[4],
        SUBSCRIPTION_REFERENCE: row[1],
        SUBSCRIPTION_OGM: row[2],
        SUBSCRIBER_PARENT_FIRSTNAME: row[5],
        SUBSCRIBER_PARENT_LASTNAME: row[6],
        SUBSCRIBER_PARENT_EMAIL: row[7],
        SUBSCRIBER_PARENT_PHONE: row[8],
        SUBSCRIBER_PARENT_PHONE2: row[9],
      },
      query,
    ),
  );
  found.sort((a, b) => compareDutch(a[4], b[4]) || compareDutch(a[3], b[3]) || b[11] - a[11] || a[0] - b[0]);
  return {
    TOTAL: found.length,
    SUBSCRIPTIONS: found.slice(0, MAX_ASSIGNABLE).map((row) => ({
      SUBSCRIPTION_ID: row[0],
      SUBSCRIPTION_REFERENCE: row[1],
      SUBSCRIPTION_OGM: row[2],
      SUBSCRIBER_FIRSTNAME: row[3],
      SUBSCRIBER_LASTNAME: row[4],
      SUBSCRIBER_PARENT_FIRSTNAME: row[5],
      SUBSCRIBER_PARENT_LASTNAME: row[6],
      CAMP_NAME: row[10],
      CAMP_YEAR: row[11],
      SUBSCRIPTION_CANCELLED: row[12],
      SUBSCRIPTION_SALDO: centsToEuro(
        subscriptionAmounts({
          campPriceCents: row[13],
          discountsCents: [row[14]],
          paidAmountCents: row[15],
          cancellation: row[12] ? { cancellationFeeCents: row[16] } : null,
        }).saldoCents,
      ),
    })),
  };
}
