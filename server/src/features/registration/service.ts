import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { MOVE_MAIL_TEMPLATE } from '@common/constants.js';
import type { BookingOverrides, CreateSubscriptionPayload, MoveSubscriptionPayload } from '@common/schemas/registration.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import type { PublicParentFields } from '@common/schemas/public.js';
import type { Database, Executor } from '../../db/client.js';
import { sameNationalNumber } from '../../db/sql.js';
import { lockRowById } from '../../lib/lock.js';
import {
  attendance,
  camps,
  children,
  deletedSubscriptions,
  mailTemplates,
  parents,
  payments,
  subscriptionDiscounts,
  subscriptions,
} from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, invalidFields, notFound } from '../../lib/errors.js';
import type { TrashSnapshot } from '../../domain/subscription-trash.js';
import { defaultMailTemplates } from '../../mail/default-templates.js';
import type { MailRelay } from '../../mail/relay.js';
import { withOutbox } from '../../domain/outbox.js';
import { insertParent } from '../../domain/parents.js';
import {
  auditOverrides,
  bookedDays,
  checkCampRules,
  checkLunchPreference,
  checkNoOverlap,
  childForBooking,
  lockCamp,
  writeBooking,
} from '../../domain/booking.js';
import type { OrganiserSettings } from '../../lib/settings.js';
import { recomputeSiblingDiscounts } from '../../domain/sibling-discounts.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import { subscriptionMessages } from '../../domain/subscription-messages.js';
import { registrationMessages as messages } from './messages.js';
import { refillCamp } from '../../domain/waiting-list.js';
import type { Clock } from '../../lib/clock.js';

export interface RegistrationDeps {
  db: Database;
  /** Sends recorded mail after the commit (withOutbox wakes it). */
  relay: MailRelay;
  /** The organiser's settings from the environment, until staff save their own. */
  settingsDefaults: OrganiserSettings;
  /** The moment of a change (the waiting list's offers are dated by it). */
  clock: Clock;
}

/** The parent named by id, or the new one: one already known by the same national number is reused, not duplicated. */
async function parentOf(tx: Executor, payload: CreateSubscriptionPayload): Promise<number> {
  if (payload.SUBSCRIBER_PARENT_ID !== undefined) {
    return (await lockRowById(tx, parents, payload.SUBSCRIBER_PARENT_ID, messages.parentNotFound)).id;
  }
  const nationalnr = payload.SUBSCRIBER_PARENT_NATIONALNR ?? null;
  if (nationalnr !== null) {
    const [known] = await tx.select({ id: parents.id }).from(parents).where(sameNationalNumber(parents.nationalnr, nationalnr)).limit(1);
    if (known) return known.id;
  }
  // Without SUBSCRIBER_PARENT_ID the payload's check requires the new parent's fields.
  return insertParent(tx, payload.SUBSCRIBER_PARENT_EMAIL!, payload as PublicParentFields);
}

/**
 * The child named by id (it must be this parent's), or the new one: a child of this parent with the same
 * national number, or the same first name and birth date, is reused. The child's row is locked, so two
 * registrations of one child into overlapping camps queue and the second sees the first.
 */
async function childOf(tx: Executor, payload: CreateSubscriptionPayload, parentId: number): Promise<number> {
  if (payload.SUBSCRIBER_ID !== undefined) {
    const child = await lockRowById(tx, children, payload.SUBSCRIBER_ID, messages.childNotFound);
    if (child.parentId !== parentId) throw invalidFields({ SUBSCRIBER_ID: messages.childOfOtherParent });
    return child.id;
  }
  const nationalnr = payload.SUBSCRIBER_NATIONALNR ?? null;
  const [known] = await tx
    .select({ id: children.id })
    .from(children)
    .where(
      and(
        eq(children.parentId, parentId),
        nationalnr !== null
          ? sameNationalNumber(children.nationalnr, nationalnr)
          : sql`lower(${children.firstname}) = lower(${payload.SUBSCRIBER_FIRSTNAME!}) and ${children.birthdate} = ${payload.SUBSCRIBER_BIRTHDATE!}::date`,
      ),
    )
    .limit(1)
    .for('update');
  if (known) return known.id;
  const [row] = await tx
    .insert(children)
    .values({
      parentId,
      firstname: payload.SUBSCRIBER_FIRSTNAME!,
      lastname: payload.SUBSCRIBER_LASTNAME!,
      genderId: payload.SUBSCRIBER_GENDER_ID!,
      birthdate: payload.SUBSCRIBER_BIRTHDATE!,
      nationalnr,
    })
    .returning({ id: children.id });
  return row!.id;
}

/**
 * 'Inschrijving toevoegen' (issue 18): books a seat in the camp for an existing or new child of an existing
 * or new parent, with the camp's price, the organiser's discounts, a reference and OGM made from the new id,
 * and the camp's confirmation mail through the outbox (the relay sends it after the commit).
 */
export async function createSubscription(deps: RegistrationDeps, adminId: number, payload: CreateSubscriptionPayload) {
  const subscriptionId = await withOutbox(deps.db, deps, async (tx, outbox) => {
    const camp = await lockCamp(tx, payload.CAMP_ID);
    const parentId = await parentOf(tx, payload);
    const childId = await childOf(tx, payload, parentId);
    await checkLunchPreference(tx, payload.SUBSCRIPTION_LUNCH_PREFERENCE_ID);
    const days = bookedDays(camp, payload.SUBSCRIPTION_SELECTED_DAYS, (message) => invalidFields({ SUBSCRIPTION_SELECTED_DAYS: message }));
    await checkNoOverlap(tx, childId, camp, null);
    const overridden = checkCampRules(camp, await childForBooking(tx, childId), payload);
    const { detail } = await writeBooking(tx, outbox, {
      camp,
      childId,
      parentId,
      paymentMethodId: payload.PAYMENTMETHOD_ID,
      lunchPreferenceId: payload.SUBSCRIPTION_LUNCH_PREFERENCE_ID,
      remark: payload.SUBSCRIPTION_REMARK,
      days,
      source: payload.SUBSCRIPTION_SOURCE,
      adminId,
      action: 'createSubscription',
      overridden,
    });
    return detail.SUBSCRIPTION_ID;
  });
  return { SUBSCRIPTION_ID: subscriptionId };
}

/** The move mail's template; it ships with the product and is put back when it is missing from an older database. */
async function moveTemplate(tx: Executor) {
  const shipped = defaultMailTemplates.find((t) => t.id === MOVE_MAIL_TEMPLATE)!;
  await tx.insert(mailTemplates).values(shipped).onConflictDoNothing();
  const [template] = await tx.select().from(mailTemplates).where(eq(mailTemplates.id, MOVE_MAIL_TEMPLATE));
  return template!;
}

/**
 * 'Verplaatsen' (issue 18): the child goes to another camp of the same year. The subscription keeps its id,
 * reference, OGM and payments; its price becomes the target camp's price now, the whole target camp is
 * booked (a flexible one: all its days), the organiser's discounts are made again for the target and staff's
 * extra discounts stay. The audit entry keeps the old camp; the parent gets the 'verplaatsing' mail.
 */
export async function moveSubscription(
  deps: RegistrationDeps,
  adminId: number,
  payload: MoveSubscriptionPayload,
): Promise<SubscriptionDetail> {
  const detail = await withOutbox(deps.db, deps, async (tx, outbox) => {
    await lockRowById(tx, subscriptions, payload.SUBSCRIPTION_ID, subscriptionMessages.notFound);
    const before = (await findSubscriptionDetail(tx, payload.SUBSCRIPTION_ID))!;
    if (before.CAMP_ID === payload.CAMP_ID) throw conflict(messages.sameCamp);
    if (before.SUBSCRIPTION_CANCELLED) throw conflict(messages.cancelled);
    // Both camps' rows, the lower id first, so that two moves between the same camps never wait for each other.
    if (before.CAMP_ID < payload.CAMP_ID) await lockCamp(tx, before.CAMP_ID);
    const camp = await lockCamp(tx, payload.CAMP_ID);
    if (Number(before.PERIOD_STARTDATE.slice(0, 4)) !== camp.year) throw conflict(messages.otherYear);
    await checkNoOverlap(tx, before.SUBSCRIBER_ID, camp, before.SUBSCRIPTION_ID);
    const overridden = checkCampRules(camp, await childForBooking(tx, before.SUBSCRIBER_ID), payload);
    const days = camp.flexible ? camp.activeDays : null;
    await tx
      .update(subscriptions)
      .set({ campId: camp.id, campPriceCents: camp.priceCents, selectedDays: days })
      .where(eq(subscriptions.id, before.SUBSCRIPTION_ID));
    await tx
      .delete(subscriptionDiscounts)
      .where(and(eq(subscriptionDiscounts.subscriptionId, before.SUBSCRIPTION_ID), ne(subscriptionDiscounts.kind, 'extra')));
    // The whole target camp is booked: no discount for fewer days. The sibling discounts of the family follow.
    await recomputeSiblingDiscounts(tx, {
      adminId,
      action: 'moveSubscription',
      parentId: before.SUBSCRIBER_PARENT_ID,
      campYear: camp.year,
      quietFor: before.SUBSCRIPTION_ID,
    });
    // Attendance was registered on the old camp's days.
    await tx.delete(attendance).where(eq(attendance.subscriptionId, before.SUBSCRIPTION_ID));
    const after = (await findSubscriptionDetail(tx, before.SUBSCRIPTION_ID))!;
    await writeAudit(tx, { adminId, action: 'moveSubscription', entity: 'subscription', entityId: after.SUBSCRIPTION_ID, before, after });
    await auditOverrides(tx, adminId, 'moveSubscription', after.SUBSCRIPTION_ID, overridden);
    const template = await moveTemplate(tx);
    await outbox.enqueueMail({ templateId: template.id, template, detail: after, to: after.SUBSCRIBER_PARENT_EMAIL });
    // The seat it left goes to the old camp's waiting list (issue 34).
    await refillCamp({ tx, outbox, now: deps.clock.now(), settingsDefaults: deps.settingsDefaults, adminId }, before.CAMP_ID);
    return after;
  });
  return detail;
}

/**
 * 'Terugzetten' (issue 18): the subscription from the trash exactly as it was (id, reference, OGM, amounts,
 * discounts, attendance, payments), if the camp's rules allow it now (a seat, open, the child's age) or with
 * staff's overrides. A cancelled subscription takes no seat and is not a booking: it comes back as it was.
 */
export async function restoreSubscription(deps: RegistrationDeps, adminId: number, subscriptionId: number, overrides: BookingOverrides) {
  await deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(deletedSubscriptions)
      .where(eq(deletedSubscriptions.subscriptionId, subscriptionId))
      .for('update');
    if (!entry) throw notFound(messages.notInTrash);
    const snapshot = entry.snapshot as TrashSnapshot;
    const [campExists] = await tx.select({ id: camps.id }).from(camps).where(eq(camps.id, entry.campId));
    if (!campExists) throw conflict(messages.campGone);
    const [childExists] = await tx.select({ id: children.id }).from(children).where(eq(children.id, entry.childId));
    if (!childExists) throw conflict(messages.childGone);
    const camp = await lockCamp(tx, entry.campId);
    await checkNoOverlap(tx, entry.childId, camp, subscriptionId);
    const overridden = snapshot.subscription.cancelled ? [] : checkCampRules(camp, await childForBooking(tx, entry.childId), overrides);
    const [taken] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(sql`${subscriptions.reference} = ${snapshot.subscription.reference} or ${subscriptions.ogm} = ${snapshot.subscription.ogm}`);
    if (taken) throw conflict(messages.referenceTaken);
    await tx.insert(subscriptions).values(snapshot.subscription);
    if (snapshot.discounts.length > 0) await tx.insert(subscriptionDiscounts).values(snapshot.discounts);
    if (snapshot.attendance.length > 0) await tx.insert(attendance).values(snapshot.attendance);
    if (snapshot.paymentIds.length > 0) {
      await tx
        .update(payments)
        .set({ subscriptionId })
        .where(and(inArray(payments.id, snapshot.paymentIds), isNull(payments.subscriptionId)));
    }
    await tx.delete(deletedSubscriptions).where(eq(deletedSubscriptions.subscriptionId, subscriptionId));
    // Back in the family's live bookings: a sibling's discount it earned comes back.
    const restored = (await findSubscriptionDetail(tx, subscriptionId))!;
    await recomputeSiblingDiscounts(tx, {
      adminId,
      action: 'restoreSubscription',
      parentId: restored.SUBSCRIBER_PARENT_ID,
      campYear: camp.year,
      quietFor: subscriptionId,
    });
    const after = (await findSubscriptionDetail(tx, subscriptionId))!;
    await writeAudit(tx, { adminId, action: 'restoreSubscription', entity: 'subscription', entityId: subscriptionId, before: null, after });
    await auditOverrides(tx, adminId, 'restoreSubscription', subscriptionId, overridden);
  });
  return { SUBSCRIPTION_ID: subscriptionId };
}
