import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inList, jsonParam } from '../../db/sql.js';

/**
 * The fields of an audit snapshot that say who someone is: names, addresses, contact, national numbers,
 * birth dates, accounts, free text and mail text. Anonymising and erasing set them to null wherever they appear in a
 * snapshot (at any depth), so amounts, dates of changes and which call made them stay readable.
 */
const personalKeys = new Set([
  'firstname',
  'lastname',
  'street',
  'housenr',
  'city',
  'postalcode',
  'phone',
  'phone2',
  'email',
  'nationalnr',
  'birthdate',
  'remark',
  'accountNr',
  'paidAccountNr',
  'payerName',
  'communication',
  'recipient',
  'subject',
  'body',
  'SUBSCRIBER_FIRSTNAME',
  'SUBSCRIBER_LASTNAME',
  'SUBSCRIBER_BIRTHDATE',
  'SUBSCRIBER_NATIONALNR',
  'SUBSCRIBER_PARENT_FIRSTNAME',
  'SUBSCRIBER_PARENT_LASTNAME',
  'SUBSCRIBER_PARENT_STREET',
  'SUBSCRIBER_PARENT_HOUSENR',
  'SUBSCRIBER_PARENT_POSTALCODE',
  'SUBSCRIBER_PARENT_CITY',
  'SUBSCRIBER_PARENT_PHONE',
  'SUBSCRIBER_PARENT_PHONE2',
  'SUBSCRIBER_PARENT_EMAIL',
  'SUBSCRIBER_PARENT_NATIONALNR',
  'SUBSCRIPTION_REMARK',
  'SUBSCRIPTION_PAID_ACCOUNTNR',
]);

function withoutPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, personalKeys.has(key) && inner !== null ? null : withoutPersonalData(inner)]),
  );
}

export interface AuditScope {
  subscriptionIds: number[];
  childIds: number[];
  parentIds: number[];
  /** Deleted subscriptions live on in their audit snapshot only: those of camps that started before this day. */
  deletedBefore?: string;
}

/** The audit entries about these records that still hold personal data, with that data taken out. */
async function auditEntriesToScrub(db: Executor, scope: AuditScope) {
  const subscriptionIds = scope.subscriptionIds.map(String);
  const rows = (
    (await db.execute(sql`
      select id, before, after from audit_log
      where (entity = 'subscription' and ${inList(sql`entity_id`, scope.subscriptionIds, 'int')})
         or (entity = 'subscriber' and ${inList(sql`entity_id`, scope.childIds, 'int')})
         or (entity = 'parent' and ${inList(sql`entity_id`, scope.parentIds, 'int')})
         or (entity = 'payment' and (${inList(sql`before->>'subscriptionId'`, subscriptionIds)} or ${inList(sql`after->>'subscriptionId'`, subscriptionIds)}))
         ${scope.deletedBefore ? sql`or (entity = 'subscription' and action = 'deleteSubscription' and before->>'PERIOD_STARTDATE' < ${scope.deletedBefore})` : sql``}`)) as unknown as {
      rows: { id: number; before: unknown; after: unknown }[];
    }
  ).rows;
  return rows
    .map((row) => ({ id: row.id, before: withoutPersonalData(row.before), after: withoutPersonalData(row.after), was: row }))
    .filter(
      (row) => JSON.stringify(row.before) !== JSON.stringify(row.was.before) || JSON.stringify(row.after) !== JSON.stringify(row.was.after),
    )
    .map(({ id, before, after }) => ({ id, before, after }));
}

/** How many audit entries about these records hold personal data; with `write`, takes it out of them. */
export async function scrubAuditEntries(db: Executor, scope: AuditScope, write: boolean): Promise<number> {
  const entries = await auditEntriesToScrub(db, scope);
  if (write && entries.length > 0) {
    await db.execute(sql`
      update audit_log set before = v.before, after = v.after
      from json_to_recordset(${jsonParam(entries)}) as v(id int, before jsonb, after jsonb)
      where audit_log.id = v.id`);
  }
  return entries.length;
}
