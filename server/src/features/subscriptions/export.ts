import { sql } from 'drizzle-orm';
import { paymentStatusText } from '@common/payment-status.js';
import type { ExportSubscriptionsQuery } from '@common/schemas/participants.js';
import type { Role } from '@common/roles.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { campLabel, filterRows, overviewFilterFromQuery, prepareRows, selectionOf } from '@common/subscription-overview.js';
import { queryRows, type Executor } from '../../db/client.js';
import { startsInYear } from '../../db/sql.js';
import { spreadsheetFile, type Column, type DownloadFile } from '../../lib/downloads.js';
import { listSubscriptionsOfYear, searchSubscriptionsOnServer, selectSubscriptions } from './queries.js';

interface ParentContact {
  name: string;
  email: string;
  phone: string;
  phone2: string;
}

interface ExportRow {
  subscription: SubscriptionListRow;
  parent: ParentContact | undefined;
  paymentMethod: string;
}

/** The parent of every subscription of a year, for the columns the overview list does not carry. */
async function parentContactsOfYear(db: Executor, year: number): Promise<Map<number, ParentContact>> {
  const rows = await queryRows<ParentContact & { id: number }>(
    db,
    sql`select s.id, pa.firstname || ' ' || pa.lastname as name, pa.email, pa.phone, pa.phone2
        from subscriptions s
        join camps c on c.id = s.camp_id
        join periods p on p.id = c.period_id
        join children ch on ch.id = s.child_id
        join parents pa on pa.id = ch.parent_id
        where ${startsInYear('p.start_date', year)}`,
  );
  return new Map(rows.map(({ id, ...contact }) => [id, contact]));
}

/** Every column of the overview's table, with the amounts and status split into cells of their own, plus OGM, reference and the parent. */
const columns: Column<ExportRow>[] = [
  { header: 'Voornaam kind', kind: 'text', width: 14, value: (r) => r.subscription.SUBSCRIBER_FIRSTNAME },
  { header: 'Familienaam kind', kind: 'text', width: 18, value: (r) => r.subscription.SUBSCRIBER_LASTNAME },
  { header: 'Kamp', kind: 'text', width: 44, value: (r) => campLabel(r.subscription) },
  { header: 'Kampprijs', kind: 'euro', width: 12, value: (r) => r.subscription.SUBSCRIPTION_CAMP_PRICE },
  { header: 'Korting', kind: 'euro', width: 12, value: (r) => r.subscription.SUBSCRIPTION_CAMP_DISCOUNT },
  { header: 'Te betalen', kind: 'euro', width: 12, value: (r) => r.subscription.SUBSCRIPTION_AMOUNT_TO_PAY },
  { header: 'Betaald', kind: 'euro', width: 12, value: (r) => r.subscription.SUBSCRIPTION_PAID_AMOUNT },
  { header: 'Saldo', kind: 'euro', width: 12, value: (r) => r.subscription.SUBSCRIPTION_SALDO },
  { header: 'Betaalwijze', kind: 'text', width: 18, value: (r) => r.paymentMethod },
  {
    header: 'Betaalstatus',
    kind: 'text',
    width: 30,
    value: (r) =>
      paymentStatusText(
        r.subscription.PAYMENT_STATUS,
        r.subscription.SUBSCRIPTION_SALDO,
        r.subscription.SUBSCRIPTION_AMOUNT_TO_PAY,
        r.subscription.SUBSCRIPTION_CANCELLED,
      ),
  },
  { header: 'Geannuleerd op', kind: 'datetime', width: 17, value: (r) => r.subscription.SUBSCRIPTION_CANCELLATION_DATE },
  { header: 'Referentie', kind: 'text', width: 14, value: (r) => r.subscription.SUBSCRIPTION_REFERENCE },
  { header: 'OGM', kind: 'text', width: 22, value: (r) => r.subscription.SUBSCRIPTION_OGM },
  { header: 'Ouder', kind: 'text', width: 22, value: (r) => r.parent?.name },
  { header: 'E-mail ouder', kind: 'text', width: 28, value: (r) => r.parent?.email },
  { header: 'Telefoon ouder', kind: 'text', width: 15, value: (r) => r.parent?.phone },
  { header: 'Telefoon 2 ouder', kind: 'text', width: 15, value: (r) => r.parent?.phone2 },
];

/**
 * exportSubscriptions: exactly the rows the overview shows for the same filters and search, in its order,
 * selected by the overview's own rule (`filterRows` of common/).
 */
export async function subscriptionsFile(db: Executor, year: number, query: ExportSubscriptionsQuery, role: Role): Promise<DownloadFile> {
  const [subscriptions, parents, methods] = await Promise.all([
    listSubscriptionsOfYear(db, year),
    parentContactsOfYear(db, year),
    queryRows<{ id: number; description: string }>(db, sql`select id, description from payment_methods`),
  ]);
  const methodNames = new Map(methods.map((m) => [m.id, m.description]));
  const { filter, search } = overviewFilterFromQuery(query);
  const foundOnServer = new Set(search ? await searchSubscriptionsOnServer(db, year, search, role) : []);
  const selection = selectionOf(filter);
  const selected = selection ? new Set((await selectSubscriptions(db, year, selection)).map((s) => s.SUBSCRIPTION_ID)) : null;
  const rows = filterRows(prepareRows(subscriptions), filter, search, foundOnServer, selected).map(({ subscription }): ExportRow => ({
    subscription,
    parent: parents.get(subscription.SUBSCRIPTION_ID),
    paymentMethod: methodNames.get(subscription.PAYMENTMETHOD_ID) ?? '',
  }));
  return spreadsheetFile(query.format, `inschrijvingen-${year}`, `Inschrijvingen ${year}`, columns, rows);
}
