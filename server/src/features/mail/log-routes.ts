import { and, desc, eq, sql } from 'drizzle-orm';
import { mailLogCalls } from '@common/contract/mail-log.js';
import type { MailRecord } from '@common/schemas/mail.js';
import { lockRowById } from '../../lib/lock.js';
import { children, mailOutbox, subscriptions } from '../../db/schema.js';
import { isoTimestamp } from '../../db/sql.js';
import { writeAudit } from '../../lib/audit.js';
import { callRoutes } from '../../lib/calls.js';
import { conflict } from '../../lib/errors.js';
import { currentAdminId } from '../../lib/session-user.js';

const mailColumns = {
  MAIL_ID: mailOutbox.id,
  SUBSCRIPTION_ID: mailOutbox.subscriptionId,
  MAIL_TEMPLATE_ID: mailOutbox.templateId,
  MAIL_SUBJECT: mailOutbox.subject,
  MAIL_RECIPIENT: mailOutbox.recipient,
  MAIL_STATUS: mailOutbox.status,
  MAIL_ATTEMPTS: mailOutbox.attempts,
  MAIL_ERROR: mailOutbox.error,
  MAIL_CREATED_AT: sql<string>`${isoTimestamp('mail_outbox.created_at')}`,
  MAIL_SENT_AT: sql<string | null>`${isoTimestamp('mail_outbox.sent_at')}`,
};

/** The mail log of a subscription, the list of failed mails, and 'Opnieuw versturen'. */
export default callRoutes(mailLogCalls, (app) => ({
  getMails: async (request) =>
    (await app.database.db
      .select(mailColumns)
      .from(mailOutbox)
      .where(eq(mailOutbox.subscriptionId, request.query.subscriptionId))
      .orderBy(desc(mailOutbox.id))) as MailRecord[],

  getFailedMails: async () =>
    (await app.database.db
      .select({
        ...mailColumns,
        SUBSCRIPTION_REFERENCE: subscriptions.reference,
        SUBSCRIBER_FIRSTNAME: children.firstname,
        SUBSCRIBER_LASTNAME: children.lastname,
      })
      .from(mailOutbox)
      .leftJoin(subscriptions, eq(subscriptions.id, mailOutbox.subscriptionId))
      .leftJoin(children, eq(children.id, subscriptions.childId))
      .where(eq(mailOutbox.status, 'failed'))
      .orderBy(desc(mailOutbox.id))) as MailRecord[],

  // A failed mail gets a fresh series of attempts; the relay sends it at once. Its old failure is history (the audit
  // entry keeps it): the log shows a new failure only when a new attempt fails.
  retryMail: async (request) => {
    const adminId = currentAdminId(request);
    const mailId = request.body.MAIL_ID;
    const retried = await app.database.db.transaction(async (tx) => {
      const mail = await lockRowById(tx, mailOutbox, mailId, 'Mail niet gevonden');
      if (mail.status !== 'failed') throw conflict('Enkel een mislukte mail kan opnieuw verstuurd worden.');
      await tx
        .update(mailOutbox)
        .set({ status: 'outbox', attempts: 0, error: null, nextAttemptAt: null, claimedUntil: null })
        .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'failed')));
      await writeAudit(tx, {
        adminId,
        action: 'retryMail',
        entity: 'mail',
        entityId: mailId,
        before: { status: mail.status, error: mail.error },
        after: { status: 'outbox' },
      });
      return ((await tx.select(mailColumns).from(mailOutbox).where(eq(mailOutbox.id, mailId))) as MailRecord[])[0]!;
    });
    app.mailRelay.nudge();
    return retried;
  },
}));
