import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import QRCode from 'qrcode';
import { EPC_ERROR_CORRECTION } from '@common/epc-qr.js';
import { formatMoment } from '@common/format.js';
import { centsToEuro } from '@common/money.js';
import type { BookAnswer, BookPayload } from '@common/schemas/public.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { readRows, type Database, type Executor } from '../../db/client.js';
import { children } from '../../db/schema.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { claimKeyInTransaction, keyCommitted, KeyTakenMeanwhile, storedOutcome, type IdempotencyClaim } from '../../plugins/idempotency.js';
import { AppError, notFound } from '../../lib/errors.js';
import { subscriptionEpcPayload } from '../../lib/payment-qr.js';
import { readSettings, type OrganiserSettings } from '../../lib/settings.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import {
  bookedDays,
  bookingMessages,
  checkCampRules,
  checkLunchPreference,
  checkNoOverlap,
  childForBooking,
  lockCamp,
  writeBooking,
  type UsedOverride,
} from '../../domain/booking.js';
import { findValidVoucher } from '../../domain/vouchers.js';
import { seatsTakenOf } from '../../domain/seats.js';
import type { FamilyUser } from './accounts.js';
import { familyParentId } from './family.js';
import { cancelUntil } from './cancel.js';
import { participationFacts } from './attests.js';
import { issuedFiscalAttests } from '../../domain/attest-files.js';
import { participationAttestBlocker } from '@common/family-attests.js';
import { todayInBelgium } from '@common/calendar.js';
import { publicMessages as messages } from './messages.js';

export interface BookingDeps extends OutboxDeps {
  db: Database;
}

/** What to pay for one booking and how: amount, what is open, the EPC QR code for a transfer. */
async function bookingAnswer(detail: SubscriptionDetail, organiser: OrganiserSettings) {
  const epc = subscriptionEpcPayload(detail, organiser);
  return {
    SUBSCRIPTION_ID: detail.SUBSCRIPTION_ID,
    SUBSCRIPTION_REFERENCE: detail.SUBSCRIPTION_REFERENCE,
    SUBSCRIPTION_OGM: detail.SUBSCRIPTION_OGM,
    SUBSCRIPTION_AMOUNT_TO_PAY: detail.SUBSCRIPTION_AMOUNT_TO_PAY,
    SUBSCRIPTION_SALDO: detail.SUBSCRIPTION_SALDO,
    PAYMENTMETHOD_ID: detail.PAYMENTMETHOD_ID,
    EPC_PAYLOAD: epc,
    PAYMENT_QR_SVG: epc ? await QRCode.toString(epc, { type: 'svg', errorCorrectionLevel: EPC_ERROR_CORRECTION, margin: 4 }) : null,
  };
}

/**
 * book (issue 40): the family's basket, all or none, in one transaction. Each item follows the desk's booking
 * (registration/service.ts): the camp's row lock first (the items in camp order, so two baskets never wait for each
 * other in a circle), the child's own row, its days under the camp's day rules (DAYS_RULE), no overlapping booking
 * of the child, and the camp's rules without staff's overrides: CAMP_CLOSED, AGE_OUT_OF_RANGE, CAMP_FULL, and
 * NOT_OPEN_YET before the camp's (or location's) booking moment. A valid voucher of the camp (`findValidVoucher`)
 * books one child there when full or not yet open, and is used by it. Any refusal books nothing.
 */
export async function book(
  deps: BookingDeps,
  family: FamilyUser,
  payload: BookPayload,
  now: Date,
  claim: IdempotencyClaim | null,
): Promise<{ answer: BookAnswer; replayed: boolean }> {
  let ids: number[];
  let replayed = false;
  if (claim?.committed) {
    // An earlier request with this key booked these, and its answer was lost with its process or connection.
    [ids, replayed] = [claim.committed, true];
  } else {
    try {
      ids = await bookBasket(deps, family, payload, now, claim);
    } catch (error) {
      // Full: the family is told which camp, and that its waiting list is open (after the rollback: the camp's lock
      // is not held for the words).
      if (error instanceof CampFullIn) throw new AppError('CAMP_FULL', messages.campFull(await campWords(deps.db, error.campId)));
      if (!(error instanceof KeyTakenMeanwhile) || !claim) throw error;
      // The same key on another request (another process perhaps) committed first: this one answers what it did.
      [ids, replayed] = [await storedOutcome(deps.db, claim), true];
    }
  }
  // Read after the commit: a later item's sibling discount is known once every item is written.
  return { answer: await bookingAnswers(deps.db, deps.settingsDefaults, ids), replayed };
}

/**
 * Under a rush (issue 37) two presses in three end 'volzet': a basket naming a camp that is already full, open and not
 * closed is refused before it queues for the camp's lock (the gate in routes.ts), from a count read without the lock.
 * It first claims the request's Idempotency-Key in a transaction of its own, rolled back after the count: a request
 * with the same key still in flight (the family's first attempt, on any process) is waited for, so a retry never hears
 * 'volzet' while its first attempt books; one that committed leaves the answer to `book` (its replay). A basket with
 * a voucher, of a family whose children are not all its own, or that the count does not find full goes on to
 * `bookBasket`, whose locked check stays the truth: a seat freed after the count is found there, and a camp that
 * fills meanwhile is refused there.
 */
export async function refuseWhenFull(
  deps: BookingDeps,
  family: FamilyUser,
  payload: BookPayload,
  now: Date,
  claim: IdempotencyClaim | null,
) {
  if (payload.voucher || claim?.committed) return;
  let full: number | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      // The key's wait is short: a first attempt still queued for its camp would hold this place for long.
      await tx.execute(sql`set local lock_timeout = '100ms'`);
      if (claim) await claimKeyInTransaction(tx, claim);
      const parentId = await familyParentId(tx, family);
      const childIds = [...new Set(payload.items.map((i) => i.CHILD_ID))];
      const own = await readRows(
        tx,
        sql`select count(*)::int as n from children where parent_id = ${parentId} and id in ${sql`(${sql.join(
          childIds.map((id) => sql`${id}`),
          sql`, `,
        )})`}`,
        z.object({ n: z.number() }),
      );
      if (own[0]?.n !== childIds.length) throw new Counted(null);
      const campIds = [...new Set(payload.items.map((i) => i.CAMP_ID))].sort((a, b) => a - b);
      const camps = await readRows(
        tx,
        sql`select c.id, ${seatsTakenOf(sql`c.id`)} >= c.seats_available as full
            from camps c join locations l on l.id = c.location_id
            where c.id in ${sql`(${sql.join(
              campIds.map((id) => sql`${id}`),
              sql`, `,
            )})`} and not c.closed
              and coalesce(c.allow_booking_from, l.allow_booking_from, ${now.toISOString()}::timestamptz) <= ${now.toISOString()}::timestamptz
            order by c.id`,
        z.object({ id: z.number(), full: z.boolean() }),
      );
      throw new Counted(camps.find((c) => c.full)?.id ?? null);
    });
  } catch (error) {
    if (error instanceof Counted) full = error.fullCampId;
    else if (error instanceof AppError || error instanceof KeyTakenMeanwhile || lockNotAvailable(error)) return;
    else throw error;
  }
  if (full !== null) throw new AppError('CAMP_FULL', messages.campFull(await campWords(deps.db, full)));
}

/** PostgreSQL's lock_not_available (lock_timeout passed), through drizzle's wrapping. */
function lockNotAvailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++)
    if ((current as { code?: unknown }).code === '55P03') return true;
  return false;
}

/** The end of refuseWhenFull's count: thrown to roll its transaction (and the key it claimed) back. */
class Counted extends Error {
  constructor(readonly fullCampId: number | null) {
    super('counted');
  }
}

/** A basket refused because this camp of it is full (AppError CAMP_FULL, as checkCampRules refuses it). */
class CampFullIn extends AppError {
  constructor(readonly campId: number) {
    super('CAMP_FULL', bookingMessages.campFull);
  }
}

/** A camp as the public site names it: theme, location and period. */
async function campWords(db: Executor, campId: number): Promise<string> {
  const [camp] = await readRows(
    db,
    sql`select th.name || ' in ' || l.name || ', ' || p.name as words from camps c join themes th on th.id = c.theme_id
          join locations l on l.id = c.location_id join periods p on p.id = c.period_id where c.id = ${campId}`,
    z.object({ words: z.string() }),
  );
  return camp?.words ?? '';
}

/** What book answers for new bookings (also acceptOffer's answer): each with what to pay and how, and the total. */
export async function bookingAnswers(db: Executor, settingsDefaults: OrganiserSettings, ids: number[]): Promise<BookAnswer> {
  const organiser = await readSettings(db, settingsDefaults);
  const bookings = [];
  for (const id of ids) bookings.push(await bookingAnswer((await findSubscriptionDetail(db, id))!, organiser));
  return {
    bookings,
    TOTAL_TO_PAY: Math.round(bookings.reduce((sum, b) => sum + b.SUBSCRIPTION_SALDO * 100, 0)) / 100,
    ORGANISER_ACCOUNT: organiser.ORGANISER_IBAN,
    ORGANISER_NAME: organiser.ORGANISER_NAME,
  };
}

/**
 * The transaction of `book`: the basket's locks, rules and writes, and its mails in the outbox; the new subscriptions'
 * ids in the basket's order. Apart so that the benchmark runs it directly as the floor of the call (issue 40). With
 * the request's Idempotency-Key (issue 37) the key is its first write and what it booked its last, so the key is
 * committed with the bookings or not at all; KeyTakenMeanwhile when a request with the same key committed first.
 */
export async function bookBasket(
  deps: BookingDeps,
  family: FamilyUser,
  payload: BookPayload,
  now: Date,
  claim: IdempotencyClaim | null = null,
): Promise<number[]> {
  return withOutbox(deps.db, deps, async (tx, outbox) => {
    // First, before any lock: a request with the same key waits here for this one's end, holding nothing.
    if (claim) await claimKeyInTransaction(tx, claim);
    const parentId = await familyParentId(tx, family);
    if (payload.LUNCHPREFERENCE_ID !== undefined) await checkLunchPreference(tx, payload.LUNCHPREFERENCE_ID);
    const items = payload.items.map((item, index) => ({ ...item, index })).sort((a, b) => a.CAMP_ID - b.CAMP_ID || a.index - b.index);
    // The children are the family's own, else 404: another family's id is unknown here.
    for (const item of items) {
      const [child] = await tx
        .select({ id: children.id })
        .from(children)
        .where(and(eq(children.id, item.CHILD_ID), eq(children.parentId, parentId)));
      if (!child) throw notFound(messages.childNotFound);
    }
    // Every camp's row first, then every child's, each in id order, as the desk locks a camp before its child: two
    // baskets (or a basket and the desk) never wait for each other in a circle.
    const lock = (campId: number) =>
      lockCamp(tx, campId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound(messages.campNotFound) : error;
      });
    for (const campId of [...new Set(items.map((i) => i.CAMP_ID))]) await lock(campId);
    for (const childId of [...new Set(items.map((i) => i.CHILD_ID))].sort((a, b) => a - b))
      await tx.execute(sql`select id from children where id = ${childId} for update`);
    // A voucher must hold for a camp of the basket (its rule: findValidVoucher), else the basket is refused for it.
    let voucher: { id: number; campId: number } | null = null;
    if (payload.voucher) {
      for (const campId of new Set(items.map((i) => i.CAMP_ID))) voucher ??= await findValidVoucher(tx, payload.voucher, campId, now);
      if (!voucher) throw new AppError('VOUCHER_INVALID', messages.voucherInvalid);
      // Used once: a second basket with the same voucher waits for this row and then finds it used.
      const [taken] = await readRows(
        tx,
        sql`update vouchers set used_at = ${now.toISOString()} where id = ${voucher.id} and used_at is null returning id`,
        z.object({ id: z.number() }),
      );
      if (!taken) throw new AppError('VOUCHER_INVALID', messages.voucherInvalid);
    }
    const booked: { index: number; id: number }[] = [];
    for (const item of items) {
      // Read again: the seats this basket took already in the same camp count.
      const camp = await lock(item.CAMP_ID);
      // The voucher books the first child of its camp in the basket.
      const byVoucher = voucher && voucher.campId === camp.id ? voucher : null;
      if (byVoucher) voucher = null;
      const overridden: UsedOverride[] = [];
      if (camp.bookingOpensAt !== null && new Date(camp.bookingOpensAt) > now && !byVoucher && !camp.closed)
        throw new AppError('NOT_OPEN_YET', messages.notOpenYet(formatMoment(camp.bookingOpensAt)));
      const days = bookedDays(camp, item.days, (message) => new AppError('DAYS_RULE', message));
      await checkNoOverlap(tx, item.CHILD_ID, camp, null);
      const child = await childForBooking(tx, item.CHILD_ID);
      try {
        overridden.push(...checkCampRules(camp, child, { overClosed: false, overAgeRange: false, overCapacity: byVoucher !== null }));
      } catch (error) {
        throw error instanceof AppError && error.code === 'CAMP_FULL' ? new CampFullIn(camp.id) : error;
      }
      if (byVoucher) overridden.push({ override: 'voucher', facts: { CAMP_ID: camp.id, VOUCHER_ID: byVoucher.id } });
      const detail = await writeBooking(tx, outbox, {
        camp,
        childId: item.CHILD_ID,
        parentId,
        paymentMethodId: payload.PAYMENTMETHOD_ID,
        lunchPreferenceId: payload.LUNCHPREFERENCE_ID ?? null,
        remark: null,
        days,
        source: 'website',
        adminId: null,
        action: 'bookOnline',
        overridden,
      });
      booked.push({ index: item.index, id: detail.SUBSCRIPTION_ID });
    }
    const ids = booked.sort((a, b) => a.index - b.index).map((b) => b.id);
    if (claim) await keyCommitted(tx, claim, 200, ids);
    return ids;
  });
}

/** The family's bookings, newest camps first; cancelled ones too, marked. */
export async function getMyBookings(db: Executor, settingsDefaults: OrganiserSettings, family: FamilyUser, now: Date) {
  // A known family still waiting for its confirmed address has no bookings of its own yet.
  const [account] = await readRows(
    db,
    sql`select parent_id as "parentId" from family_accounts where id = ${family.accountId}`,
    z.object({ parentId: z.number().nullable() }),
  );
  const parentId = account?.parentId ?? null;
  if (parentId === null) return { BOOKINGS: [], FISCAL_ATTESTS: [] };
  const rows = await readRows(
    db,
    sql`select s.id, c.cancellation_fee_cents as "feeCents" from subscriptions s join children ch on ch.id = s.child_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
        where ch.parent_id = ${parentId} order by p.start_date desc, s.id`,
    z.object({ id: z.number(), feeCents: z.number() }),
  );
  const organiser = await readSettings(db, settingsDefaults);
  const attestFacts = await participationFacts(db, parentId, todayInBelgium(now), undefined);
  const BOOKINGS = [];
  const names = new Map<number, string>();
  for (const { id, feeCents } of rows) {
    const detail = (await findSubscriptionDetail(db, id))!;
    BOOKINGS.push({
      ...(await bookingAnswer(detail, organiser)),
      CHILD_ID: detail.SUBSCRIBER_ID,
      SUBSCRIBER_FIRSTNAME: detail.SUBSCRIBER_FIRSTNAME,
      CAMP_ID: detail.CAMP_ID,
      THEME_NAME: detail.THEME_NAME,
      LOCATION_NAME: detail.LOCATION_NAME,
      PERIOD_NAME: detail.PERIOD_NAME,
      PERIOD_STARTDATE: detail.PERIOD_STARTDATE,
      PERIOD_ENDDATE: detail.PERIOD_ENDDATE,
      DAYS: (detail.SUBSCRIPTION_SELECTED_DAYS ?? detail.CAMP_ACTIVE_DAYS).split(',').filter(Boolean),
      SUBSCRIPTION_PAID_AMOUNT: detail.SUBSCRIPTION_PAID_AMOUNT,
      SUBSCRIPTION_CANCELLED: detail.SUBSCRIPTION_CANCELLED,
      CAMP_CANCELLATION_FEE: centsToEuro(feeCents),
      CANCEL_UNTIL: cancelUntil(detail.PERIOD_STARTDATE, organiser.FAMILY_CANCEL_CUTOFF_DAYS),
      PARTICIPATION_ATTEST: participationAttestBlocker(attestFacts.get(id)!) === null,
    });
    names.set(detail.SUBSCRIBER_ID, detail.SUBSCRIBER_FIRSTNAME);
  }
  const fiscal = await issuedFiscalAttests(db, { settingsDefaults, now: () => now }, [...names.keys()]);
  return {
    BOOKINGS,
    FISCAL_ATTESTS: fiscal.map((a) => ({ YEAR: a.year, CHILD_ID: a.childId, SUBSCRIBER_FIRSTNAME: names.get(a.childId)! })),
  };
}
