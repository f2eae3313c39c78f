import { lt, sql } from 'drizzle-orm';
import { deletedSubscriptionRecord, type DeletedSubscriptionRecord } from '@common/schemas/registration.js';
import { readRows, type Database, type Executor } from '../../db/client.js';
import { deletedSubscriptions } from '../../db/schema.js';
import { isoTimestamp, startsInYear } from '../../db/sql.js';
import { purgeOne } from '../../domain/subscription-trash.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trash of a camp year, newest first: what was deleted, by whom, when, and when the server empties it. */
export async function listDeletedSubscriptions(db: Executor, year: number, retentionDays: number): Promise<DeletedSubscriptionRecord[]> {
  return readRows(
    db,
    sql`select d.subscription_id as "SUBSCRIPTION_ID", d.snapshot->'subscription'->>'reference' as "SUBSCRIPTION_REFERENCE",
          ch.firstname as "SUBSCRIBER_FIRSTNAME", ch.lastname as "SUBSCRIBER_LASTNAME", c.id as "CAMP_ID",
          th.name as "THEME_NAME", l.name_short as "LOCATION_NAME_SHORT", p.name_short as "PERIOD_NAME_SHORT",
          p.start_date::text as "PERIOD_STARTDATE", p.end_date::text as "PERIOD_ENDDATE",
          ${isoTimestamp('d.deleted_at')} as "DELETED_AT", a.email as "DELETED_BY",
          ${isoTimestamp(`(d.deleted_at + interval '${Math.trunc(retentionDays)} days')`)} as "PURGE_AT"
        from deleted_subscriptions d
        join children ch on ch.id = d.child_id
        join camps c on c.id = d.camp_id
        join periods p on p.id = c.period_id
        join themes th on th.id = c.theme_id
        join locations l on l.id = c.location_id
        left join admins a on a.id = d.deleted_by
        where ${startsInYear('p.start_date', year)}
        order by d.deleted_at desc, d.subscription_id desc`,
    deletedSubscriptionRecord,
  );
}

/**
 * Empties the trash of entries deleted more than `retentionDays` before `now`, for good: the entry, the
 * mails and audit details of the subscription, the bank details of its unlinked payments, and its child and
 * parent once nothing else refers to them. The audit log keeps only that a subscription with this reference
 * and OGM was deleted, so a later bank credit naming it still waits in 'Te koppelen' as deleted.
 */
export async function purgeExpiredTrash(db: Database, now: Date, retentionDays: number): Promise<number[]> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const expired = await db
    .select({ subscriptionId: deletedSubscriptions.subscriptionId })
    .from(deletedSubscriptions)
    .where(lt(deletedSubscriptions.deletedAt, cutoff));
  const purged: number[] = [];
  for (const { subscriptionId } of expired) {
    if (await db.transaction((tx) => purgeOne(tx, subscriptionId, cutoff))) purged.push(subscriptionId);
  }
  return purged;
}
