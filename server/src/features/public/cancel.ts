import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { todayInBelgium } from '@common/calendar.js';
import { addDays } from '@common/mail-schedules.js';
import { formatDate } from '@common/format.js';
import { centsToEuro, euroToCents } from '@common/money.js';
import { refundDueCents } from '@common/refunds.js';
import type { CancelBookingPayload } from '@common/schemas/waiting-list.js';
import { readRows, type Executor } from '../../db/client.js';
import { lockRowById } from '../../lib/lock.js';
import { subscriptions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, invalidFields, notFound } from '../../lib/errors.js';
import { readSettings } from '../../lib/settings.js';
import { recomputeSiblingDiscounts } from '../../domain/sibling-discounts.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import { subscriptionMessages } from '../../domain/subscription-messages.js';
import { inWaitingList, refillCamp, type WaitingDeps } from '../../domain/waiting-list.js';
import type { FamilyUser } from '../../lib/session-user.js';
import { familyParentId } from './family.js';

export const cancelMessages = {
  notFound: 'Inschrijving niet gevonden',
  cutoffPassed: (until: string, organiser: string) =>
    `Annuleren via de website kon tot ${until}. Neem contact op met ${organiser} om deze inschrijving te annuleren.`,
  ibanNeeded: 'Geef het rekeningnummer (IBAN) waarop we het betaalde bedrag boven de annuleringskost terugstorten.',
};

/** The last day a family cancels a booking itself: FAMILY_CANCEL_CUTOFF_DAYS before the camp's first day. */
export const cancelUntil = (startDate: string, cutoffDays: number) => addDays(startDate, -cutoffDays);

/**
 * cancelBooking (issue 34): the family's own cancellation, as staff's (the seat freed, the camp's cancellation mail,
 * the sibling discounts again), until the organiser's cut-off; after it, the answer names whom to contact. The camp's
 * CAMP_CANCELLATION_FEE stays to pay; what was paid above it shows at once in staff's Terugbetalingen, to the IBAN the
 * family gives (checked) or, without one, to the account it paid from; with money to pay back and neither, the IBAN is
 * asked for. The freed seat goes to the camp's waiting list in the same transaction. Audited as the family's.
 */
export async function cancelBooking(deps: WaitingDeps, family: FamilyUser, payload: CancelBookingPayload) {
  return inWaitingList(deps, null, async (ctx) => {
    const { tx } = ctx;
    const parentId = await familyParentId(tx, family);
    await lockRowById(tx, subscriptions, payload.SUBSCRIPTION_ID, cancelMessages.notFound);
    const before = await findSubscriptionDetail(tx, payload.SUBSCRIPTION_ID);
    if (!before || before.SUBSCRIBER_PARENT_ID !== parentId) throw notFound(cancelMessages.notFound);
    if (before.SUBSCRIPTION_CANCELLED) throw conflict(subscriptionMessages.alreadyCancelled);
    const settings = await readSettings(tx, deps.settingsDefaults);
    const until = cancelUntil(before.PERIOD_STARTDATE, settings.FAMILY_CANCEL_CUTOFF_DAYS);
    if (todayInBelgium(ctx.now) > until)
      throw new AppError('CANCEL_CUTOFF_PASSED', cancelMessages.cutoffPassed(formatDate(until), settings.ORGANISER_NAME));
    await tx
      .update(subscriptions)
      .set({ cancelled: true, cancellationDate: ctx.now.toISOString(), ...(payload.IBAN ? { paidAccountNr: payload.IBAN } : {}) })
      .where(eq(subscriptions.id, before.SUBSCRIPTION_ID));
    await recomputeSiblingDiscounts(tx, {
      adminId: null,
      action: 'cancelBooking',
      parentId,
      campYear: Number(before.PERIOD_STARTDATE.slice(0, 4)),
    });
    const after = (await findSubscriptionDetail(tx, before.SUBSCRIPTION_ID))!;
    // The money rule of a cancelled subscription (its camp's fee, at most what it cost) says what goes back.
    const refundCents = refundDueCents({
      amountToPayCents: euroToCents(after.SUBSCRIPTION_AMOUNT_TO_PAY),
      paidAmountCents: euroToCents(after.SUBSCRIPTION_PAID_AMOUNT),
    });
    if (refundCents > 0 && !after.SUBSCRIPTION_PAID_ACCOUNTNR) throw invalidFields({ IBAN: cancelMessages.ibanNeeded });
    await writeAudit(tx, {
      adminId: null,
      action: 'cancelBooking',
      entity: 'subscription',
      entityId: after.SUBSCRIPTION_ID,
      before,
      after,
    });
    await ctx.outbox.enqueueCampMail(after, 'cancel');
    await refillCamp(ctx, after.CAMP_ID);
    return {
      SUBSCRIPTION_ID: after.SUBSCRIPTION_ID,
      CAMP_CANCELLATION_FEE: centsToEuro(await campFeeCents(tx, after.CAMP_ID)),
      SUBSCRIPTION_AMOUNT_TO_PAY: after.SUBSCRIPTION_AMOUNT_TO_PAY,
      REFUND_AMOUNT: centsToEuro(refundCents),
    };
  });
}

async function campFeeCents(tx: Executor, campId: number): Promise<number> {
  const [row] = await readRows(
    tx,
    sql`select cancellation_fee_cents as cents from camps where id = ${campId}`,
    z.object({ cents: z.number() }),
  );
  return row?.cents ?? 0;
}
