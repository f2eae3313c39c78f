import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_METHOD } from '@common/constants.js';
import { staleDataMessages, validationMessages } from '@common/messages.js';
import { euroToCents, parseEuroAmount } from '@common/money.js';
import { afterPaymentReceived, type PaymentFacts } from '@common/payments.js';
import type {
  AddDiscountPayload,
  PaymentCompletePayload,
  SubscriptionDetail,
  UpdateSubscriberParentPayload,
  UpdateSubscriberPayload,
  UpdateSubscriptionPayload,
} from '@common/schemas/subscriptions.js';
import { birthYearFits, correctionOutOfRangeMessage } from '@common/registration.js';
import type { CorrectSubscriberPayload } from '@common/schemas/registration.js';
import { readRows, type Executor } from '../../db/client.js';
import { children, lunchPreferences, parents, payments, subscriptionDiscounts, subscriptions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { auditedVersionedUpdate, type RowOf, type VersionedTable, type VersionedUpdate } from '../../domain/versioned-update.js';
import { recomputeSiblingDiscounts } from '../../domain/sibling-discounts.js';
import { moveSubscriptionToTrash } from '../../domain/subscription-trash.js';
import { AppError, checkVersion, conflict, invalidFields } from '../../lib/errors.js';
import { withOutbox, type MailStatus } from '../../domain/outbox.js';
import { todayInBelgium } from '@common/calendar.js';
import { changeSubscription, lockSubscription, type SubscriptionDeps } from './change-subscription.js';
import { subscriptionMessages as messages } from '../../domain/subscription-messages.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import { campLabelSql } from '../../domain/booking.js';
import { listDiscounts } from './queries.js';
import { refillCamp } from '../../domain/waiting-list.js';

function paymentFactsOf(detail: SubscriptionDetail): PaymentFacts {
  return {
    paidAmountCents: euroToCents(detail.SUBSCRIPTION_PAID_AMOUNT),
    paid: detail.SUBSCRIPTION_PAID,
    paymentDate: detail.SUBSCRIPTION_PAYMENT_DATE,
    paidAccountNr: detail.SUBSCRIPTION_PAID_ACCOUNTNR,
  };
}

/** The use cases of the subscription detail screen (decisions.md section 4), one function per call. */

/**
 * A save of the child or parent card of a subscription's detail: the audited versioned update of the row (`update`),
 * answering the detail of the subscription asked for (`requested`), else of the newest of the row's (`ownerOf` says
 * which subscriptions are the row's). One asked for that is not the row's is NOT_FOUND, before the change is checked.
 */
async function updateCardOfDetail<T extends VersionedTable>(
  tx: Executor,
  requested: number | undefined,
  ownerOf: (row: RowOf<T>) => SQL,
  update: VersionedUpdate<T>,
): Promise<SubscriptionDetail> {
  let subscriptionId = 0;
  await auditedVersionedUpdate(tx, {
    ...update,
    change: async (before) => {
      const owner = ownerOf(before);
      const [row] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .innerJoin(children, eq(children.id, subscriptions.childId))
        .where(requested === undefined ? owner : and(owner, eq(subscriptions.id, requested)))
        .orderBy(desc(subscriptions.id))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', messages.notFound);
      subscriptionId = row.id;
      return update.change(before);
    },
  });
  return (await findSubscriptionDetail(tx, subscriptionId))!;
}

export async function updateSubscriber(
  deps: SubscriptionDeps,
  adminId: number,
  payload: UpdateSubscriberPayload,
): Promise<SubscriptionDetail> {
  return deps.db.transaction((tx) =>
    updateCardOfDetail(tx, payload.SUBSCRIPTION_ID, (child) => eq(children.id, child.id), {
      table: children,
      id: payload.SUBSCRIBER_ID,
      notFound: messages.subscriberNotFound,
      seenVersion: payload.SUBSCRIBER_VERSION,
      change: () => ({ firstname: payload.SUBSCRIBER_FIRSTNAME, lastname: payload.SUBSCRIBER_LASTNAME }),
      audit: { adminId, action: 'updateSubscriber', entity: 'subscriber' },
    }),
  );
}

/** A camp the child is still booked into (not cancelled, not ended by `today`), with its birth years and its name. */
async function campsStillBooked(tx: Executor, childId: number, today: string) {
  return readRows(
    tx,
    sql`select c.id as "CAMP_ID", c.min_birthyear as "MIN_BIRTHYEAR", c.max_birthyear as "MAX_BIRTHYEAR", ${campLabelSql} as name
        from subscriptions s
        join camps c on c.id = s.camp_id
        join periods p on p.id = c.period_id
        join themes th on th.id = c.theme_id
        join locations l on l.id = c.location_id
        where s.child_id = ${childId} and not s.cancelled and p.end_date >= ${today}::date
        order by p.start_date, c.id`,
    z.object({ CAMP_ID: z.number(), MIN_BIRTHYEAR: z.number(), MAX_BIRTHYEAR: z.number(), name: z.string() }),
  );
}

/**
 * 'Gegevens corrigeren' (issue 39, a beheerder): the child's gender, birth date and national number as they should
 * have been registered. A national number left out stays as stored; empty removes it. A birth year outside the birth
 * years of a camp the child is still booked into is refused (AGE_OUT_OF_RANGE, naming the camps) unless
 * `overAgeRange`, which is audited on its own as at registration. The fiscal attests follow the corrected data
 * (docs/decisions.md, 'Season rules').
 */
export async function correctSubscriber(
  deps: SubscriptionDeps,
  adminId: number,
  payload: CorrectSubscriberPayload,
  now: Date,
): Promise<SubscriptionDetail> {
  return deps.db.transaction(async (tx) => {
    const birthdate = payload.SUBSCRIBER_BIRTHDATE;
    let outside: Awaited<ReturnType<typeof campsStillBooked>> = [];
    const detail = await updateCardOfDetail(tx, payload.SUBSCRIPTION_ID, (child) => eq(children.id, child.id), {
      table: children,
      id: payload.SUBSCRIBER_ID,
      notFound: messages.subscriberNotFound,
      seenVersion: payload.SUBSCRIBER_VERSION,
      change: async (before) => {
        outside =
          birthdate.slice(0, 4) === before.birthdate.slice(0, 4)
            ? []
            : (await campsStillBooked(tx, before.id, todayInBelgium(now))).filter((camp) => !birthYearFits(camp, birthdate));
        if (outside.length > 0 && !payload.overAgeRange)
          throw new AppError('AGE_OUT_OF_RANGE', correctionOutOfRangeMessage(`${before.firstname} ${before.lastname}`, birthdate, outside));
        return {
          genderId: payload.SUBSCRIBER_GENDER_ID,
          birthdate,
          nationalnr: payload.SUBSCRIBER_NATIONALNR === undefined ? before.nationalnr : payload.SUBSCRIBER_NATIONALNR,
        };
      },
      audit: { adminId, action: 'correctSubscriber', entity: 'subscriber' },
    });
    if (outside.length > 0)
      await writeAudit(tx, {
        adminId,
        action: 'correctSubscriber:overAgeRange',
        entity: 'subscriber',
        entityId: payload.SUBSCRIBER_ID,
        before: null,
        after: {
          SUBSCRIBER_BIRTHYEAR: Number(birthdate.slice(0, 4)),
          CAMPS: outside.map(({ CAMP_ID, MIN_BIRTHYEAR, MAX_BIRTHYEAR }) => ({ CAMP_ID, MIN_BIRTHYEAR, MAX_BIRTHYEAR })),
        },
      });
    return detail;
  });
}

export async function updateSubscriberParent(
  deps: SubscriptionDeps,
  adminId: number,
  payload: UpdateSubscriberParentPayload,
): Promise<SubscriptionDetail> {
  return deps.db.transaction((tx) =>
    updateCardOfDetail(tx, payload.SUBSCRIPTION_ID, (parent) => eq(children.parentId, parent.id), {
      table: parents,
      id: payload.SUBSCRIBER_PARENT_ID,
      notFound: messages.parentNotFound,
      seenVersion: payload.SUBSCRIBER_PARENT_VERSION,
      change: () => ({
        firstname: payload.SUBSCRIBER_PARENT_FIRSTNAME,
        lastname: payload.SUBSCRIBER_PARENT_LASTNAME,
        street: payload.SUBSCRIBER_PARENT_STREET,
        housenr: payload.SUBSCRIBER_PARENT_HOUSENR,
        postalcode: payload.SUBSCRIBER_PARENT_POSTALCODE,
        city: payload.SUBSCRIBER_PARENT_CITY,
        country: payload.SUBSCRIBER_PARENT_COUNTRY,
        phone: payload.SUBSCRIBER_PARENT_PHONE,
        phone2: payload.SUBSCRIBER_PARENT_PHONE2,
        email: payload.SUBSCRIBER_PARENT_EMAIL,
      }),
      audit: { adminId, action: 'updateSubscriberParent', entity: 'parent' },
    }),
  );
}

/** Lunch preference and remark. */
export async function updateSubscription(deps: SubscriptionDeps, adminId: number, payload: UpdateSubscriptionPayload) {
  const { detail } = await changeSubscription(deps, adminId, {
    action: 'updateSubscription',
    subscriptionId: payload.SUBSCRIPTION_ID,
    apply: async (tx, current) => {
      checkVersion({ version: current.SUBSCRIPTION_VERSION }, payload.SUBSCRIPTION_VERSION);
      const [preference] = await tx
        .select({ id: lunchPreferences.id })
        .from(lunchPreferences)
        .where(eq(lunchPreferences.id, payload.SUBSCRIPTION_LUNCH_PREFERENCE_ID));
      if (!preference) throw invalidFields({ SUBSCRIPTION_LUNCH_PREFERENCE_ID: validationMessages.wrongFormat });
      await tx
        .update(subscriptions)
        .set({ lunchPreferenceId: preference.id, remark: payload.SUBSCRIPTION_REMARK, version: current.SUBSCRIPTION_VERSION + 1 })
        .where(eq(subscriptions.id, payload.SUBSCRIPTION_ID));
    },
  });
  return detail;
}

/**
 * Staff's extra discount: more than 0 and at most the amount still to pay. With a discountId it changes
 * that extra discount of this subscription; the amount it replaces counts as room again.
 */
export async function addDiscount(deps: SubscriptionDeps, adminId: number, payload: AddDiscountPayload) {
  // The payload schema has already refused an amount that is not a positive euro amount.
  const amountCents = parseEuroAmount(payload.discountAmount)!;
  const { detail } = await changeSubscription(deps, adminId, {
    action: 'addDiscount',
    subscriptionId: payload.subscriptionId,
    apply: async (tx, current) => {
      let roomCents = euroToCents(current.SUBSCRIPTION_AMOUNT_TO_PAY);
      if (payload.discountId !== undefined && payload.discountId !== null) {
        const [existing] = await tx
          .select()
          .from(subscriptionDiscounts)
          .where(and(eq(subscriptionDiscounts.id, payload.discountId), eq(subscriptionDiscounts.subscriptionId, payload.subscriptionId)));
        if (!existing) throw new AppError('NOT_FOUND', messages.discountNotFound);
        if (existing.kind !== 'extra') throw conflict(messages.onlyExtraDiscounts);
        roomCents += existing.amountCents;
        if (amountCents > roomCents) throw conflict(messages.discountAboveAmountToPay);
        await tx
          .update(subscriptionDiscounts)
          .set({ amountCents, remark: payload.discountRemark })
          .where(eq(subscriptionDiscounts.id, existing.id));
        return;
      }
      if (amountCents > roomCents) throw conflict(messages.discountAboveAmountToPay);
      await tx
        .insert(subscriptionDiscounts)
        .values({ subscriptionId: payload.subscriptionId, kind: 'extra', amountCents, remark: payload.discountRemark });
    },
  });
  return detail;
}

/** The method becomes cash and the parent gets the camp's convert-to-cash mail; refused when it is cash already. */
export async function convertToCash(deps: SubscriptionDeps, adminId: number, subscriptionId: number) {
  const { detail } = await changeSubscription(deps, adminId, {
    action: 'convertToCash',
    subscriptionId,
    mail: 'convertCash',
    apply: async (tx, current) => {
      if (current.PAYMENTMETHOD_ID === PAYMENT_METHOD.cash) throw conflict(messages.alreadyCash);
      await tx.update(subscriptions).set({ paymentMethodId: PAYMENT_METHOD.cash }).where(eq(subscriptions.id, subscriptionId));
    },
  });
  return detail;
}

/** Only from cash; no mail: staff resend the confirmation by hand (spec section 2). */
export async function convertToBankTransfer(deps: SubscriptionDeps, adminId: number, subscriptionId: number) {
  const { detail } = await changeSubscription(deps, adminId, {
    action: 'convertToBankTransfer',
    subscriptionId,
    apply: async (tx, current) => {
      if (current.PAYMENTMETHOD_ID !== PAYMENT_METHOD.cash) throw conflict(messages.alreadyBankTransfer);
      await tx.update(subscriptions).set({ paymentMethodId: PAYMENT_METHOD.bankTransfer }).where(eq(subscriptions.id, subscriptionId));
    },
  });
  return detail;
}

/**
 * 'Bedragen gelijk zetten': paid = amount to pay, paid flag set, payment date today when it had none.
 * The difference is recorded as a payment of the subscription: a cash payment when the method is cash.
 */
export async function paymentComplete(deps: SubscriptionDeps, adminId: number, payload: PaymentCompletePayload) {
  const subscriptionId = payload.SUBSCRIPTION_ID;
  const { detail } = await changeSubscription(deps, adminId, {
    action: 'paymentComplete',
    subscriptionId,
    apply: async (tx, current) => {
      const confirmed = payload.SUBSCRIPTION_AMOUNT_TO_PAY;
      if (confirmed !== undefined && euroToCents(confirmed) !== euroToCents(current.SUBSCRIPTION_AMOUNT_TO_PAY)) {
        throw new AppError('VERSION_CONFLICT', staleDataMessages.amountChanged);
      }
      const today = todayInBelgium();
      const difference = euroToCents(current.SUBSCRIPTION_AMOUNT_TO_PAY) - euroToCents(current.SUBSCRIPTION_PAID_AMOUNT);
      const facts = afterPaymentReceived(paymentFactsOf(current), {
        amountCents: difference,
        date: current.SUBSCRIPTION_PAYMENT_DATE ?? today,
        accountNr: null,
      });
      await tx
        .update(subscriptions)
        .set({ ...facts, paid: true })
        .where(eq(subscriptions.id, subscriptionId));
      if (difference !== 0) {
        const source = current.PAYMENTMETHOD_ID === PAYMENT_METHOD.cash ? 'cash' : 'paymentComplete';
        await tx.insert(payments).values({ source, state: 'booked', subscriptionId, amountCents: difference, valueDate: today, adminId });
      }
    },
  });
  return detail;
}

/** One way: sets the flag and the moment, which frees the seat, and sends the camp's cancellation mail. */
export async function cancelSubscription(deps: SubscriptionDeps, adminId: number, subscriptionId: number) {
  const { detail } = await changeSubscription(deps, adminId, {
    action: 'cancelSubscription',
    subscriptionId,
    mail: 'cancel',
    freesSeat: true,
    apply: async (tx, current) => {
      if (current.SUBSCRIPTION_CANCELLED) throw conflict(messages.alreadyCancelled);
      await tx
        .update(subscriptions)
        .set({ cancelled: true, cancellationDate: sql`now()` })
        .where(eq(subscriptions.id, subscriptionId));
      // A further child's discount that this booking earned goes with it (issue 39).
      await recomputeSiblingDiscounts(tx, { adminId, action: 'cancelSubscription', ...familyYearOf(current) });
    },
  });
  return detail;
}

/** The family and camp year whose sibling discounts a change of this subscription may change. */
const familyYearOf = (detail: SubscriptionDetail) => ({
  parentId: detail.SUBSCRIBER_PARENT_ID,
  campYear: Number(detail.PERIOD_STARTDATE.slice(0, 4)),
});

/** Moves the subscription to the trash (issue 18) and removes it; the audit log keeps it and its discounts as they were. */
export async function deleteSubscription(deps: SubscriptionDeps, adminId: number, subscriptionId: number) {
  await withOutbox(deps.db, deps, async (tx, outbox) => {
    const before = await lockSubscription(tx, subscriptionId);
    const discounts = await listDiscounts(tx, subscriptionId);
    // Its discounts go with it (on delete cascade); the trash keeps them for 'Terugzetten'.
    await moveSubscriptionToTrash(tx, subscriptionId, adminId);
    await writeAudit(tx, {
      adminId,
      action: 'deleteSubscription',
      entity: 'subscription',
      entityId: subscriptionId,
      before: { ...before, discounts },
      after: null,
    });
    if (!before.SUBSCRIPTION_CANCELLED) {
      await recomputeSiblingDiscounts(tx, { adminId, action: 'deleteSubscription', ...familyYearOf(before) });
      // Its seat goes to the camp's waiting list (issue 34).
      await refillCamp({ tx, outbox, now: deps.clock.now(), settingsDefaults: deps.settingsDefaults, adminId }, before.CAMP_ID);
    }
  });
  return { subscriptionId };
}

/**
 * The camp's confirmation mail to the parent again, recorded and handed to the relay; the answer comes at
 * the commit with `mailStatus: 'outbox'`, and the mail log of the subscription shows how sending went.
 */
export async function resendConfirmationEmail(
  deps: SubscriptionDeps,
  adminId: number,
  subscriptionId: number,
): Promise<{ subscriptionId: number; mailId: number; mailStatus: MailStatus }> {
  const mail = await withOutbox(deps.db, deps, async (tx, outbox) => {
    const detail = await lockSubscription(tx, subscriptionId);
    const queued = await outbox.enqueueCampMail(detail, 'confirm');
    await writeAudit(tx, {
      adminId,
      action: 'resendConfirmationEmail',
      entity: 'subscription',
      entityId: subscriptionId,
      before: null,
      after: { mailId: queued.id, recipient: queued.to, subject: queued.subject },
    });
    return queued;
  });
  return { subscriptionId, mailId: mail.id, mailStatus: 'outbox' };
}
