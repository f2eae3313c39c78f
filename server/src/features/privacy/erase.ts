import { sql } from 'drizzle-orm';
import { currentYearInBelgium } from '@common/calendar.js';
import { subscriptionAmounts } from '@common/money.js';
import { privacyMessages, type EraseFamilyResult } from '@common/schemas/privacy.js';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import { inList } from '../../db/sql.js';
import { lockRowById } from '../../lib/lock.js';
import { parents } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import type { PersonalScope } from './personal-data.js';
import { familyTables } from './register.js';
import { discountCentsSql, joinDiscountTotals } from '../../domain/subscription-money.js';

interface FamilySubscription {
  id: number;
  reference: string;
  cancelled: boolean;
  camp_year: number;
  /** Every euro ever received for it, refunds not taken off: a refunded cancellation still had money come in. */
  received_cents: number;
  saldo_cents: number;
}

/** A subscription's money facts as stored, for the money rule of common/src/money.ts. */
interface FamilySubscriptionFacts extends Omit<FamilySubscription, 'saldo_cents'> {
  price_cents: number;
  discount_cents: number;
  paid_cents: number;
  fee_cents: number;
}

/**
 * Why a family's data must stay, one reason per subscription: a subscription not yet settled (money owed,
 * or money to pay back), or money received for a camp year within the fiscal retention (the attests and
 * the bookkeeping behind them), also when it was paid back since. Empty when the family may be erased.
 */
export function reasonsToKeep(rows: FamilySubscription[], currentYear: number, retentionYears: number): string[] {
  const firstKeptYear = currentYear - retentionYears;
  return rows.flatMap((row) => {
    if (!row.cancelled && row.saldo_cents !== 0) return [privacyMessages.unsettled(row.reference)];
    if (row.cancelled && row.saldo_cents < 0 && row.camp_year >= firstKeptYear) return [privacyMessages.unsettled(row.reference)];
    if (row.received_cents > 0 && row.camp_year >= firstKeptYear)
      return [privacyMessages.withinRetention(row.reference, row.camp_year + retentionYears)];
    return [];
  });
}

/** Everything of the family the register's steps need: its records by id and the texts that name it. */
async function familyScope(tx: Executor, parent: { id: number; email: string; nationalnr: string | null }, subscriptionIds: number[]) {
  const kids = await queryRows<{ id: number; nationalnr: string | null }>(
    tx,
    sql`select id, nationalnr from children where parent_id = ${parent.id}`,
  );
  const childIds = kids.map((c) => c.id);
  const trashed = await queryRows<{ subscription_id: number; payment_ids: number[] | string; paid_account_nr: string | null }>(
    tx,
    sql`select subscription_id, coalesce(snapshot->'paymentIds', '[]'::jsonb) as payment_ids,
          snapshot->'subscription'->>'paidAccountNr' as paid_account_nr
        from deleted_subscriptions where ${inList(sql`child_id`, childIds, 'int')} for update`,
  );
  const trashedPaymentIds = trashed.flatMap(
    (t) => (typeof t.payment_ids === 'string' ? JSON.parse(t.payment_ids) : t.payment_ids) as number[],
  );
  const known = await queryRows<{ id: number; account_nr: string | null }>(
    tx,
    sql`select id, account_nr from payments where ${inList(sql`subscription_id`, subscriptionIds, 'int')} or ${inList(sql`id`, trashedPaymentIds, 'int')}`,
  );
  const [{ accounts } = { accounts: [] }] = await queryRows<{ accounts: string[] | null }>(
    tx,
    sql`select array_agg(distinct paid_account_nr) filter (where paid_account_nr is not null) as accounts
        from subscriptions where ${inList(sql`id`, subscriptionIds, 'int')}`,
  );
  const normalised = (account: string) => account.replace(/\s/g, '').toUpperCase();
  const familyAccounts = [
    ...new Set(
      [...known.map((p) => p.account_nr), ...trashed.map((t) => t.paid_account_nr), ...(accounts ?? [])]
        .filter((a): a is string => !!a)
        .map(normalised),
    ),
  ];
  // Credits from the family's accounts that never found their subscription ('Te koppelen', ignored) name them too.
  const fromTheirAccounts = await queryRows<{ id: number }>(
    tx,
    sql`select id from payments where upper(regexp_replace(coalesce(account_nr, ''), '\\s', '', 'g')) in
          (select json_array_elements_text(${JSON.stringify(familyAccounts)}::json))`,
  );
  const nationalNumbers = [parent.nationalnr, ...kids.map((c) => c.nationalnr)].filter((n): n is string => !!n);
  const scope: PersonalScope = {
    parentIds: [parent.id],
    childIds,
    subscriptionIds,
    trashedSubscriptionIds: trashed.map((t) => t.subscription_id),
    paymentIds: [...new Set([...known.map((p) => p.id), ...fromTheirAccounts.map((p) => p.id)])],
    identifiers: [parent.email, ...nationalNumbers, ...nationalNumbers.map((n) => n.replace(/\D/g, '')), ...familyAccounts].filter(
      (text) => text.length > 0,
    ),
  };
  return scope;
}

/**
 * Erasure (GDPR art. 17): every place the family's data lives, table by table as the register
 * (register.ts) says: parent, children, their subscriptions (live and in the trash, with discounts and
 * attendance), mails, attest debtors and numbers go; payments stay in the bookkeeping without the payer's
 * name, account or message; audit entries about the family keep what happened but lose the personal fields;
 * a retry of an earlier request answers that the data is gone. The erasure is audited by counts only.
 */
export async function eraseFamily(
  db: Database,
  adminId: number,
  parentId: number,
  options: { now: Date; retentionYears: number },
): Promise<EraseFamilyResult> {
  return db.transaction(async (tx) => {
    const parent = await lockRowById(tx, parents, parentId, privacyMessages.parentNotFound);
    const facts = await queryRows<FamilySubscriptionFacts>(
      tx,
      sql`select s.id, s.reference, s.cancelled, extract(year from p.start_date)::int as camp_year, s.paid_amount_cents as paid_cents,
            s.camp_price_cents as price_cents, k.cancellation_fee_cents as fee_cents,
            ${discountCentsSql} as discount_cents,
            greatest(s.paid_amount_cents,
              coalesce((select sum(pm.amount_cents) from payments pm where pm.subscription_id = s.id and pm.amount_cents > 0), 0))::int
              as received_cents
          from subscriptions s join children c on c.id = s.child_id join camps k on k.id = s.camp_id join periods p on p.id = k.period_id
          ${joinDiscountTotals({ parentId })}
          where c.parent_id = ${parentId} order by s.id for update of s`,
    );
    const rows: FamilySubscription[] = facts.map((row) => ({
      ...row,
      saldo_cents: subscriptionAmounts({
        campPriceCents: row.price_cents,
        discountsCents: [row.discount_cents],
        paidAmountCents: row.paid_cents,
        cancellation: row.cancelled ? { cancellationFeeCents: row.fee_cents } : null,
      }).saldoCents,
    }));
    const reasons = reasonsToKeep(rows, currentYearInBelgium(options.now), options.retentionYears);
    if (reasons.length > 0) throw conflict(`${privacyMessages.eraseRefused} ${reasons.join('; ')}.`);

    const scope = await familyScope(
      tx,
      parent,
      rows.map((r) => r.id),
    );
    const [{ n: mails } = { n: 0 }] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from mail_outbox
          where ${inList(sql`subscription_id`, [...scope.subscriptionIds, ...scope.trashedSubscriptionIds], 'int')} or lower(recipient) = lower(${parent.email})`,
    );
    for (const { erase } of familyTables) await erase(tx, scope);
    const result = {
      parentId,
      children: scope.childIds.length,
      subscriptions: scope.subscriptionIds.length + scope.trashedSubscriptionIds.length,
      mails,
    };
    await writeAudit(tx, { adminId, action: 'eraseFamily', entity: 'family', entityId: parentId, before: null, after: result });
    return result;
  });
}
