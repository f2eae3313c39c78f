import { eq, or, sql } from 'drizzle-orm';
import {
  mailTemplateMessages,
  TEST_MAIL_NOTE,
  TEST_MAIL_SUBJECT_PREFIX,
  type MailPreview,
  type MailTemplateRecord,
  type MailTemplateValues,
  type TestMailResult,
} from '@common/schemas/mail-templates.js';
import { inUseMessage } from '@common/schemas/season.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import type { Database, Executor } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { camps, mailTemplates } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, invalidFields, notFound } from '../../lib/errors.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import { readSettings } from '../../lib/settings.js';
import { sendMailNow, type MailDeps } from '../../domain/outbox.js';
import { renderTemplate, subscriptionMailValues } from '../../lib/mail-render.js';
import { defaultMailTemplates } from '../../mail/default-templates.js';
import { sampleSubscription } from './sample-subscription.js';

/** The mail templates with how many camps name each, sorted by identifier. */
export async function listMailTemplates(db: Executor, templateId?: string): Promise<MailTemplateRecord[]> {
  return queryRows<MailTemplateRecord>(
    db,
    sql`select t.id as "MAILTEMPLATE_ID", t.subject as "MAILTEMPLATE_SUBJECT", t.body as "MAILTEMPLATE_BODY",
          (select count(*)::int from camps c where t.id in (c.email_template_confirm, c.email_template_cancel,
            c.email_template_convert_cash, c.email_template_convert_bank_transfer)) as "CAMPS_USING"
        from mail_templates t ${templateId === undefined ? sql`` : sql`where t.id = ${templateId}`}
        order by t.id`,
  );
}

export async function mailTemplateExists(db: Executor, templateId: string): Promise<boolean> {
  return (await db.select({ id: mailTemplates.id }).from(mailTemplates).where(eq(mailTemplates.id, templateId))).length > 0;
}

type TemplateRow = typeof mailTemplates.$inferSelect;
const toAudit = (row: TemplateRow) => ({ MAILTEMPLATE_ID: row.id, MAILTEMPLATE_SUBJECT: row.subject, MAILTEMPLATE_BODY: row.body });

export async function createMailTemplate(db: Database, adminId: number, values: MailTemplateValues): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailTemplates)
      .values({ id: values.MAILTEMPLATE_ID, subject: values.MAILTEMPLATE_SUBJECT, body: values.MAILTEMPLATE_BODY })
      .onConflictDoNothing()
      .returning();
    if (!row) throw invalidFields({ MAILTEMPLATE_ID: mailTemplateMessages.exists });
    await writeAudit(tx, {
      adminId,
      action: 'crudMailTemplate:create',
      entity: 'mailTemplate',
      entityId: null,
      before: null,
      after: toAudit(row),
    });
    return row.id;
  });
}

export async function updateMailTemplate(db: Database, adminId: number, templateId: string, values: MailTemplateValues): Promise<string> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(mailTemplates).where(eq(mailTemplates.id, templateId)).for('update');
    if (!before) throw notFound(mailTemplateMessages.notFound);
    const [after] = await tx
      .update(mailTemplates)
      .set({ subject: values.MAILTEMPLATE_SUBJECT, body: values.MAILTEMPLATE_BODY })
      .where(eq(mailTemplates.id, templateId))
      .returning();
    await writeAudit(tx, {
      adminId,
      action: 'crudMailTemplate:update',
      entity: 'mailTemplate',
      entityId: null,
      before: toAudit(before),
      after: toAudit(after!),
    });
    return templateId;
  });
}

/** Every template the product ships (camp defaults, move, reminder, refund, fiscal attest): calls name them, so they stay. */
const shippedTemplateIds: string[] = defaultMailTemplates.map((template) => template.id);

/** A template camps name stays, and so do the four defaults every new camp starts with and the move mail's. */
export async function deleteMailTemplate(db: Database, adminId: number, templateId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(mailTemplates).where(eq(mailTemplates.id, templateId)).for('update');
    if (!before) throw notFound(mailTemplateMessages.notFound);
    if (shippedTemplateIds.includes(templateId)) throw conflict(mailTemplateMessages.isDefault);
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(camps)
      .where(
        or(
          eq(camps.emailTemplateConfirm, templateId),
          eq(camps.emailTemplateCancel, templateId),
          eq(camps.emailTemplateConvertCash, templateId),
          eq(camps.emailTemplateConvertBankTransfer, templateId),
        ),
      );
    if ((used?.n ?? 0) > 0) throw conflict(inUseMessage('Dit mailsjabloon', [{ count: used!.n, one: 'kamp', many: 'kampen' }]));
    await tx.delete(mailTemplates).where(eq(mailTemplates.id, templateId));
    await writeAudit(tx, {
      adminId,
      action: 'crudMailTemplate:delete',
      entity: 'mailTemplate',
      entityId: null,
      before: toAudit(before),
      after: null,
    });
    return templateId;
  });
}

/** The subscription a preview is filled with: the one asked for, else a made-up one (issue 39). */
async function previewSubscription(db: Executor, subscriptionId: number | undefined): Promise<SubscriptionDetail> {
  if (subscriptionId === undefined) return sampleSubscription();
  const detail = await findSubscriptionDetail(db, subscriptionId);
  if (!detail) throw notFound(mailTemplateMessages.subscriptionNotFound);
  return detail;
}

export interface TemplateText {
  MAILTEMPLATE_SUBJECT: string;
  MAILTEMPLATE_BODY: string;
  SUBSCRIPTION_ID?: number;
}

/** The template as it is being edited, filled with made-up data (or a real subscription asked for) and the organiser's settings. */
export async function previewMail(db: Executor, input: TemplateText, settingsDefaults: MailDeps['settingsDefaults']): Promise<MailPreview> {
  const detail = await previewSubscription(db, input.SUBSCRIPTION_ID);
  const organiser = await readSettings(db, settingsDefaults);
  const mail = renderTemplate(
    { subject: input.MAILTEMPLATE_SUBJECT, body: input.MAILTEMPLATE_BODY },
    subscriptionMailValues(detail, organiser),
  );
  const real = input.SUBSCRIPTION_ID !== undefined;
  return {
    SUBSCRIPTION_ID: real ? detail.SUBSCRIPTION_ID : null,
    SUBSCRIPTION_REFERENCE: real ? detail.SUBSCRIPTION_REFERENCE : null,
    ...mail,
  };
}

/**
 * 'Testmail versturen': the template filled with made-up data, never a real family's (issue 39), marked as a test in
 * its subject and first line, to any address; recorded in the outbox apart from every subscription and sent like every mail.
 */
export async function sendTestMail(
  db: Database,
  deps: MailDeps,
  input: Omit<TemplateText, 'SUBSCRIPTION_ID'> & { MAILTEMPLATE_ID?: string; TO: string },
): Promise<TestMailResult> {
  const { mail, status } = await sendMailNow(db, deps, {
    templateId: input.MAILTEMPLATE_ID || 'testmail',
    template: {
      subject: `${TEST_MAIL_SUBJECT_PREFIX}${input.MAILTEMPLATE_SUBJECT}`,
      body: `${TEST_MAIL_NOTE}\n\n${input.MAILTEMPLATE_BODY}`,
    },
    detail: sampleSubscription(),
    to: input.TO,
    subscriptionId: null,
  });
  return { mailId: mail.id, mailStatus: status };
}
