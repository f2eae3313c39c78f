import {
  subscriptionColumns,
  subscriptionListCamp,
  type SubscriptionColumns,
  type SubscriptionListCamp,
  type SubscriptionListRow,
} from './schemas/subscriptions.js';

/**
 * getSubscriptionColumns' answer and getSubscriptions' rows are the same facts in two shapes: the server makes
 * the one from the other, the web app the other way back, so no rule of what a row shows lives in the web.
 */

type Columns = SubscriptionColumns['columns'];
type ColumnName = keyof Columns;

// Read from the schemas, so that a field added to the list row travels without another list to keep.
const campFieldNames = Object.keys(subscriptionListCamp.shape) as (keyof SubscriptionListCamp)[];
const columnNames = Object.keys(subscriptionColumns.shape.columns.shape) as ColumnName[];

/** The rows of a year column-wise, each camp once. */
export function subscriptionColumnsOf(rows: readonly SubscriptionListRow[]): SubscriptionColumns {
  const camps = new Map<number, SubscriptionListCamp>();
  const columns = Object.fromEntries(columnNames.map((name) => [name, [] as unknown[]])) as Record<ColumnName, unknown[]>;
  for (const row of rows) {
    if (!camps.has(row.CAMP_ID))
      camps.set(row.CAMP_ID, Object.fromEntries(campFieldNames.map((name) => [name, row[name]])) as SubscriptionListCamp);
    for (const name of columnNames) columns[name].push(row[name]);
  }
  return { camps: [...camps.values()], columns: columns as Columns };
}

/** The rows again, as getSubscriptions answers them. */
export function subscriptionRowsOf({ camps, columns }: SubscriptionColumns): SubscriptionListRow[] {
  const campsById = new Map(camps.map((camp) => [camp.CAMP_ID, camp]));
  return columns.SUBSCRIPTION_ID.map((_, i) => {
    const row = { ...campsById.get(columns.CAMP_ID[i]!)! } as Record<string, unknown>;
    for (const name of columnNames) row[name] = columns[name][i];
    return row as SubscriptionListRow;
  });
}
