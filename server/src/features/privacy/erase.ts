import { sql } from 'drizzle-orm';
import { currentYearInBelgium } from '@common/calendar.js';
import { privacyMessages, type EraseFamilyResult } from '@common/schemas/privacy.js';
import { queryRows, type Database } from '../../db/client.js';
import { inList } from '../../db/sql.js';
import { lockRowById } from '../../db/lock.js';
import { parents } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import { scrubAuditEntries } from './personal-data.js';

interface FamilySubscription {
  id: number;
  reference: string;
  cancelled: boolean;
  camp_year: number;
  paid_cents: number;
  saldo_cents: number;
}

/**
 * Why a family's data must stay, one reason per subscription: a subscription not yet settled (money owed,
 * or money to pay back), or money received for a camp year within the fiscal retention (the attests and
 * the bookkeeping behind them). Empty when the family may be erased.
 */
export function reasonsToKeep(rows: FamilySubscription[], currentYear: number, retentionYears: number): string[] {
  const firstKeptYear = currentYear - retentionYears;
  return rows.flatMap((row) => {
    if (!row.cancelled && row.saldo_cents !== 0) return [privacyMessages.unsettled(row.reference)];
    if (row.cancelled && row.saldo_cents < 0 && row.camp_year >= firstKeptYear) return [privacyMessages.unsettled(row.reference)];
    if (row.paid_cents > 0 && row.camp_year >= firstKeptYear)
      return [privacyMessages.withinRetention(row.reference, row.camp_year + retentionYears)];
    return [];
  });
}

/**
 * Erasure (GDPR art. 17): the parent, the children, their subscriptions (with discounts and attendance) and
 * mails go; payments stay in the bookkeeping without the payer's name, account or message; audit entries
 * about the family keep what happened but lose the personal fields. The erasure is audited by counts only.
 */
export async function eraseFamily(
  db: Database,
  adminId: number,
  parentId: number,
  options: { now: Date; retentionYears: number },
): Promise<EraseFamilyResult> {
  return db.transaction(async (tx) => {
    const parent = await lockRowById(tx, parents, parentId, privacyMessages.parentNotFound);
    const rows = await queryRows<FamilySubscription & { child_id: number }>(
      tx,
      sql`select s.id, s.reference, s.cancelled, extract(year from p.start_date)::int as camp_year, s.paid_amount_cents as paid_cents,
            (s.camp_price_cents - coalesce((select sum(d.amount_cents) from subscription_discounts d where d.subscription_id = s.id), 0)
              - s.paid_amount_cents)::int as saldo_cents
          from subscriptions s join children c on c.id = s.child_id join camps k on k.id = s.camp_id join periods p on p.id = k.period_id
          where c.parent_id = ${parentId} order by s.id for update of s`,
    );
    const reasons = reasonsToKeep(rows, currentYearInBelgium(options.now), options.retentionYears);
    if (reasons.length > 0) throw conflict(`${privacyMessages.eraseRefused} ${reasons.join('; ')}.`);

    const subscriptionIds = rows.map((r) => r.id);
    const childIds = (await queryRows<{ id: number }>(tx, sql`select id from children where parent_id = ${parentId}`)).map((c) => c.id);
    await scrubAuditEntries(tx, { subscriptionIds, childIds, parentIds: [parentId] }, true);
    await tx.execute(sql`update payments set payer_name = null, account_nr = null, communication = null
                         where ${inList(sql`subscription_id`, subscriptionIds, 'int')}`);
    const mails = await queryRows<{ id: number }>(
      tx,
      sql`delete from mail_outbox where ${inList(sql`subscription_id`, subscriptionIds, 'int')} or lower(recipient) = lower(${parent.email}) returning id`,
    );
    await tx.execute(sql`delete from subscriptions where ${inList(sql`id`, subscriptionIds, 'int')}`);
    await tx.execute(sql`delete from children where parent_id = ${parentId}`);
    await tx.execute(sql`delete from parents where id = ${parentId}`);
    const result = { parentId, children: childIds.length, subscriptions: subscriptionIds.length, mails: mails.length };
    await writeAudit(tx, { adminId, action: 'eraseFamily', entity: 'family', entityId: parentId, before: null, after: result });
    return result;
  });
}
