import { sql } from 'drizzle-orm';
import { currentYearInBelgium } from '@common/calendar.js';
import { ANONYMOUS, privacyMessages, type AnonymiseYearsPayload, type AnonymiseYearsResult } from '@common/schemas/privacy.js';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import { inList } from '../../db/sql.js';
import { writeAudit } from '../../lib/audit.js';
import { invalidFields } from '../../lib/errors.js';
import { purgeOne } from '../../domain/subscription-trash.js';
import { emptyScope, scrubAuditEntries } from './personal-data.js';
import { familyTables, type RetentionScope } from './register.js';

interface OldSubscription {
  subscription_id: number;
  child_id: number;
  parent_id: number;
  camp_year: number;
}

/** Subscriptions of camps that started before `cutoff` whose child still has a name: what anonymising has to do. */
const oldSubscriptions = (db: Executor, cutoff: string) =>
  queryRows<OldSubscription>(
    db,
    sql`select s.id as subscription_id, s.child_id, c.parent_id, extract(year from p.start_date)::int as camp_year
        from subscriptions s join camps k on k.id = s.camp_id join periods p on p.id = k.period_id join children c on c.id = s.child_id
        where p.start_date < ${cutoff}::date and c.firstname <> ${ANONYMOUS}`,
  );

/** Families among these parents that also have a subscription in a kept camp year: their parent and other children stay. */
async function familiesWithKeptYears(db: Executor, parentIds: number[], cutoff: string): Promise<Set<number>> {
  const rows = await queryRows<{ parent_id: number }>(
    db,
    sql`select distinct c.parent_id from subscriptions s join camps k on k.id = s.camp_id join periods p on p.id = k.period_id
        join children c on c.id = s.child_id where p.start_date >= ${cutoff}::date and ${inList(sql`c.parent_id`, parentIds, 'int')}`,
  );
  return new Set(rows.map((r) => r.parent_id));
}

/** Deleted subscriptions (in the trash) of camps that started before `cutoff`. */
async function oldTrashEntries(db: Executor, cutoff: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select d.subscription_id as id from deleted_subscriptions d join camps k on k.id = d.camp_id join periods p on p.id = k.period_id
        where p.start_date < ${cutoff}::date`,
  );
  return rows.map((r) => r.id);
}

const count = async (db: Executor, query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;

/**
 * A family that still comes to camp keeps its parent and children; its old subscriptions move to an
 * anonymous copy of the child (gender and birth year only) under an anonymous parent. A child left without
 * subscriptions is removed.
 */
async function detachFromLiveFamily(tx: Executor, parentId: number, rows: OldSubscription[]): Promise<number[]> {
  const [parent] = await queryRows<{ id: number }>(
    tx,
    sql`insert into parents (firstname, lastname, street, housenr, postalcode, city, country, phone, phone2, email)
        select ${ANONYMOUS}, '', '', '', '', '', country, '', '', '' from parents where id = ${parentId} returning id`,
  );
  const childIds = [...new Set(rows.map((r) => r.child_id))];
  for (const childId of childIds) {
    const [copy] = await queryRows<{ id: number }>(
      tx,
      sql`insert into children (parent_id, firstname, lastname, gender_id, birthdate)
          select ${parent!.id}, ${ANONYMOUS}, '', gender_id, date_trunc('year', birthdate)::date from children where id = ${childId} returning id`,
    );
    const moved = rows.filter((r) => r.child_id === childId).map((r) => r.subscription_id);
    await tx.execute(sql`update subscriptions set child_id = ${copy!.id} where ${inList(sql`id`, moved, 'int')}`);
  }
  const emptied = await queryRows<{ id: number }>(
    tx,
    sql`delete from children c where ${inList(sql`c.id`, childIds, 'int')}
        and not exists (select 1 from subscriptions s where s.child_id = c.id)
        and not exists (select 1 from deleted_subscriptions d where d.child_id = c.id) returning c.id`,
  );
  return emptied.map((c) => c.id);
}

/**
 * Retention (issue 20): every subscription of a camp year older than `olderThanYears` loses its personal
 * data: the child's and parent's names, address, contact and national numbers, the remark, the payer's
 * account, the mails' text and the personal fields of the audit snapshots about them. Amounts, discounts,
 * attendance and camps stay, so the statistics of those years stay right. A dry run counts and writes nothing.
 */
export async function anonymiseYears(
  db: Database,
  adminId: number,
  payload: AnonymiseYearsPayload,
  options: { now: Date; retentionYears: number },
): Promise<AnonymiseYearsResult> {
  if (payload.olderThanYears < options.retentionYears) {
    throw invalidFields({ olderThanYears: privacyMessages.belowRetention(options.retentionYears) });
  }
  const started = performance.now();
  const keptFromCampYear = currentYearInBelgium(options.now) - payload.olderThanYears;
  const cutoff = `${keptFromCampYear}-01-01`;
  const run = async (tx: Executor) => {
    const write = !payload.dryRun;
    // Deleted subscriptions of the old years: the trash is emptied of them for good, as it is after TRASH_RETENTION_DAYS.
    const trashed = await oldTrashEntries(tx, cutoff);
    if (write) for (const id of trashed) await purgeOne(tx, id);
    const rows = await oldSubscriptions(tx, cutoff);
    const subscriptionIds = rows.map((r) => r.subscription_id);
    const parentIds = [...new Set(rows.map((r) => r.parent_id))];
    const live = await familiesWithKeptYears(tx, parentIds, cutoff);
    const wholeFamilies = parentIds.filter((id) => !live.has(id));
    const wholeChildren = [
      ...new Set(
        (await queryRows<{ id: number }>(tx, sql`select id from children where ${inList(sql`parent_id`, wholeFamilies, 'int')}`)).map(
          (c) => c.id,
        ),
      ),
    ];
    // The payments of those subscriptions, and the credits of those years that never found theirs ('Te koppelen', ignored).
    const paymentIds = (
      await queryRows<{ id: number }>(
        tx,
        sql`select id from payments where (${inList(sql`subscription_id`, subscriptionIds, 'int')}
              or (subscription_id is null and coalesce(value_date, created_at::date) < ${cutoff}::date))
            and (payer_name is not null or account_nr is not null or communication is not null or ignore_reason is not null)`,
      )
    ).map((p) => p.id);
    const mails = await count(
      tx,
      sql`select count(*)::int as n from mail_outbox where ${inList(sql`subscription_id`, subscriptionIds, 'int')}`,
    );
    const children = new Set(rows.map((r) => r.child_id)).size;
    const campYears = [...new Set(rows.map((r) => r.camp_year))].sort();
    const removedChildren: number[] = [];
    if (write) {
      for (const parentId of live) {
        removedChildren.push(
          ...(await detachFromLiveFamily(
            tx,
            parentId,
            rows.filter((r) => r.parent_id === parentId),
          )),
        );
      }
    }
    const scope: RetentionScope = {
      ...emptyScope(),
      parentIds: wholeFamilies,
      childIds: [...wholeChildren, ...removedChildren],
      subscriptionIds,
      paymentIds,
      deletedBefore: cutoff,
      keptFromCampYear,
    };
    const auditEntries = await scrubAuditEntries(tx, scope, false);
    // Every table of the register, in its order (register.ts).
    if (write) for (const { anonymise } of familyTables) await anonymise(tx, scope);
    const result: AnonymiseYearsResult = {
      dryRun: payload.dryRun,
      olderThanYears: payload.olderThanYears,
      keptFromCampYear,
      campYears,
      subscriptions: subscriptionIds.length + trashed.length,
      children,
      parents: parentIds.length,
      payments: paymentIds.length,
      mails,
      auditEntries,
      durationMs: 0,
    };
    // The run is audited with its counts only: no name, no id of a person.
    if (write)
      await writeAudit(tx, { adminId, action: 'anonymiseYears', entity: 'retention', entityId: null, before: null, after: result });
    return result;
  };
  const result = payload.dryRun ? await run(db) : await db.transaction(run);
  return { ...result, durationMs: Math.round(performance.now() - started) };
}
