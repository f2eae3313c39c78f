import { eq, sql } from 'drizzle-orm';
import { REMINDER_MAIL_TEMPLATE } from '@common/constants.js';
import { centsToEuro } from '@common/money.js';
import { daysSince, reminderRefusal, type ReminderLimits } from '@common/reminders.js';
import { reminderMessages, type OpenPaymentRecord, type SendPaymentRemindersResult } from '@common/schemas/reminders.js';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import { mailTemplates, paymentReminders, subscriptions } from '../../db/schema.js';
import { inList } from '../../db/sql.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { listSubscriptionMoney, type SubscriptionMoney } from '../../domain/subscription-money.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { readSettings } from '../../lib/settings.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';

interface ReminderHistory {
  subscriptionId: number;
  count: number;
  lastAt: string | null;
}

async function reminderHistory(db: Executor, subscriptionIds: number[]): Promise<Map<number, ReminderHistory>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await queryRows<ReminderHistory>(
    db,
    sql`select subscription_id as "subscriptionId", count(*)::int as count,
          to_char(max(sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastAt"
        from payment_reminders where ${inList(sql`subscription_id`, subscriptionIds, 'int')} group by subscription_id`,
  );
  return new Map(rows.map((r) => [r.subscriptionId, r]));
}

async function reminderLimits(db: Executor, deps: Pick<OutboxDeps, 'settingsDefaults'>): Promise<ReminderLimits> {
  const settings = await readSettings(db, deps.settingsDefaults);
  return { intervalDays: settings.REMINDER_INTERVAL_DAYS, maxCount: settings.REMINDER_MAX_COUNT };
}

const refusalOf = (row: SubscriptionMoney, history: ReminderHistory | undefined, limits: ReminderLimits, now: Date) =>
  reminderRefusal(
    {
      cancelled: row.SUBSCRIPTION_CANCELLED,
      saldoCents: row.saldoCents,
      remindersSent: history?.count ?? 0,
      lastReminderAt: history?.lastAt ?? null,
    },
    limits,
    now,
  );

/** 'Openstaande betalingen': every subscription of the year that is not cancelled and has money open. */
export async function listOpenPayments(
  db: Executor,
  deps: Pick<OutboxDeps, 'settingsDefaults'>,
  clock: Clock,
  filter: { campYear: number; campId?: number; periodId?: number; locationId?: number; minDaysOverdue?: number },
): Promise<OpenPaymentRecord[]> {
  const now = clock.now();
  const open = (await listSubscriptionMoney(db, filter)).filter(
    (row) =>
      !row.SUBSCRIPTION_CANCELLED && row.saldoCents > 0 && daysSince(row.SUBSCRIPTION_CREATION_DATE, now) >= (filter.minDaysOverdue ?? 0),
  );
  const history = await reminderHistory(
    db,
    open.map((r) => r.SUBSCRIPTION_ID),
  );
  const limits = await reminderLimits(db, deps);
  return open.map((row) => {
    const sent = history.get(row.SUBSCRIPTION_ID);
    return {
      SUBSCRIPTION_ID: row.SUBSCRIPTION_ID,
      SUBSCRIPTION_REFERENCE: row.SUBSCRIPTION_REFERENCE,
      SUBSCRIPTION_OGM: row.SUBSCRIPTION_OGM,
      SUBSCRIPTION_CREATION_DATE: row.SUBSCRIPTION_CREATION_DATE,
      SUBSCRIBER_FIRSTNAME: row.SUBSCRIBER_FIRSTNAME,
      SUBSCRIBER_LASTNAME: row.SUBSCRIBER_LASTNAME,
      SUBSCRIBER_PARENT_EMAIL: row.SUBSCRIBER_PARENT_EMAIL,
      CAMP_ID: row.CAMP_ID,
      THEME_NAME: row.THEME_NAME,
      LOCATION_NAME_SHORT: row.LOCATION_NAME_SHORT,
      PERIOD_NAME_SHORT: row.PERIOD_NAME_SHORT,
      PAYMENTMETHOD_ID: row.PAYMENTMETHOD_ID,
      SUBSCRIPTION_SALDO: centsToEuro(row.saldoCents),
      DAYS_SINCE_BOOKING: daysSince(row.SUBSCRIPTION_CREATION_DATE, now),
      REMINDERS_SENT: sent?.count ?? 0,
      LAST_REMINDER_AT: sent?.lastAt ?? null,
      REMINDER_REFUSAL: refusalOf(row, sent, limits, now),
    };
  });
}

/**
 * 'Herinnering versturen': each subscription that may get one gets a mail from the template 'herinnering'
 * through the outbox and a reminder row, in one transaction with its subscriptions locked (in id order), so
 * two staff members pressing at once cannot pass the interval or the maximum. The others are skipped with
 * the reason.
 */
export async function sendPaymentReminders(
  db: Database,
  deps: OutboxDeps,
  clock: Clock,
  adminId: number,
  subscriptionIds: number[],
): Promise<SendPaymentRemindersResult> {
  const ids = [...new Set(subscriptionIds)].sort((a, b) => a - b);
  const result = await withOutbox(db, deps, async (tx, outbox) => {
    const [template] = await tx.select().from(mailTemplates).where(eq(mailTemplates.id, REMINDER_MAIL_TEMPLATE));
    if (!template) throw conflict(reminderMessages.templateMissing);
    await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(inList(subscriptions.id, ids, 'int'))
      .orderBy(subscriptions.id)
      .for('update');
    const now = clock.now();
    const rows = new Map((await listSubscriptionMoney(tx, { subscriptionIds: ids })).map((r) => [r.SUBSCRIPTION_ID, r]));
    const history = await reminderHistory(tx, ids);
    const limits = await reminderLimits(tx, deps);
    const answer: SendPaymentRemindersResult = { sent: [], skipped: [] };
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) {
        answer.skipped.push({ SUBSCRIPTION_ID: id, SUBSCRIPTION_REFERENCE: null, reason: 'Inschrijving niet gevonden' });
        continue;
      }
      const refusal = refusalOf(row, history.get(id), limits, now);
      if (refusal) {
        answer.skipped.push({ SUBSCRIPTION_ID: id, SUBSCRIPTION_REFERENCE: row.SUBSCRIPTION_REFERENCE, reason: refusal });
        continue;
      }
      const detail = (await findSubscriptionDetail(tx, id))!;
      const mail = await outbox.enqueueMail({
        templateId: template.id,
        template,
        detail,
        to: detail.SUBSCRIBER_PARENT_EMAIL,
        paymentQr: true,
      });
      await tx.insert(paymentReminders).values({ subscriptionId: id, sentAt: now.toISOString(), mailId: mail.id, adminId });
      await writeAudit(tx, {
        adminId,
        action: 'sendPaymentReminders',
        entity: 'subscription',
        entityId: id,
        before: { remindersSent: history.get(id)?.count ?? 0 },
        after: { remindersSent: (history.get(id)?.count ?? 0) + 1, mailId: mail.id },
      });
      answer.sent.push({ SUBSCRIPTION_ID: id, mailId: mail.id });
    }
    return answer;
  });
  return result;
}
