import { sql } from 'drizzle-orm';
import { z } from 'zod';
import QRCode from 'qrcode';
import { EPC_ERROR_CORRECTION } from '@common/epc-qr.js';
import { formatMoment } from '@common/format.js';
import { centsToEuro } from '@common/money.js';
import type { BookAnswer, BookPayload } from '@common/schemas/public.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { readNamedRows, readNamedValue, readRows, type Database, type Executor } from '../../db/client.js';
import { idList } from '../../db/sql.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import {
  claimKeyInTransaction,
  keyCommittedWrite,
  keyRefusedSql,
  KeyTakenMeanwhile,
  storedOutcome,
  type IdempotencyClaim,
} from '../../plugins/idempotency.js';
import { AppError, conflict, errorBody, notFound } from '../../lib/errors.js';
import { statusOfCode } from '@common/contract/index.js';
import { subscriptionEpcPayload } from '../../lib/payment-qr.js';
import { readSettings, type OrganiserSettings, type SettingsWithoutImages } from '../../lib/settings.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import {
  bookedDays,
  bookingMessages,
  checkCampRules,
  checkLunchPreference,
  campWordsSql,
  checkNoOverlap,
  lockCampsAndChildren,
  writeBooking,
  type UsedOverride,
} from '../../domain/booking.js';
import { findValidVoucher } from '../../domain/vouchers.js';
import { familyBookingsByYear, familyBookingsByYearSql } from '../../domain/sibling-discounts.js';
import { seatsTakenOf } from '../../domain/seats.js';
import type { FamilyUser } from '../../lib/session-user.js';
import { cancelUntil } from './cancel.js';
import { participationFacts } from './attests.js';
import { issuedFiscalAttests } from '../../domain/attest-files.js';
import { participationAttestBlocker } from '@common/family-attests.js';
import { todayInBelgium } from '@common/calendar.js';
import { periodsOverlap, type CampPeriod } from '@common/registration.js';
import { publicMessages as messages } from './messages.js';

export interface BookingDeps extends OutboxDeps {
  db: Database;
}

/** What to pay for one booking and how: amount, what is open, the EPC QR code for a transfer. */
async function bookingAnswer(detail: SubscriptionDetail, organiser: SettingsWithoutImages) {
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
): Promise<Booked> {
  if (claim?.committed) {
    // An earlier request with this key booked these, and its answer was lost with its process or connection.
    return { ids: claim.committed, final: null, replayed: true };
  }
  try {
    const written = await bookBasketDetails(deps, family, payload, now, claim);
    // Answered from the details as written, with the settings its mails showed, unless a later item's sibling
    // discount changed an earlier one's: then the basket is read again after the commit.
    return { ids: written.details.map((d) => d.SUBSCRIPTION_ID), final: written.outOfDate ? null : written, replayed: false };
  } catch (error) {
    // Full: the family is told which camp, and that its waiting list is open (after the rollback: the camp's lock
    // is not held for the words).
    if (error instanceof CampFullIn) throw new CampFull(error.campId, await campWords(deps.db, error.campId));
    if (!(error instanceof KeyTakenMeanwhile) || !claim) throw error;
    // The same key on another request (another process perhaps) committed first: this one answers what it did.
    return { ids: await storedOutcome(deps.db, claim), final: null, replayed: true };
  }
}

/** What `book` committed: the new subscriptions' ids, their details when final, and whether it replays an earlier request. */
export interface Booked {
  ids: number[];
  /** The details as written, with the organiser's settings the booking's transaction read; null: read them again. */
  final: BasketWritten | null;
  replayed: boolean;
}

/** What bookBasket's transaction wrote: each booking's detail (in the basket's order) and the settings its mails show. */
interface BasketWritten {
  details: SubscriptionDetail[];
  organiser: SettingsWithoutImages;
  /** A later booking of the basket changed an earlier one's sibling discount: the details must be read again. */
  outOfDate: boolean;
}

/**
 * The answer to `book`: what to pay for each booking and how. Apart so that the booking's turn (the gate in routes.ts)
 * ends at its commit: the settings and the QR codes of the answer need no place in the line.
 */
export async function bookedAnswer(deps: Pick<BookingDeps, 'db' | 'settingsDefaults'>, booked: Booked): Promise<BookAnswer> {
  if (!booked.final) return bookingAnswers(deps.db, deps.settingsDefaults, booked.ids);
  return answerOf(booked.final.organiser, booked.final.details);
}

/**
 * Under a rush (issue 37) two presses in three end 'volzet': a basket naming a camp that is already full, open and not
 * closed is refused before it queues for the camp's lock (the gate in routes.ts), from a count read without the lock.
 * One statement reads the family's children and the camps' seats; a basket with a voucher, of a family whose children
 * are not all its own, or that the count does not find full goes on to `bookBasket`, whose locked check stays the
 * truth: a seat freed after the count is found there, and a camp that fills meanwhile is refused there. A refusal
 * writes the request's Idempotency-Key in the same statement (keyRefusedSql), so it costs one round trip: a request
 * with the same key still in flight (the family's first attempt, on any process) is waited for (100 ms at most, then
 * the basket goes on to `bookBasket`), so a retry never hears 'volzet' while its first attempt books; one that
 * committed leaves the answer to `book` (its replay). The key is written with the refusal's answer.
 */
export async function refuseWhenFull(
  deps: BookingDeps,
  family: FamilyUser,
  payload: BookPayload,
  now: Date,
  claim: IdempotencyClaim | null,
) {
  if (payload.voucher || claim?.committed) return;
  const childIds = [...new Set(payload.items.map((i) => i.CHILD_ID))];
  const campIds = [...new Set(payload.items.map((i) => i.CAMP_ID))].sort((a, b) => a - b);
  const refused = sql`counted.own = ${childIds.length} and counted.words is not null`;
  const [counted] = await readNamedRows(
    deps.db,
    'refuse_when_full',
    sql`with counted as (
          select ${ownChildCount(childIds)} as own, f.id as "campId", f.words
          from family_accounts fa left join lateral (
            select c.id, ${campWordsSql} as words from ${namedCamps}
            where c.id in ${idList(campIds)} and not c.closed
              and coalesce(c.allow_booking_from, l.allow_booking_from, ${now.toISOString()}::timestamptz) <= ${now.toISOString()}::timestamptz
              and ${seatsTakenOf(sql`c.id`)} >= c.seats_available
            order by c.id limit 1) f on true
          where fa.id = ${family.accountId}
        )${claim ? sql`, written as (${keyRefusedSql(claim, statusOfCode.CAMP_FULL, campFullAnswerSql, sql`counted`, refused)})` : sql``}
        select own, "campId", words, ${claim ? sql`exists (select from written)` : sql`true`} as "keyWritten" from counted`,
    countedRow,
  ).catch((error: unknown) => {
    // The same key held by a request still in flight past the 100 ms: the basket goes on to its locked check.
    if (lockNotAvailable(error)) return [];
    throw error;
  });
  if (counted?.own !== childIds.length || counted.words === null || !counted.keyWritten) return;
  if (claim) claim.answerKept = true;
  throw new CampFull(counted.campId!, counted.words);
}

const countedRow = z.object({ own: z.number(), campId: z.number().nullable(), words: z.string().nullable(), keyWritten: z.boolean() });

/** PostgreSQL's lock_not_available (lock_timeout passed), through drizzle's wrapping. */
function lockNotAvailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++)
    if ((current as { code?: unknown }).code === '55P03') return true;
  return false;
}

/** The family told that this camp of its basket is full ('volzet', with its waiting list): `book` and `refuseWhenFull`. */
export class CampFull extends AppError {
  constructor(
    readonly campId: number,
    campWords: string,
  ) {
    super('CAMP_FULL', messages.campFull(campWords));
  }
}

/**
 * The text of refuseWhenFull's answer, as the error handler sends it (errorBody of CampFull, JSON), made in its
 * statement from the full camp's words (`counted.words`, escaped by to_json as JSON.stringify escapes them): the key is
 * written with its answer in the refusal's one statement.
 */
const campFullAnswerSql = (() => {
  const [before, after] = JSON.stringify(errorBody(new CampFull(0, '\u0000'))).split('\\u0000');
  const escaped = sql`substr(to_json(counted.words)::text, 2, length(to_json(counted.words)::text) - 2)`;
  return sql`${before}::text || ${escaped} || ${after}::text`;
})();

/** A basket refused because this camp of it is full (AppError CAMP_FULL, as checkCampRules refuses it). */
class CampFullIn extends AppError {
  constructor(readonly campId: number) {
    super('CAMP_FULL', bookingMessages.campFull);
  }
}

/** The camps (c) with what names them: their theme (th), location (l) and period (p). */
const namedCamps = sql`camps c join themes th on th.id = c.theme_id join locations l on l.id = c.location_id
  join periods p on p.id = c.period_id`;

const wordsRow = z.object({ words: z.string() });

/** A camp as the public site names it: theme, location and period. */
async function campWords(db: Executor, campId: number): Promise<string> {
  const [camp] = await readRows(db, sql`select ${campWordsSql} as words from ${namedCamps} where c.id = ${campId}`, wordsRow);
  return camp?.words ?? '';
}

/** What book answers for new bookings (also acceptOffer's answer): each with what to pay and how, and the total. */
export async function bookingAnswers(db: Executor, settingsDefaults: OrganiserSettings, ids: number[]): Promise<BookAnswer> {
  const organiser = await readSettings(db, settingsDefaults);
  const details = [];
  for (const id of ids) details.push((await findSubscriptionDetail(db, id))!);
  return answerOf(organiser, details);
}

async function answerOf(organiser: SettingsWithoutImages, details: SubscriptionDetail[]): Promise<BookAnswer> {
  const bookings = [];
  for (const detail of details) bookings.push(await bookingAnswer(detail, organiser));
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
  return (await bookBasketDetails(deps, family, payload, now, claim)).details.map((d) => d.SUBSCRIPTION_ID);
}

/**
 * bookBasket's transaction, answering each new booking's detail as written (in the basket's order) and the organiser's
 * settings its mails were written with. Every statement
 * counts under a rush (issue 37): the camp's lock is held from its first lock to the commit, and each statement is a
 * round trip to the database, so the family, its children and their locks are read once for the whole basket.
 */
async function bookBasketDetails(
  deps: BookingDeps,
  family: FamilyUser,
  payload: BookPayload,
  now: Date,
  claim: IdempotencyClaim | null,
): Promise<BasketWritten> {
  return withOutbox(deps.db, deps, async (tx, outbox) => {
    const childIds = [...new Set(payload.items.map((i) => i.CHILD_ID))].sort((a, b) => a - b);
    const items = payload.items.map((item, index) => ({ ...item, index })).sort((a, b) => a.CAMP_ID - b.CAMP_ID || a.index - b.index);
    const campIds = [...new Set(items.map((i) => i.CAMP_ID))];
    // First, before any lock: a request with the same key waits here for this one's end, holding nothing. The same
    // statement reads the family and its children, the confirmation mail's templates and the organiser's settings,
    // and the family's bookings of the camps' years (each booking's sibling discount is written with it), before the
    // locks, not while holding them.
    const reads = sql`json_build_array(${familySql(family, childIds)}, ${outbox.campMailsSql(campIds, 'confirm')},
      ${familyBookingsByYearSql(familyParentSql(family), campIds)})`;
    const [familyRead, mailsRead, bookingsRead] = readsRow.parse(
      claim ? await claimKeyInTransaction(tx, claim, reads) : await readNamedValue(tx, 'booking_family', reads),
    );
    const { parentId, own } = familyOf(familyRead);
    const familyBookings = familyBookingsByYear(bookingsRead);
    const organiser = await outbox.campMailsRead(mailsRead, 'confirm');
    if (payload.LUNCHPREFERENCE_ID !== undefined) await checkLunchPreference(tx, payload.LUNCHPREFERENCE_ID);
    // The children are the family's own, else 404: another family's id is unknown here.
    if (own !== childIds.length) throw notFound(messages.childNotFound);
    // Every camp's row first, then every child's, each in id order (lockCampsAndChildren). A camp's seats are read
    // once, under its lock: nothing else books into it until the commit, so the seats this basket takes are counted here.
    const {
      camps,
      children: lockedChildren,
      newIds,
    } = await lockCampsAndChildren(tx, campIds, childIds, items.length).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound(messages.campNotFound) : error;
    });
    // A child twice in the basket for the same days (one camp twice, or two camps of one week) books neither.
    const twice = items.find((item, i) =>
      items.some(
        (earlier, j) => j < i && earlier.CHILD_ID === item.CHILD_ID && periodsOverlap(periodOf(camps, earlier), periodOf(camps, item)),
      ),
    );
    if (twice) throw conflict(messages.sameChildTwice(lockedChildren.get(twice.CHILD_ID)!.name));
    // A voucher must hold for a camp of the basket (its rule: findValidVoucher), else the basket is refused for it.
    let voucher: { id: number; campId: number } | null = null;
    if (payload.voucher) {
      for (const campId of camps.keys()) voucher ??= await findValidVoucher(tx, payload.voucher, campId, now);
      if (!voucher) throw new AppError('VOUCHER_INVALID', messages.voucherInvalid);
      // Used once: a second basket with the same voucher waits for this row and then finds it used.
      const [taken] = await readRows(
        tx,
        sql`update vouchers set used_at = ${now.toISOString()} where id = ${voucher.id} and used_at is null returning id`,
        idRow,
      );
      if (!taken) throw new AppError('VOUCHER_INVALID', messages.voucherInvalid);
    }
    const booked: { index: number; detail: SubscriptionDetail }[] = [];
    let outOfDate = false;
    for (const item of items) {
      const camp = camps.get(item.CAMP_ID)!;
      // The voucher books the first child of its camp in the basket.
      const byVoucher = voucher && voucher.campId === camp.id ? voucher : null;
      if (byVoucher) voucher = null;
      const overridden: UsedOverride[] = [];
      if (camp.bookingOpensAt !== null && new Date(camp.bookingOpensAt) > now && !byVoucher && !camp.closed)
        throw new AppError('NOT_OPEN_YET', messages.notOpenYet(formatMoment(camp.bookingOpensAt)));
      const days = bookedDays(camp, item.days, (message) => new AppError('DAYS_RULE', message));
      // An overlap is the refusal a family hears first: when the camp's rules refuse, it is looked for before the
      // refusal; when they hold, with the booking's last writes (writeBooking's refuseOverlap).
      try {
        overridden.push(
          ...checkCampRules(camp, lockedChildren.get(item.CHILD_ID)!, {
            overClosed: false,
            overAgeRange: false,
            overCapacity: byVoucher !== null,
          }),
        );
      } catch (error) {
        await checkNoOverlap(tx, item.CHILD_ID, camp, null, true);
        throw error instanceof AppError && error.code === 'CAMP_FULL' ? new CampFullIn(camp.id) : error;
      }
      if (byVoucher) overridden.push({ override: 'voucher', facts: { CAMP_ID: camp.id, VOUCHER_ID: byVoucher.id } });
      const last = booked.length === items.length - 1;
      const {
        detail,
        discountsChanged,
        familyBookings: withThisOne,
      } = await writeBooking(tx, outbox, {
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
        id: newIds[booked.length]!,
        refuseOverlap: true,
        familyBookings: familyBookings.get(camp.year),
        // The key, with what the basket booked in its order, is written with the last booking's writes.
        alsoWrite: (newId) =>
          claim && last
            ? [
                keyCommittedWrite(
                  claim,
                  200,
                  [...booked.map((b) => ({ index: b.index, id: b.detail.SUBSCRIPTION_ID })), { index: item.index, id: newId }]
                    .sort((a, b) => a.index - b.index)
                    .map((b) => b.id),
                ),
              ]
            : [],
      });
      // The next item of this camp counts this seat, and the next of this year this booking.
      camps.set(camp.id, { ...camp, seatsTaken: camp.seatsTaken + 1 });
      familyBookings.set(camp.year, withThisOne);
      // A later child's sibling discount may change an earlier one's: that one's detail, read before, is out of date.
      for (const earlier of booked) if (discountsChanged.includes(earlier.detail.SUBSCRIPTION_ID)) outOfDate = true;
      booked.push({ index: item.index, detail });
    }
    const details = booked.sort((a, b) => a.index - b.index).map((b) => b.detail);
    return { details, organiser, outOfDate };
  });
}

const idRow = z.object({ id: z.number() });

/** The period of a basket item's camp, as read under its lock. */
function periodOf(camps: Map<number, { startDate: string; endDate: string }>, item: { CAMP_ID: number }): CampPeriod {
  const camp = camps.get(item.CAMP_ID)!;
  return { start: camp.startDate, end: camp.endDate };
}
const familyRow = z.object({ parentId: z.number().nullable(), own: z.number() });

/** The family's parent (familyParentId) and how many of these children are its own, as JSON. */
const familySql = (family: FamilyUser, childIds: number[]) =>
  sql`(select json_build_object('parentId', fa.parent_id, 'own', ${ownChildCount(childIds)})
       from family_accounts fa where fa.id = ${family.accountId})`;
const readsRow = z.tuple([familyRow.nullable(), z.unknown(), z.unknown()]);
/** The family's parent, from its family_accounts row. */
const familyParentSql = (family: FamilyUser) => sql`(select parent_id from family_accounts where id = ${family.accountId})`;

function familyOf(account: z.infer<typeof familyRow> | null): { parentId: number; own: number } {
  if (!account || account.parentId === null) throw new AppError('EMAIL_NOT_CONFIRMED', messages.emailNotConfirmed);
  return { parentId: account.parentId, own: account.own };
}

/** How many of these children are the family's own (`fa`: its family_accounts row); 0 before its address is confirmed. */
const ownChildCount = (childIds: number[]) =>
  sql`(select count(*)::int from children ch where ch.parent_id = fa.parent_id and ch.id in ${idList(childIds)})`;

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
  const today = todayInBelgium(now);
  const attestFacts = await participationFacts(db, parentId, today, undefined);
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
  const fiscal = await issuedFiscalAttests(db, organiser, today, [...names.keys()]);
  return {
    BOOKINGS,
    FISCAL_ATTESTS: fiscal.map((a) => ({ YEAR: a.year, CHILD_ID: a.childId, SUBSCRIBER_FIRSTNAME: names.get(a.childId)! })),
  };
}
