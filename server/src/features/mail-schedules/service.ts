import { and, eq, sql } from 'drizzle-orm';
import { todayInBelgium } from '@common/calendar.js';
import { scheduleApplies, scheduleDueOn, scheduleIsDue, type ScheduledSubscription } from '@common/mail-schedules.js';
import { validationMessages } from '@common/messages.js';
import { mailScheduleMessages, type MailScheduleRecord, type MailScheduleValues } from '@common/schemas/mail-schedules.js';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import { lockRowById } from '../../lib/lock.js';
import { auditedDelete } from '../../domain/audited-delete.js';
import { camps, mailScheduleSends, mailSchedules, mailTemplates } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { invalidFields } from '../../lib/errors.js';
import { listSubscriptionMoney, type SubscriptionMoney } from '../../domain/subscription-money.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';

type ScheduleRow = typeof mailSchedules.$inferSelect;

const toAudit = (row: ScheduleRow) => ({
  MAILSCHEDULE_ID: row.id,
  CAMP_ID: row.campId,
  MAILTEMPLATE_ID: row.templateId,
  TRIGGER: row.trigger,
  DAYS: row.days,
  TARGET: row.target,
});

const toColumns = (values: MailScheduleValues) => ({
  campId: values.CAMP_ID,
  templateId: values.MAILTEMPLATE_ID,
  trigger: values.TRIGGER,
  days: values.DAYS,
  target: values.TARGET,
});

async function checkReferences(db: Executor, values: MailScheduleValues) {
  const fields: Record<string, string> = {};
  if ((await db.select({ id: camps.id }).from(camps).where(eq(camps.id, values.CAMP_ID))).length === 0)
    fields.CAMP_ID = mailScheduleMessages.campNotFound;
  if ((await db.select({ id: mailTemplates.id }).from(mailTemplates).where(eq(mailTemplates.id, values.MAILTEMPLATE_ID))).length === 0)
    fields.MAILTEMPLATE_ID = validationMessages.wrongFormat;
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

export async function createMailSchedule(db: Database, adminId: number, values: MailScheduleValues): Promise<number> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, values);
    const [row] = await tx.insert(mailSchedules).values(toColumns(values)).returning();
    await writeAudit(tx, {
      adminId,
      action: 'crudMailSchedule:create',
      entity: 'mailSchedule',
      entityId: row!.id,
      before: null,
      after: toAudit(row!),
    });
    return row!.id;
  });
}

export async function updateMailSchedule(db: Database, adminId: number, id: number, values: MailScheduleValues): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await lockRowById(tx, mailSchedules, id, mailScheduleMessages.notFound);
    await checkReferences(tx, values);
    const [after] = await tx.update(mailSchedules).set(toColumns(values)).where(eq(mailSchedules.id, id)).returning();
    await writeAudit(tx, {
      adminId,
      action: 'crudMailSchedule:update',
      entity: 'mailSchedule',
      entityId: id,
      before: toAudit(before),
      after: toAudit(after!),
    });
    return id;
  });
}

/** Deleting a schedule forgets what it sent (the mails stay in the outbox). */
export async function deleteMailSchedule(db: Database, adminId: number, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    await auditedDelete(tx, {
      table: mailSchedules,
      id,
      notFound: mailScheduleMessages.notFound,
      audit: { adminId, action: 'crudMailSchedule:delete', entity: 'mailSchedule' },
      snapshot: toAudit,
    });
    return id;
  });
}

const scheduled = (row: SubscriptionMoney): ScheduledSubscription => ({
  bookedOn: todayInBelgium(new Date(row.SUBSCRIPTION_CREATION_DATE)),
  campStart: row.PERIOD_STARTDATE,
  campEnd: row.PERIOD_ENDDATE,
  cancelled: row.SUBSCRIPTION_CANCELLED,
  saldoCents: row.saldoCents,
});

interface SentRow {
  scheduleId: number;
  subscriptionId: number;
  reference: string;
  childName: string;
  sentAt: string;
}

async function sentMails(db: Executor, where: ReturnType<typeof sql>): Promise<SentRow[]> {
  return queryRows<SentRow>(
    db,
    sql`select ss.schedule_id as "scheduleId", ss.subscription_id as "subscriptionId", s.reference,
          ch.firstname || ' ' || ch.lastname as "childName",
          to_char(ss.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt"
        from mail_schedule_sends ss
        join mail_schedules ms on ms.id = ss.schedule_id
        join subscriptions s on s.id = ss.subscription_id
        join children ch on ch.id = s.child_id
        where ${where}
        order by ss.sent_at, ss.subscription_id`,
  );
}

/** The camp's schedules (or one), each with the mails it sent and those it will send, by the day they fall due. */
export async function listMailSchedules(
  db: Executor,
  clock: Clock,
  filter: { campId?: number; id?: number },
): Promise<MailScheduleRecord[]> {
  const where = filter.id !== undefined ? eq(mailSchedules.id, filter.id) : eq(mailSchedules.campId, filter.campId!);
  const schedules = await db.select().from(mailSchedules).where(where).orderBy(mailSchedules.id);
  if (schedules.length === 0) return [];
  const campId = schedules[0]!.campId;
  const subscriptions = await listSubscriptionMoney(db, { campId });
  const sent = await sentMails(db, filter.id !== undefined ? sql`ms.id = ${filter.id}` : sql`ms.camp_id = ${campId}`);
  const today = todayInBelgium(clock.now());
  return schedules.map((schedule) => {
    const sentHere = sent.filter((s) => s.scheduleId === schedule.id);
    const done = new Set(sentHere.map((s) => s.subscriptionId));
    const planned = subscriptions
      .filter((row) => !done.has(row.SUBSCRIPTION_ID) && scheduleApplies(schedule, scheduled(row), today))
      .map((row) => ({
        SUBSCRIPTION_ID: row.SUBSCRIPTION_ID,
        SUBSCRIPTION_REFERENCE: row.SUBSCRIPTION_REFERENCE,
        CHILD_NAME: `${row.SUBSCRIBER_FIRSTNAME} ${row.SUBSCRIBER_LASTNAME}`,
        AT: scheduleDueOn(schedule, scheduled(row)),
      }))
      .sort((a, b) => a.AT.localeCompare(b.AT) || a.SUBSCRIPTION_ID - b.SUBSCRIPTION_ID);
    return {
      MAILSCHEDULE_ID: schedule.id,
      CAMP_ID: schedule.campId,
      MAILTEMPLATE_ID: schedule.templateId,
      TRIGGER: schedule.trigger,
      DAYS: schedule.days,
      TARGET: schedule.target,
      SENT: sentHere.map((s) => ({
        SUBSCRIPTION_ID: s.subscriptionId,
        SUBSCRIPTION_REFERENCE: s.reference,
        CHILD_NAME: s.childName,
        AT: s.sentAt,
      })),
      PLANNED: planned,
    };
  });
}

/**
 * Sends every scheduled mail that is due and not yet sent. Each goes in its own transaction that first
 * claims the (schedule, subscription) pair in mail_schedule_sends: the primary key lets one claim win, so a
 * mail is never queued twice, whether two processes run at once or the server restarts. Answers how many
 * mails it queued.
 */
export async function sendDueScheduledMails(db: Database, deps: OutboxDeps, clock: Clock): Promise<number> {
  const now = clock.now();
  const today = todayInBelgium(now);
  const schedules = await db.select().from(mailSchedules).orderBy(mailSchedules.campId, mailSchedules.id);
  let queued = 0;
  for (const campId of [...new Set(schedules.map((s) => s.campId))]) {
    const subscriptions = await listSubscriptionMoney(db, { campId });
    for (const schedule of schedules.filter((s) => s.campId === campId)) {
      const done = new Set(
        (
          await db
            .select({ id: mailScheduleSends.subscriptionId })
            .from(mailScheduleSends)
            .where(eq(mailScheduleSends.scheduleId, schedule.id))
        ).map((r) => r.id),
      );
      for (const row of subscriptions) {
        if (done.has(row.SUBSCRIPTION_ID) || !scheduleIsDue(schedule, scheduled(row), today)) continue;
        const sent = await withOutbox(db, deps, async (tx, outbox) => {
          const [claim] = await tx
            .insert(mailScheduleSends)
            .values({ scheduleId: schedule.id, subscriptionId: row.SUBSCRIPTION_ID, sentAt: now.toISOString() })
            .onConflictDoNothing()
            .returning();
          if (!claim) return false;
          const [template] = await tx.select().from(mailTemplates).where(eq(mailTemplates.id, schedule.templateId));
          const detail = await findSubscriptionDetail(tx, row.SUBSCRIPTION_ID);
          if (!template || !detail) return false;
          const mail = await outbox.enqueueMail({
            templateId: template.id,
            template,
            detail,
            to: detail.SUBSCRIBER_PARENT_EMAIL,
            paymentQr: schedule.trigger === 'afterBooking',
          });
          await tx
            .update(mailScheduleSends)
            .set({ mailId: mail.id })
            .where(and(eq(mailScheduleSends.scheduleId, schedule.id), eq(mailScheduleSends.subscriptionId, row.SUBSCRIPTION_ID)));
          return true;
        });
        if (sent) queued++;
      }
    }
  }
  return queued;
}
