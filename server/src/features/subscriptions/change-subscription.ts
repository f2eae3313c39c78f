import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { lockRowById } from '../../lib/lock.js';
import { subscriptions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { withOutbox, type CampMailKind, type MailStatus } from '../../domain/outbox.js';
import type { MailRelay } from '../../mail/relay.js';
import type { OrganiserSettings } from '../../lib/settings.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import { subscriptionMessages } from '../../domain/subscription-messages.js';
import { refillCamp } from '../../domain/waiting-list.js';
import type { Clock } from '../../lib/clock.js';

export interface SubscriptionDeps {
  db: Database;
  /** Sends recorded mail after the commit (withOutbox wakes it). */
  relay: MailRelay;
  /** The organiser's settings from the environment, until staff save their own. */
  settingsDefaults: OrganiserSettings;
  /** The moment of a change (the waiting list's offers are dated by it). */
  clock: Clock;
}

/**
 * Locks the subscription row for the rest of the transaction and answers its detail as it is now.
 * Concurrent changes of one subscription queue here, so each sees the previous one's result.
 */
export async function lockSubscription(tx: Executor, subscriptionId: number): Promise<SubscriptionDetail> {
  await lockRowById(tx, subscriptions, subscriptionId, subscriptionMessages.notFound);
  return (await findSubscriptionDetail(tx, subscriptionId))!;
}

export interface SubscriptionChange {
  /** The call's name, as the audit log records it. */
  action: string;
  subscriptionId: number;
  /** Checks the state of the locked subscription and writes the change; an AppError refuses it and nothing is written. */
  apply(tx: Transaction, current: SubscriptionDetail): Promise<void>;
  /** The camp's mail to the parent about this change, if it has one. */
  mail?: CampMailKind;
  /** The change frees the seat: the camp's waiting list gets it offered in the same transaction (issue 34). */
  freesSeat?: boolean;
}

export interface ChangeResult {
  detail: SubscriptionDetail;
  mailStatus: MailStatus | null;
}

/**
 * One change of a subscription: lock, check and write, audit with before and after, and record the
 * mail, all in one transaction. The relay sends the mail after the commit; the call does not wait for it,
 * so a slow or failing SMTP server neither delays nor undoes a change (its mail then shows as failing).
 */
export async function changeSubscription(deps: SubscriptionDeps, adminId: number, change: SubscriptionChange): Promise<ChangeResult> {
  const { detail, mail } = await withOutbox(deps.db, deps, async (tx, outbox) => {
    const before = await lockSubscription(tx, change.subscriptionId);
    await change.apply(tx, before);
    const after = (await findSubscriptionDetail(tx, change.subscriptionId))!;
    await writeAudit(tx, { adminId, action: change.action, entity: 'subscription', entityId: change.subscriptionId, before, after });
    const queued = change.mail ? await outbox.enqueueCampMail(after, change.mail) : null;
    if (change.freesSeat)
      await refillCamp({ tx, outbox, now: deps.clock.now(), settingsDefaults: deps.settingsDefaults, adminId }, after.CAMP_ID);
    return { detail: after, mail: queued };
  });
  return { detail, mailStatus: mail ? 'outbox' : null };
}
