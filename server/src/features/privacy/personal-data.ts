import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inList, jsonParam } from '../../db/sql.js';
import { queryRows } from '../../db/client.js';

/**
 * The fields of a snapshot that say who someone is: names, addresses, contact, national numbers, birth dates,
 * accounts, free text and mail text, in any spelling the product writes (`lastname`, `SUBSCRIBER_PARENT_LASTNAME`,
 * a debtor's `LASTNAME`, `payerName`, `SUBSCRIPTION_PAID_ACCOUNTNR`): a key is personal when its last words
 * (split at underscores and capitals) make one of these (`SEATS_CAPACITY` is not a city). Anonymising and erasing set such fields to null wherever they
 * appear in a snapshot (at any depth), so amounts, dates of changes and which call made them stay readable.
 */
const personalEndings = [
  'firstname',
  'lastname',
  'street',
  'housenr',
  'postalcode',
  'city',
  'address',
  'phone',
  'phone2',
  'email',
  'nationalnr',
  'nationalnumber',
  'birthdate',
  'remark',
  'accountnr',
  'accounts',
  'iban',
  'payername',
  'communication',
  'ignorereason',
  'recipient',
  'subject',
  'body',
];

export function isPersonalKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/_+/);
  return words.some((_, i) => personalEndings.includes(words.slice(i).join('')));
}

/** A snapshot with every personal field (see isPersonalKey) set to null, at any depth. */
export function withoutPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, isPersonalKey(key) && inner !== null ? null : withoutPersonalData(inner)]),
  );
}

/**
 * Whose data a step of erasure or retention takes out: the records by id, and, for erasure, the texts that name
 * the family wherever they appear (e-mail addresses, national numbers, bank accounts).
 */
export interface PersonalScope {
  parentIds: number[];
  childIds: number[];
  /** Live subscriptions. */
  subscriptionIds: number[];
  /** Subscriptions in the trash (`deleted_subscriptions`). */
  trashedSubscriptionIds: number[];
  /** Payments of these subscriptions, also those a deletion unlinked, and credits from the family's accounts. */
  paymentIds: number[];
  /** E-mail addresses, national numbers (as written and as digits) and accounts of the family. */
  identifiers: string[];
  /** Retention: deleted subscriptions live on in their audit snapshot only: those of camps that started before this day. */
  deletedBefore?: string;
}

export const emptyScope = (): PersonalScope => ({
  parentIds: [],
  childIds: [],
  subscriptionIds: [],
  trashedSubscriptionIds: [],
  paymentIds: [],
  identifiers: [],
});

/** The ids a snapshot or an answer names, by the field names the product uses for them. */
const idFields: { keys: string[]; ids: (scope: PersonalScope) => number[] }[] = [
  {
    keys: ['SUBSCRIPTION_ID', 'subscriptionId', 'subscription_id'],
    ids: (scope) => [...scope.subscriptionIds, ...scope.trashedSubscriptionIds],
  },
  { keys: ['SUBSCRIBER_ID', 'childId', 'child_id'], ids: (scope) => scope.childIds },
  { keys: ['SUBSCRIBER_PARENT_ID', 'parentId', 'parent_id'], ids: (scope) => scope.parentIds },
  { keys: ['paymentId', 'PAYMENT_ID'], ids: (scope) => scope.paymentIds },
];

/** Whether a JSON value (an answer, a snapshot) names someone of the scope: by one of their ids, or by an identifier. */
export function mentions(value: unknown, scope: PersonalScope): boolean {
  const ids = idFields.map((f) => ({ keys: new Set(f.keys), ids: new Set(f.ids(scope)) }));
  const texts = scope.identifiers.filter((t) => t.length >= 5).map((t) => t.toLowerCase());
  const visit = (node: unknown, key: string | null): boolean => {
    if (typeof node === 'number') return key !== null && ids.some((f) => f.keys.has(key) && f.ids.has(node));
    if (typeof node === 'string') {
      const lower = node.toLowerCase();
      const digits = node.replace(/\D/g, '');
      return texts.some((t) => lower.includes(t) || (/^\d+$/.test(t) && digits.includes(t)));
    }
    if (Array.isArray(node)) return node.some((item) => visit(item, key));
    if (node && typeof node === 'object') return Object.entries(node).some(([k, v]) => visit(v, k));
    return false;
  };
  return visit(value, null);
}

/** The audit entries about these records that still hold personal data, with that data taken out. */
async function auditEntriesToScrub(db: Executor, scope: PersonalScope) {
  const subscriptionIds = [...scope.subscriptionIds, ...scope.trashedSubscriptionIds];
  const subscriptionTexts = subscriptionIds.map(String);
  const rows = await queryRows<{ id: number; before: unknown; after: unknown }>(
    db,
    sql`select id, before, after from audit_log
        where (entity = 'subscription' and ${inList(sql`entity_id`, subscriptionIds, 'int')})
           or (entity in ('subscriber', 'fiscalAttestChild') and ${inList(sql`entity_id`, scope.childIds, 'int')})
           or (entity = 'parent' and ${inList(sql`entity_id`, scope.parentIds, 'int')})
           or (entity = 'payment' and (${inList(sql`entity_id`, scope.paymentIds, 'int')}
               or ${inList(sql`before->>'subscriptionId'`, subscriptionTexts)} or ${inList(sql`after->>'subscriptionId'`, subscriptionTexts)}))
           ${scope.deletedBefore ? sql`or (entity = 'subscription' and action = 'deleteSubscription' and before->>'PERIOD_STARTDATE' < ${scope.deletedBefore})` : sql``}`,
  );
  return rows
    .map((row) => ({ id: row.id, before: withoutPersonalData(row.before), after: withoutPersonalData(row.after), was: row }))
    .filter(
      (row) => JSON.stringify(row.before) !== JSON.stringify(row.was.before) || JSON.stringify(row.after) !== JSON.stringify(row.was.after),
    )
    .map(({ id, before, after }) => ({ id, before, after }));
}

/** How many audit entries about these records hold personal data; with `write`, takes it out of them. */
export async function scrubAuditEntries(db: Executor, scope: PersonalScope, write: boolean): Promise<number> {
  const entries = await auditEntriesToScrub(db, scope);
  if (write && entries.length > 0) {
    await db.execute(sql`
      update audit_log set before = v.before, after = v.after
      from json_to_recordset(${jsonParam(entries)}) as v(id int, before jsonb, after jsonb)
      where audit_log.id = v.id`);
  }
  return entries.length;
}

/** What a retry with an Idempotency-Key answers once the first answer named data that was erased or anonymised since. */
export const ERASED_ANSWER = JSON.stringify({
  error: { code: 'NOT_FOUND', message: 'Deze gegevens zijn gewist of geanonimiseerd.' },
});

/**
 * The stored answers of requests with an Idempotency-Key (kept IDEMPOTENCY_TTL_HOURS for retries) that name
 * someone of the scope: a retry gets a 404 that says the data is gone instead of the data.
 */
export async function scrubIdempotentAnswers(db: Executor, scope: PersonalScope): Promise<number> {
  const rows = await queryRows<{ admin_id: number; key: string; answer: string }>(
    db,
    sql`select admin_id, key, answer from idempotency_keys where answer is not null and answer <> ${ERASED_ANSWER}`,
  );
  const named = rows.filter((row) => {
    try {
      return mentions(JSON.parse(row.answer), scope);
    } catch {
      return true;
    }
  });
  if (named.length > 0) {
    await db.execute(sql`
      update idempotency_keys set status = 404, answer = ${ERASED_ANSWER}
      from json_to_recordset(${jsonParam(named.map((r) => ({ admin_id: r.admin_id, key: r.key })))}) as v(admin_id int, key text)
      where idempotency_keys.admin_id = v.admin_id and idempotency_keys.key = v.key`);
  }
  return named.length;
}
