import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { validationMessages } from '@common/messages.js';
import { formatOgm } from '@common/ogm.js';
import {
  ageOutOfRangeMessage,
  birthYearFits,
  CAMP_CLOSED_MESSAGE,
  daysRuleProblem,
  REFERENCE_OGM_BASE,
  selectedDaysDiscountCents,
  selectedDaysRemark,
  subscriptionReference,
} from '@common/registration.js';
import type { SubscriptionSource } from '@common/subscription-source.js';
import type { BookingOverrides } from '@common/schemas/registration.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { queryNamedRows, readNamedRows, readRows, writeTogether, type Executor } from '../db/client.js';
import { idList, isoTimestamp } from '../db/sql.js';
import { children, lunchPreferences, subscriptionDiscounts, subscriptions } from '../db/schema.js';
import { auditWrite } from '../lib/audit.js';
import { AppError, conflict, invalidFields, notFound } from '../lib/errors.js';
import { readFamilyYearBookings, siblingDiscountOfNewBooking, siblingDiscountRow, type FamilyYearBooking } from './sibling-discounts.js';
import { newSubscriptionDetailRead } from './subscription-detail.js';
import { seatsTakenOf } from './seats.js';
import type { Outbox } from './outbox.js';

/**
 * Booking a child into a camp, one rule for the desk (server/src/features/registration/, issues 18 and 39) and the
 * parents' public site (server/src/features/public/, issue 40): the camp's row lock and its seats, the camp's own
 * rules and their typed refusals, the days of a flexible camp, and writing the booking with its price, discounts,
 * audit entries and confirmation mail.
 */

export const bookingMessages = {
  campFull: 'Dit kamp is volzet',
  campNotFound: 'Kamp niet gevonden',
  childNotFound: 'Kind niet gevonden',
  overlap: (child: string, booking: string) => `${child} is al ingeschreven voor een kamp in dezelfde periode: ${booking}.`,
} as const;
const messages = bookingMessages;

const campRow = z.object({
  id: z.number(),
  priceCents: z.number(),
  seatsAvailable: z.number(),
  closed: z.boolean(),
  minBirthyear: z.number(),
  maxBirthyear: z.number(),
  flexible: z.boolean(),
  activeDays: z.string(),
  discountAllowed: z.boolean(),
  reductionToEarnCents: z.number(),
  minimumRequiredDays: z.number(),
  maximumAllowedDays: z.number(),
  minimumContiguousDays: z.number(),
  /** When booking opens on the public site (the camp's moment, else its location's), ISO; null: open. */
  bookingOpensAt: z.string().nullable(),
  year: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  seatsTaken: z.number(),
});
export type CampForBooking = z.infer<typeof campRow>;

/**
 * The camp, locked for the rest of the transaction, with the seats its live subscriptions take. Every
 * booking into a camp (create, move, restore) takes this lock first, so two bookings of its last seat
 * queue here and the second one counts the first: seats hold under concurrency.
 */
export async function lockCamp(tx: Executor, campId: number): Promise<CampForBooking> {
  await takeCampLock(tx, campId);
  const [camp] = await readNamedRows(tx, 'booking_camp', campSql(campId), campRow);
  if (!camp) throw notFound(messages.campNotFound);
  return camp;
}

/**
 * The camp's row lock. A statement of its own: a statement that waited for a row lock still reads everything else
 * (the seat count) as it was when it started, so the count must be read by the next statement.
 */
async function takeCampLock(tx: Executor, campId: number): Promise<void> {
  await queryNamedRows(tx, 'booking_camp_lock', sql`select id from camps where id = ${campId} for update`);
}

/**
 * A public basket's camps locked, each with its seats, and its children locked (issue 37): the camps in id order, then
 * the children in id order, as every booking locks a camp before its child, so two baskets (or a basket and the desk)
 * never wait for each other in a circle. A statement that waited for a row lock still reads everything else as it was
 * when it started, so a camp's seats are read by the statement after its lock; that statement takes the next lock
 * (the next camp's, or the children's after the last camp): one round trip a camp, plus the first lock. The seats are
 * still counted right: the camp read is locked already, so nothing books into it while the statement waits. The last
 * statement also takes `newIds` new subscription ids (ascending), under every camp's lock; a basket refused after it
 * leaves them unused.
 */
export async function lockCampsAndChildren(
  tx: Executor,
  campIds: number[],
  childIds: number[],
  newIds: number,
): Promise<{ camps: Map<number, CampForBooking>; children: Map<number, ChildForBooking>; newIds: number[] }> {
  await takeCampLock(tx, campIds[0]!);
  const camps = new Map<number, CampForBooking>();
  for (const [index, campId] of campIds.slice(0, -1).entries()) {
    const [camp] = await readNamedRows(
      tx,
      'booking_camp_next',
      sql`select camp.*, (select count(*)::int from (select id from camps where id = ${campIds[index + 1]} for update) next) as "nextFound"
          from (${campSql(campId)}) camp`,
      campWithNextRow,
    );
    if (!camp || camp.nextFound === 0) throw notFound(messages.campNotFound);
    const { nextFound: _, ...read } = camp;
    camps.set(campId, read);
  }
  const lastId = campIds.at(-1)!;
  const [last] = await readNamedRows(
    tx,
    'booking_camp_children',
    sql`with locked as (
          select id, firstname, lastname, birthdate::text as birthdate from children
          where id in ${idList(childIds)} order by id for update)
        select camp.*, (select coalesce(json_agg(json_build_array(id, firstname, lastname, birthdate) order by id), '[]')
          from locked) as children,
          array(select ${newSubscriptionId} from generate_series(1, ${newIds})) as "newIds"
        from (${campSql(lastId)}) camp`,
    campWithChildrenRow,
  );
  if (!last) throw notFound(messages.campNotFound);
  const { children: rows, newIds: ids, ...read } = last;
  camps.set(lastId, read);
  return {
    camps,
    children: new Map(rows.map(([id, firstname, lastname, birthdate]) => [id, childOf({ id, firstname, lastname, birthdate })])),
    newIds: ids.sort((a, b) => a - b),
  };
}

const campWithNextRow = campRow.extend({ nextFound: z.number() });
const campWithChildrenRow = campRow.extend({
  children: z.array(z.tuple([z.number(), z.string(), z.string(), z.string()])),
  newIds: z.array(z.number()),
});

/** The camp as a booking reads it, with the seats its live subscriptions take. */
function campSql(campId: number) {
  return sql`select c.id, c.price_cents as "priceCents", c.seats_available as "seatsAvailable", c.closed,
          c.min_birthyear as "minBirthyear", c.max_birthyear as "maxBirthyear", c.flexible_booking_allowed as flexible,
          c.active_days as "activeDays", c.discount_allowed as "discountAllowed", c.reduction_to_earn_cents as "reductionToEarnCents",
          c.minimum_required_days as "minimumRequiredDays", c.maximum_allowed_days as "maximumAllowedDays",
          c.minimum_contiguous_days as "minimumContiguousDays",
          case when coalesce(c.allow_booking_from, l.allow_booking_from) is null then null
               else ${isoTimestamp('coalesce(c.allow_booking_from, l.allow_booking_from)')} end as "bookingOpensAt",
          extract(year from p.start_date)::int as year, p.start_date::text as "startDate", p.end_date::text as "endDate",
          ${seatsTakenOf(sql`c.id`)} as "seatsTaken"
        from camps c join periods p on p.id = c.period_id join locations l on l.id = c.location_id
        where c.id = ${campId}`;
}

/** The child of a booking as the camp's age rule reads it. */
export interface ChildForBooking {
  id: number;
  name: string;
  birthdate: string;
}

export async function childForBooking(tx: Executor, childId: number): Promise<ChildForBooking> {
  const [child] = await tx.select(childColumns).from(children).where(eq(children.id, childId));
  if (!child) throw notFound(messages.childNotFound);
  return childOf(child);
}

const childColumns = { id: children.id, firstname: children.firstname, lastname: children.lastname, birthdate: children.birthdate };

function childOf(child: { id: number; firstname: string; lastname: string; birthdate: string }): ChildForBooking {
  return { id: child.id, name: `${child.firstname} ${child.lastname}`, birthdate: child.birthdate };
}

/** An override staff used, with what it overrode: audited as `<call>:<override>` once the subscription exists. */
export interface UsedOverride {
  override: keyof BookingOverrides | 'voucher';
  facts: Record<string, unknown>;
}

/**
 * The camp's own rules for a booking (issues 18 and 39), each refused with its typed code unless staff
 * ticked its override: a closed camp (CAMP_CLOSED), a child born outside the camp's birth years
 * (AGE_OUT_OF_RANGE, the rule of common/src/registration.ts), no seat left (CAMP_FULL). Answers the
 * overrides used, for the audit log.
 */
export function checkCampRules(camp: CampForBooking, child: ChildForBooking, overrides: BookingOverrides): UsedOverride[] {
  const used: UsedOverride[] = [];
  if (camp.closed) {
    if (!overrides.overClosed) throw new AppError('CAMP_CLOSED', CAMP_CLOSED_MESSAGE);
    used.push({ override: 'overClosed', facts: { CAMP_ID: camp.id, CAMP_CLOSED: true } });
  }
  const birthYears = { MIN_BIRTHYEAR: camp.minBirthyear, MAX_BIRTHYEAR: camp.maxBirthyear };
  if (!birthYearFits(birthYears, child.birthdate)) {
    if (!overrides.overAgeRange) throw new AppError('AGE_OUT_OF_RANGE', ageOutOfRangeMessage(child.name, child.birthdate, birthYears));
    used.push({
      override: 'overAgeRange',
      facts: { CAMP_ID: camp.id, ...birthYears, SUBSCRIBER_BIRTHYEAR: Number(child.birthdate.slice(0, 4)) },
    });
  }
  if (camp.seatsTaken >= camp.seatsAvailable) {
    if (!overrides.overCapacity) throw new AppError('CAMP_FULL', messages.campFull);
    used.push({
      override: 'overCapacity',
      facts: { CAMP_ID: camp.id, SEATS_AVAILABLE: camp.seatsAvailable, SEATS_TAKEN: camp.seatsTaken + 1 },
    });
  }
  return used;
}

/**
 * A camp as the office's messages name it (theme - location | period), of a query's themes `th`, locations `l` and
 * periods `p`: the booking that overlaps, the camps a corrected birth date no longer fits.
 */
export const campLabelSql = sql`th.name || ' - ' || l.name_short || ' | ' || p.name`;
/** A camp as the public site names it to families (theme in location, period), of the same `th`, `l` and `p`. */
export const campWordsSql = sql`th.name || ' in ' || l.name || ', ' || p.name`;

const clashRow = z.object({ reference: z.string(), child: z.string(), camp: z.string(), words: z.string() });

/** The child's first live subscription (other than `except`) whose period overlaps the camp's, if any. */
const clashSql = (childId: number, camp: CampForBooking, except: number | null) =>
  sql`select s.reference, ch.firstname || ' ' || ch.lastname as child, ${campLabelSql} as camp, ${campWordsSql} as words
      from subscriptions s
      join children ch on ch.id = s.child_id
      join camps c on c.id = s.camp_id
      join periods p on p.id = c.period_id
      join themes th on th.id = c.theme_id
      join locations l on l.id = c.location_id
      where s.child_id = ${childId} and not s.cancelled and s.id <> ${except ?? 0}
        and p.start_date <= ${camp.endDate}::date and p.end_date >= ${camp.startDate}::date
      order by s.id limit 1`;

/**
 * The refusal of a booking that overlaps `clash`; the message names the booking as its reader knows camps: staff by
 * the office's label, a family (booking itself: no staff member) by the public site's words.
 */
const overlapRefusal = (clash: z.infer<typeof clashRow>, byFamily: boolean) =>
  conflict(messages.overlap(clash.child, `${byFamily ? clash.words : clash.camp} (${clash.reference})`));

/**
 * The same child may not be in two live subscriptions whose periods overlap; the message names the booking, to a
 * family (`byFamily`) in the public site's words.
 */
export async function checkNoOverlap(
  tx: Executor,
  childId: number,
  camp: CampForBooking,
  except: number | null,
  byFamily = false,
): Promise<void> {
  const [clash] = await readNamedRows(tx, 'booking_overlap', clashSql(childId, camp, except), clashRow);
  if (clash) throw overlapRefusal(clash, byFamily);
}

/** A new subscription's id, taken under its camp's lock: within a camp the ids are the order seats were given in. */
const newSubscriptionId = sql`nextval(pg_get_serial_sequence('subscriptions', 'id'))::int`;

/**
 * The days of a flexible booking, or null for a camp that books all its days. Days that break the camp's day rule
 * (`daysRuleProblem` in common/src/registration.ts) are refused through `refuse`: a field's message at the desk,
 * DAYS_RULE on the public site.
 */
export function bookedDays(camp: CampForBooking, selected: readonly string[], refuse: (message: string) => Error): string | null {
  if (!camp.flexible) return null;
  const problem = daysRuleProblem(
    {
      activeDays: camp.activeDays.split(',').filter(Boolean),
      minimumRequiredDays: camp.minimumRequiredDays,
      maximumAllowedDays: camp.maximumAllowedDays,
      minimumContiguousDays: camp.minimumContiguousDays,
    },
    selected,
  );
  if (problem) throw refuse(problem);
  return selected.join(',');
}

/**
 * The discount for fewer days of a flexible camp, from the camp's flags (docs/decisions.md, 'Staff registration'). The
 * organiser's discount for a further child follows the family's live bookings: `recomputeSiblingDiscounts` sets it
 * once the booking is written.
 */
function selectedDaysDiscounts(camp: CampForBooking, days: string | null) {
  const discounts: { kind: 'selected-days'; amountCents: number; remark: string }[] = [];
  if (days !== null) {
    const active = camp.activeDays.split(',').filter(Boolean);
    const amountCents = selectedDaysDiscountCents(camp.priceCents, active, days.split(','));
    if (amountCents > 0)
      discounts.push({ kind: 'selected-days', amountCents, remark: selectedDaysRemark(active.length - days.split(',').length) });
  }
  return discounts;
}

export async function checkLunchPreference(tx: Executor, lunchPreferenceId: number): Promise<void> {
  const [preference] = await tx
    .select({ id: lunchPreferences.id })
    .from(lunchPreferences)
    .where(eq(lunchPreferences.id, lunchPreferenceId));
  if (!preference) throw invalidFields({ SUBSCRIPTION_LUNCH_PREFERENCE_ID: validationMessages.wrongFormat });
}

/** A booking against a camp's rule is written down on its own, one entry per override, so it can be found. */
export async function auditOverrides(tx: Executor, adminId: number | null, action: string, subscriptionId: number, used: UsedOverride[]) {
  for (const write of overrideAudits(tx, adminId, action, subscriptionId, used)) await tx.execute(write);
}

/** `auditOverrides`' statements, not run. */
function overrideAudits(tx: Executor, adminId: number | null, action: string, subscriptionId: number, used: UsedOverride[]): SQL[] {
  return used.map(({ override, facts }) =>
    auditWrite(tx, {
      adminId,
      action: `${action}:${override}`,
      entity: 'subscription',
      entityId: subscriptionId,
      before: null,
      after: facts,
    }),
  );
}

/** One booking to write, its camp locked and its rules checked (`writeBooking`). */
export interface NewBooking {
  camp: CampForBooking;
  childId: number;
  parentId: number;
  paymentMethodId: number;
  lunchPreferenceId: number | null;
  remark: string | null;
  /** The days of a flexible booking (`bookedDays`), null for all of them. */
  days: string | null;
  source: SubscriptionSource;
  /** The staff member who booked; null for a family on the public site. */
  adminId: number | null;
  /** The audit log's action: createSubscription, bookOnline. */
  action: string;
  /** The camp rules overridden (staff's ticks, a family's voucher), each audited as `<action>:<override>`. */
  overridden: UsedOverride[];
  /** The new subscription's id when taken already (`lockCampsAndChildren`); else it is taken here. */
  id?: number;
  /**
   * The child's overlapping booking (checkNoOverlap's rule) is looked for in the statement of the booking's last
   * writes, not before it: one round trip less under a basket's locks (issue 37), the child's row locked already. A
   * booking refused for it has been written, so the caller's transaction must end with the refusal (it rolls back).
   */
  refuseOverlap?: boolean;
  /**
   * Writes of the caller's made with the booking's last ones, in one statement (`writeTogether`), given the new
   * subscription's id: a public basket's Idempotency-Key with what it booked (issue 37).
   */
  alsoWrite?: (id: number) => SQL[];
  /** The family's live bookings of the camp's year when read already (`familyBookingsByYearSql`); else read here. */
  familyBookings?: FamilyYearBooking[];
}

const newIdRow = z.object({ id: z.number() });

/**
 * Writes one booking, the same way at the desk and on the public site (issues 18 and 40): the id first (reference
 * and OGM are made from it), the camp's price now, the discount for fewer days, its sibling discount (and the family's
 * other bookings' made right), the audit entries, and the camp's confirmation mail through the outbox. Answers the new
 * detail, the family's other bookings whose sibling discount it changed (their details read before it are out of
 * date), and the family's bookings of the year with this one (for a basket's next booking).
 */
export async function writeBooking(
  tx: Executor,
  outbox: Outbox,
  booking: NewBooking,
): Promise<{ detail: SubscriptionDetail; discountsChanged: number[]; familyBookings: FamilyYearBooking[] }> {
  const { camp } = booking;
  const id = booking.id ?? (await readRows(tx, sql`select ${newSubscriptionId} as id`, newIdRow))[0]!.id;
  // Its sibling discount is decided before it is written, so it is written with it (the family's bookings of the year
  // read here, or given by the caller who read them with more).
  const sibling = await siblingDiscountOfNewBooking(
    tx,
    { adminId: booking.adminId, action: booking.action, parentId: booking.parentId, campYear: camp.year },
    booking.familyBookings ?? (await readFamilyYearBookings(tx, booking.parentId, camp.year)),
    { id, discountAllowed: camp.discountAllowed, reductionToEarnCents: camp.reductionToEarnCents },
  );
  const discounts = [
    ...selectedDaysDiscounts(camp, booking.days).map((d) => ({ ...d, subscriptionId: id })),
    ...(sibling.due ? [siblingDiscountRow(id, camp.reductionToEarnCents)] : []),
  ];
  const subscription = tx
    .insert(subscriptions)
    .values({
      id,
      reference: subscriptionReference(camp.year, id),
      ogm: formatOgm(REFERENCE_OGM_BASE + id),
      campId: camp.id,
      childId: booking.childId,
      campPriceCents: camp.priceCents,
      paymentMethodId: booking.paymentMethodId,
      lunchPreferenceId: booking.lunchPreferenceId,
      remark: booking.remark,
      selectedDays: booking.days,
      source: booking.source,
    })
    .returning();
  // The subscription, its discounts and its detail in one round trip.
  const inserts = [subscription.getSQL()];
  if (discounts.length > 0) inserts.push(tx.insert(subscriptionDiscounts).values(discounts).returning().getSQL());
  const detail = (await writeTogether(tx, 'booking_subscription', inserts, newSubscriptionDetailRead(id, discounts.length > 0)))[0]!;
  // Its audit entries, its confirmation mail and the caller's last writes in one round trip: none reads another's rows.
  const writes = [
    auditWrite(tx, { adminId: booking.adminId, action: booking.action, entity: 'subscription', entityId: id, before: null, after: detail }),
    ...overrideAudits(tx, booking.adminId, booking.action, id, booking.overridden),
    await outbox.campMailWrite(detail, 'confirm'),
    ...(booking.alsoWrite?.(id) ?? []),
  ];
  if (!booking.refuseOverlap) await writeTogether(tx, 'booking_writes', writes);
  else {
    const query = clashSql(booking.childId, camp, id);
    const [clash] = await writeTogether(tx, 'booking_writes_overlap', writes, { query, row: clashRow });
    if (clash) throw overlapRefusal(clash, booking.adminId === null);
  }
  return { detail, discountsChanged: sibling.changed, familyBookings: sibling.bookings };
}
