import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MOVE_MAIL_TEMPLATE } from '@common/constants.js';
import { validationMessages } from '@common/messages.js';
import { formatOgm } from '@common/ogm.js';
import {
  ageOutOfRangeMessage,
  birthYearFits,
  CAMP_CLOSED_MESSAGE,
  REFERENCE_OGM_BASE,
  selectedDaysDiscountCents,
  selectedDaysRemark,
  subscriptionReference,
} from '@common/registration.js';
import type { BookingOverrides, CreateSubscriptionPayload, MoveSubscriptionPayload } from '@common/schemas/registration.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { readRows, type Database, type Executor } from '../../db/client.js';
import { lockRowById } from '../../db/lock.js';
import {
  attendance,
  camps,
  children,
  deletedSubscriptions,
  lunchPreferences,
  mailTemplates,
  parents,
  payments,
  subscriptionDiscounts,
  subscriptions,
} from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, invalidFields, notFound } from '../../lib/errors.js';
import type { TrashSnapshot } from '../../domain/subscription-trash.js';
import { defaultMailTemplates } from '../../mail/default-templates.js';
import type { MailRelay } from '../../mail/relay.js';
import { withOutbox } from '../../domain/outbox.js';
import type { OrganiserSettings } from '../../lib/settings.js';
import { recomputeSiblingDiscounts } from '../../domain/sibling-discounts.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import { subscriptionMessages } from '../../domain/subscription-messages.js';
import { registrationMessages as messages } from './messages.js';
import { seatsTakenOf } from '../../domain/seats.js';

export interface RegistrationDeps {
  db: Database;
  /** Sends recorded mail after the commit (withOutbox wakes it). */
  relay: MailRelay;
  /** The organiser's settings from the environment, until staff save their own. */
  settingsDefaults: OrganiserSettings;
}

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
  year: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  seatsTaken: z.number(),
});
type CampForBooking = z.infer<typeof campRow>;

/**
 * The camp, locked for the rest of the transaction, with the seats its live subscriptions take. Every
 * booking into a camp (create, move, restore) takes this lock first, so two bookings of its last seat
 * queue here and the second one counts the first: seats hold under concurrency.
 */
async function lockCamp(tx: Executor, campId: number): Promise<CampForBooking> {
  // The lock is a statement of its own: a statement that waited for a row lock still reads everything else
  // (the seat count) as it was when it started, so the count must be read by the next statement.
  await tx.execute(sql`select id from camps where id = ${campId} for update`);
  const [camp] = await readRows(
    tx,
    sql`select c.id, c.price_cents as "priceCents", c.seats_available as "seatsAvailable", c.closed,
          c.min_birthyear as "minBirthyear", c.max_birthyear as "maxBirthyear", c.flexible_booking_allowed as flexible,
          c.active_days as "activeDays", c.discount_allowed as "discountAllowed", c.reduction_to_earn_cents as "reductionToEarnCents",
          c.minimum_required_days as "minimumRequiredDays", c.maximum_allowed_days as "maximumAllowedDays",
          extract(year from p.start_date)::int as year, p.start_date::text as "startDate", p.end_date::text as "endDate",
          ${seatsTakenOf(sql`c.id`)} as "seatsTaken"
        from camps c join periods p on p.id = c.period_id
        where c.id = ${campId}`,
    campRow,
  );
  if (!camp) throw notFound(messages.campNotFound);
  return camp;
}

/** The child of a booking as the camp's age rule reads it. */
interface ChildForBooking {
  id: number;
  name: string;
  birthdate: string;
}

async function childForBooking(tx: Executor, childId: number): Promise<ChildForBooking> {
  const [child] = await tx
    .select({ id: children.id, firstname: children.firstname, lastname: children.lastname, birthdate: children.birthdate })
    .from(children)
    .where(eq(children.id, childId));
  if (!child) throw notFound(messages.childNotFound);
  return { id: child.id, name: `${child.firstname} ${child.lastname}`, birthdate: child.birthdate };
}

/** An override staff used, with what it overrode: audited as `<call>:<override>` once the subscription exists. */
interface UsedOverride {
  override: keyof BookingOverrides;
  facts: Record<string, unknown>;
}

/**
 * The camp's own rules for a booking (issues 18 and 39), each refused with its typed code unless staff
 * ticked its override: a closed camp (CAMP_CLOSED), a child born outside the camp's birth years
 * (AGE_OUT_OF_RANGE, the rule of common/src/registration.ts), no seat left (CAMP_FULL). Answers the
 * overrides used, for the audit log.
 */
function checkCampRules(camp: CampForBooking, child: ChildForBooking, overrides: BookingOverrides): UsedOverride[] {
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

/** The same child may not be in two live subscriptions whose periods overlap; the message names the booking. */
async function checkNoOverlap(tx: Executor, childId: number, camp: CampForBooking, except: number | null): Promise<void> {
  const [clash] = await readRows(
    tx,
    sql`select s.reference, ch.firstname || ' ' || ch.lastname as child,
          th.name || ' - ' || l.name_short || ' | ' || p.name as camp
        from subscriptions s
        join children ch on ch.id = s.child_id
        join camps c on c.id = s.camp_id
        join periods p on p.id = c.period_id
        join themes th on th.id = c.theme_id
        join locations l on l.id = c.location_id
        where s.child_id = ${childId} and not s.cancelled and s.id <> ${except ?? 0}
          and p.start_date <= ${camp.endDate}::date and p.end_date >= ${camp.startDate}::date
        order by s.id limit 1`,
    z.object({ reference: z.string(), child: z.string(), camp: z.string() }),
  );
  if (clash) throw conflict(messages.overlap(clash.child, `${clash.camp} (${clash.reference})`));
}

/** The days of a flexible booking: some of the camp's days, within its minimum and maximum. Any other camp books all its days. */
function bookedDays(camp: CampForBooking, selected: string[]): string | null {
  if (!camp.flexible) return null;
  const active = camp.activeDays.split(',').filter(Boolean);
  const field = (message: string) => invalidFields({ SUBSCRIPTION_SELECTED_DAYS: message });
  if (selected.length === 0) throw field(validationMessages.required);
  if (selected.some((day) => !active.includes(day))) throw field(messages.dayNotInCamp);
  if (camp.minimumRequiredDays > 0 && selected.length < camp.minimumRequiredDays)
    throw field(messages.tooFewDays(camp.minimumRequiredDays));
  if (camp.maximumAllowedDays > 0 && selected.length > camp.maximumAllowedDays) throw field(messages.tooManyDays(camp.maximumAllowedDays));
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

/** The parent named by id, or the new one: one already known by the same national number is reused, not duplicated. */
async function parentOf(tx: Executor, payload: CreateSubscriptionPayload): Promise<number> {
  if (payload.SUBSCRIBER_PARENT_ID !== undefined) {
    return (await lockRowById(tx, parents, payload.SUBSCRIBER_PARENT_ID, messages.parentNotFound)).id;
  }
  const nationalnr = payload.SUBSCRIBER_PARENT_NATIONALNR ?? null;
  if (nationalnr !== null) {
    const [known] = await tx
      .select({ id: parents.id })
      .from(parents)
      .where(sql`regexp_replace(${parents.nationalnr}, '\\D', '', 'g') = ${nationalnr.replace(/\D/g, '')}`)
      .limit(1);
    if (known) return known.id;
  }
  const [row] = await tx
    .insert(parents)
    .values({
      firstname: payload.SUBSCRIBER_PARENT_FIRSTNAME!,
      lastname: payload.SUBSCRIBER_PARENT_LASTNAME!,
      street: payload.SUBSCRIBER_PARENT_STREET!,
      housenr: payload.SUBSCRIBER_PARENT_HOUSENR!,
      postalcode: payload.SUBSCRIBER_PARENT_POSTALCODE!,
      city: payload.SUBSCRIBER_PARENT_CITY!,
      country: payload.SUBSCRIBER_PARENT_COUNTRY!,
      phone: payload.SUBSCRIBER_PARENT_PHONE!,
      phone2: payload.SUBSCRIBER_PARENT_PHONE2 ?? '',
      email: payload.SUBSCRIBER_PARENT_EMAIL!,
      nationalnr,
    })
    .returning({ id: parents.id });
  return row!.id;
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
          ? sql`regexp_replace(${children.nationalnr}, '\\D', '', 'g') = ${nationalnr.replace(/\D/g, '')}`
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

async function checkLunchPreference(tx: Executor, lunchPreferenceId: number): Promise<void> {
  const [preference] = await tx
    .select({ id: lunchPreferences.id })
    .from(lunchPreferences)
    .where(eq(lunchPreferences.id, lunchPreferenceId));
  if (!preference) throw invalidFields({ SUBSCRIPTION_LUNCH_PREFERENCE_ID: validationMessages.wrongFormat });
}

/** A booking against a camp's rule is written down on its own, one entry per override, so it can be found. */
async function auditOverrides(tx: Executor, adminId: number, action: string, subscriptionId: number, used: UsedOverride[]) {
  for (const { override, facts } of used) {
    await writeAudit(tx, {
      adminId,
      action: `${action}:${override}`,
      entity: 'subscription',
      entityId: subscriptionId,
      before: null,
      after: facts,
    });
  }
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
    const days = bookedDays(camp, payload.SUBSCRIPTION_SELECTED_DAYS);
    await checkNoOverlap(tx, childId, camp, null);
    const overridden = checkCampRules(camp, await childForBooking(tx, childId), payload);
    const discounts = selectedDaysDiscounts(camp, days);

    // The id comes first: the reference and the OGM are made from it, so both are unique as the id is.
    const [{ id } = { id: 0 }] = await readRows(
      tx,
      sql`select nextval(pg_get_serial_sequence('subscriptions', 'id'))::int as id`,
      z.object({ id: z.number() }),
    );
    await tx.insert(subscriptions).values({
      id,
      reference: subscriptionReference(camp.year, id),
      ogm: formatOgm(REFERENCE_OGM_BASE + id),
      campId: camp.id,
      childId,
      campPriceCents: camp.priceCents,
      paymentMethodId: payload.PAYMENTMETHOD_ID,
      lunchPreferenceId: payload.SUBSCRIPTION_LUNCH_PREFERENCE_ID,
      remark: payload.SUBSCRIPTION_REMARK,
      selectedDays: days,
    });
    if (discounts.length > 0) await tx.insert(subscriptionDiscounts).values(discounts.map((d) => ({ ...d, subscriptionId: id })));
    await recomputeSiblingDiscounts(tx, { adminId, action: 'createSubscription', parentId, campYear: camp.year, quietFor: id });
    const detail = (await findSubscriptionDetail(tx, id))!;
    await writeAudit(tx, { adminId, action: 'createSubscription', entity: 'subscription', entityId: id, before: null, after: detail });
    await auditOverrides(tx, adminId, 'createSubscription', id, overridden);
    await outbox.enqueueCampMail(detail, 'confirm');
    return id;
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
