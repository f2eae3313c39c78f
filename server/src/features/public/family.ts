import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { currentYearInBelgium, todayInBelgium } from '@common/calendar.js';
import {
  publicCamp,
  type PublicCampsAnswer,
  type ChildCorrectionPayload,
  type PublicFamily,
  type SaveChildPayload,
  type SaveParentPayload,
} from '@common/schemas/public.js';
import { readRows, type Database, type Executor } from '../../db/client.js';
import { isoTimestamp, sameNationalNumber } from '../../db/sql.js';
import { seatsTakenOf } from '../../domain/seats.js';
import { children, familyAccounts, lunchPreferences, parents, safetySheets, subscriptions } from '../../db/schema.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { auditedWithin, writeAudit } from '../../lib/audit.js';
import { centsToEuro } from '@common/money.js';
import { apiMessages } from '@common/messages.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { addressOfSender, readPublicOrganiser, readSettings, type OrganiserSettings } from '../../lib/settings.js';
import { parentRowOf } from '../../domain/parents.js';
import type { FamilyUser } from '../../lib/session-user.js';
import { logoUrl } from '../../lib/logo.js';
import { publicMessages as messages } from './messages.js';

/**
 * What a family reads and keeps of its own on the public site (issue 40): its parent's data and its children. Every
 * record is looked up through the family's own parent, so another family's id is simply not found (404). No national
 * number leaves the server: the answers say only whether one is stored.
 */

export async function getFamily(db: Executor, family: FamilyUser): Promise<PublicFamily> {
  const [account] = await db.select().from(familyAccounts).where(eq(familyAccounts.id, family.accountId));
  const parentId = account!.parentId;
  const [parent] = parentId === null ? [] : await db.select().from(parents).where(eq(parents.id, parentId));
  const kids =
    parentId === null
      ? []
      : await db.select().from(children).where(eq(children.parentId, parentId)).orderBy(children.birthdate, children.id);
  const booked = parentId === null ? new Set<number>() : await bookedChildren(db, parentId);
  const sheets =
    kids.length === 0
      ? []
      : await db
          .select({ childId: safetySheets.childId, updatedAt: safetySheets.updatedAt })
          .from(safetySheets)
          .where(
            inArray(
              safetySheets.childId,
              kids.map((k) => k.id),
            ),
          );
  const sheetSaved = new Map(sheets.map((s) => [s.childId, s.updatedAt.toISOString()]));
  return {
    email: account!.email,
    emailConfirmed: account!.emailConfirmedAt !== null,
    linkPending: parentId === null,
    PARENT: parent
      ? {
          SUBSCRIBER_PARENT_FIRSTNAME: parent.firstname,
          SUBSCRIBER_PARENT_LASTNAME: parent.lastname,
          SUBSCRIBER_PARENT_STREET: parent.street,
          SUBSCRIBER_PARENT_HOUSENR: parent.housenr,
          SUBSCRIBER_PARENT_POSTALCODE: parent.postalcode,
          SUBSCRIBER_PARENT_CITY: parent.city,
          SUBSCRIBER_PARENT_COUNTRY: parent.country,
          SUBSCRIBER_PARENT_PHONE: parent.phone,
          SUBSCRIBER_PARENT_PHONE2: parent.phone2,
          SUBSCRIBER_PARENT_HAS_NATIONALNR: !!parent.nationalnr,
        }
      : null,
    CHILDREN: kids.map((child) => ({
      CHILD_ID: child.id,
      SUBSCRIBER_FIRSTNAME: child.firstname,
      SUBSCRIBER_LASTNAME: child.lastname,
      SUBSCRIBER_GENDER_ID: child.genderId,
      SUBSCRIBER_BIRTHDATE: child.birthdate,
      SUBSCRIBER_HAS_NATIONALNR: !!child.nationalnr,
      SUBSCRIBER_DATA_LOCKED: booked.has(child.id),
      SAFETY_SHEET_UPDATED_AT: sheetSaved.get(child.id) ?? null,
    })),
  };
}

/**
 * The family's children that have a booking (cancelled ones too: the fee, the refund and the attests rest on it): their
 * birth date (the camp's birth years) and national number (the fiscal attest) are staff's to change from then on
 * (docs/decisions.md, 'Issue 34').
 */
async function bookedChildren(db: Executor, parentId: number, childId?: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: subscriptions.childId })
    .from(subscriptions)
    .innerJoin(children, eq(children.id, subscriptions.childId))
    .where(and(eq(children.parentId, parentId), childId === undefined ? undefined : eq(children.id, childId)));
  return new Set(rows.map((r) => r.id));
}

/** The signed-in family of a family call (server/src/plugins/auth.ts set it). */
export function currentFamily(request: { family: FamilyUser | null }): FamilyUser {
  if (!request.family) throw new AppError('UNAUTHORIZED', apiMessages.unauthorized);
  return request.family;
}

/** The family's parent record, or 409 EMAIL_NOT_CONFIRMED while a known family waits for its confirmed address. */
export async function familyParentId(db: Executor, family: FamilyUser): Promise<number> {
  const [account] = await db
    .select({ parentId: familyAccounts.parentId })
    .from(familyAccounts)
    .where(eq(familyAccounts.id, family.accountId));
  if (!account || account.parentId === null) throw new AppError('EMAIL_NOT_CONFIRMED', messages.emailNotConfirmed);
  return account.parentId;
}

/** The family's own data; the e-mail address stays the account's. An empty national number keeps the stored one. */
export async function saveParent(db: Database, family: FamilyUser, payload: SaveParentPayload): Promise<PublicFamily> {
  await db.transaction(async (tx) => {
    const parentId = await familyParentId(tx, family);
    const [before] = await tx.select().from(parents).where(eq(parents.id, parentId)).for('update');
    const nationalnr = payload.SUBSCRIBER_PARENT_NATIONALNR ?? before!.nationalnr;
    if (payload.SUBSCRIBER_PARENT_NATIONALNR) {
      const [other] = await tx
        .select({ id: parents.id })
        .from(parents)
        .where(and(ne(parents.id, parentId), sameNationalNumber(parents.nationalnr, payload.SUBSCRIBER_PARENT_NATIONALNR)))
        .limit(1);
      if (other) throw new AppError('CONFLICT', messages.nationalNumberKnown);
    }
    const values = { ...parentRowOf(payload), nationalnr };
    await tx
      .update(parents)
      .set({ ...values, version: sql`${parents.version} + 1` })
      .where(eq(parents.id, parentId));
    await writeAudit(tx, {
      adminId: null,
      action: 'saveFamilyParent',
      entity: 'parent',
      entityId: parentId,
      before: parentFacts(before!),
      after: parentFacts({ ...before!, ...values }),
    });
  });
  return getFamily(db, family);
}

const parentFacts = (p: typeof parents.$inferSelect) => ({
  SUBSCRIBER_PARENT_FIRSTNAME: p.firstname,
  SUBSCRIBER_PARENT_LASTNAME: p.lastname,
  SUBSCRIBER_PARENT_STREET: p.street,
  SUBSCRIBER_PARENT_HOUSENR: p.housenr,
  SUBSCRIBER_PARENT_POSTALCODE: p.postalcode,
  SUBSCRIBER_PARENT_CITY: p.city,
  SUBSCRIBER_PARENT_COUNTRY: p.country,
  SUBSCRIBER_PARENT_PHONE: p.phone,
  SUBSCRIBER_PARENT_PHONE2: p.phone2,
  SUBSCRIBER_PARENT_NATIONALNR: p.nationalnr,
});

const childFacts = (c: Omit<typeof children.$inferSelect, 'id' | 'version'>) => ({
  SUBSCRIBER_FIRSTNAME: c.firstname,
  SUBSCRIBER_LASTNAME: c.lastname,
  SUBSCRIBER_GENDER_ID: c.genderId,
  SUBSCRIBER_BIRTHDATE: c.birthdate,
  SUBSCRIBER_NATIONALNR: c.nationalnr,
});

/** Adds a child (no CHILD_ID) or saves one of the family's own (another's: 404). */
export async function saveChild(db: Database, family: FamilyUser, payload: SaveChildPayload): Promise<{ CHILD_ID: number }> {
  return db.transaction(async (tx) => {
    const parentId = await familyParentId(tx, family);
    const values = {
      parentId,
      firstname: payload.SUBSCRIBER_FIRSTNAME,
      lastname: payload.SUBSCRIBER_LASTNAME,
      genderId: payload.SUBSCRIBER_GENDER_ID,
      birthdate: payload.SUBSCRIBER_BIRTHDATE,
    };
    if (payload.CHILD_ID === undefined) {
      const nationalnr = payload.SUBSCRIBER_NATIONALNR ?? null;
      const [row] = await tx
        .insert(children)
        .values({ ...values, nationalnr })
        .returning({ id: children.id });
      await writeAudit(tx, {
        adminId: null,
        action: 'saveFamilyChild',
        entity: 'subscriber',
        entityId: row!.id,
        before: null,
        after: childFacts({ ...values, nationalnr }),
      });
      return { CHILD_ID: row!.id };
    }
    const [before] = await tx
      .select()
      .from(children)
      .where(and(eq(children.id, payload.CHILD_ID), eq(children.parentId, parentId)))
      .for('update');
    if (!before) throw notFound(messages.childNotFound);
    // The same number written otherwise is no change: the stored one stays.
    const nationalnr =
      payload.SUBSCRIBER_NATIONALNR && digitsOf(payload.SUBSCRIBER_NATIONALNR) !== digitsOf(before.nationalnr)
        ? payload.SUBSCRIBER_NATIONALNR
        : before.nationalnr;
    // Checked under the child's row lock: a booking inserting its subscription waits for it (the foreign key's lock).
    const identityChanged = payload.SUBSCRIBER_BIRTHDATE !== before.birthdate || digitsOf(nationalnr) !== digitsOf(before.nationalnr);
    if (identityChanged && (await bookedChildren(tx, parentId, before.id)).size > 0)
      throw new AppError('CHILD_DATA_LOCKED', messages.childDataLocked);
    await tx
      .update(children)
      .set({ ...values, nationalnr, version: sql`${children.version} + 1` })
      .where(eq(children.id, before.id));
    await writeAudit(tx, {
      adminId: null,
      action: 'saveFamilyChild',
      entity: 'subscriber',
      entityId: before.id,
      before: childFacts(before),
      after: childFacts({ ...values, nationalnr }),
    });
    return { CHILD_ID: before.id };
  });
}

const digitsOf = (nationalNumber: string | null) => (nationalNumber ?? '').replace(/\D/g, '');

/** At most this many requests to correct a child's data per family and day: each is a mail to the organiser. */
export const CORRECTION_REQUESTS_PER_DAY = 5;

/**
 * requestChildCorrection (issue 34): a booked child's birth date or national number the family cannot change itself;
 * it asks staff in its own words. A mail to the organiser's own address (that of MAIL_FROM), in the mail log of the
 * child's last booking, so staff see it on the subscription where they correct it ('Gegevens corrigeren'); audited as
 * the family's, and a few a day (each is a mail). A child without a booking the family changes itself (409).
 */
export async function requestChildCorrection(
  deps: OutboxDeps & { db: Database },
  family: FamilyUser,
  payload: ChildCorrectionPayload,
): Promise<{ sent: true }> {
  return withOutbox(deps.db, deps, async (tx, outbox) => {
    const parentId = await familyParentId(tx, family);
    // One request at a time per family, so the limit counts each.
    const [parent] = await tx.select().from(parents).where(eq(parents.id, parentId)).for('update');
    const [child] = await tx
      .select()
      .from(children)
      .where(and(eq(children.id, payload.CHILD_ID), eq(children.parentId, parentId)));
    if (!child) throw notFound(messages.childNotFound);
    const bookings = await tx
      .select({ id: subscriptions.id, reference: subscriptions.reference })
      .from(subscriptions)
      .where(eq(subscriptions.childId, child.id))
      .orderBy(desc(subscriptions.id));
    if (bookings.length === 0) throw conflict(messages.childNotBooked);
    const recent = await auditedWithin(tx, { action: 'requestChildCorrection', entity: 'parent', entityId: parentId }, 24);
    if (recent >= CORRECTION_REQUESTS_PER_DAY) throw new AppError('TOO_MANY_ATTEMPTS', messages.tooManyCorrections);
    const organiser = await readSettings(tx, deps.settingsDefaults);
    const [account] = await tx.select({ email: familyAccounts.email }).from(familyAccounts).where(eq(familyAccounts.id, family.accountId));
    const name = `${child.firstname} ${child.lastname}`;
    await outbox.enqueueText({
      templateId: 'correctie-gevraagd',
      to: addressOfSender(organiser.MAIL_FROM),
      subscriptionId: bookings[0]!.id,
      subject: messages.correctionSubject(name),
      text: messages.correctionText({
        parent: `${parent!.firstname} ${parent!.lastname}`,
        email: account!.email,
        child: name,
        childId: child.id,
        references: bookings.map((b) => b.reference),
        message: payload.MESSAGE,
      }),
    });
    await writeAudit(tx, {
      adminId: null,
      action: 'requestChildCorrection',
      entity: 'parent',
      entityId: parentId,
      before: null,
      after: { SUBSCRIBER_ID: child.id, MESSAGE: payload.MESSAGE },
    });
    return { sent: true as const };
  });
}

/** The public camp as the database reads it: price and reduction in cents, the days as stored text. */
const campRow = publicCamp.omit({ CAMP_PRICE: true, ACTIVE_DAYS: true, CAMP_REDUCTION_TO_EARN: true }).extend({
  priceCents: z.number(),
  activeDays: z.string(),
  reductionCents: z.number(),
});

/**
 * getCamps of the public site: the camps of a camp year that have not ended, in date order, each with its seats
 * open, its day rules and when booking opens (the camp's moment, else its location's). A closed camp is listed as
 * closed; it cannot be booked. Without a camp year, the current one's and the next's in one answer (CAMP_YEAR the
 * current): the site's page asks that before its script runs (docs/decisions.md, 'The public site's camps from its page').
 */
export async function getPublicCamps(
  db: Executor,
  settingsDefaults: OrganiserSettings,
  now: Date,
  campYear?: number,
): Promise<PublicCampsAnswer> {
  const year = campYear ?? currentYearInBelgium(now);
  const untilYear = campYear === undefined ? year + 2 : year + 1;
  // The three reads are sent at once: on PostgreSQL they run side by side, on PGlite one after the other without a
  // round trip between them.
  const [rows, lunch, organiser] = await Promise.all([
    readRows(
      db,
      sql`select c.id as "CAMP_ID", th.name as "THEME_NAME", l.id as "LOCATION_ID", l.name as "LOCATION_NAME", l.address as "LOCATION_ADDRESS",
          p.id as "PERIOD_ID", p.name as "PERIOD_NAME", p.start_date::text as "PERIOD_STARTDATE", p.end_date::text as "PERIOD_ENDDATE",
          a.name as "AGEGROUP_NAME", c.min_birthyear as "MIN_BIRTHYEAR", c.max_birthyear as "MAX_BIRTHYEAR", c.price_cents as "priceCents",
          greatest(0, c.seats_available - ${seatsTakenOf(sql`c.id`)}) as "SEATS_OPEN",
          c.flexible_booking_allowed as "CAMP_FLEXIBLE_BOOKING_ALLOWED", c.active_days as "activeDays",
          c.minimum_contiguous_days as "CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS", c.minimum_required_days as "CAMP_MINIMUM_REQUIRED_CAMP_DAYS",
          c.maximum_allowed_days as "CAMP_MAXIMUM_ALLOWED_CAMP_DAYS", c.discount_allowed as "CAMP_DISCOUNT_ALLOWED",
          c.reduction_to_earn_cents as "reductionCents", c.discount_selected_days_allowed as "CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED",
          case when coalesce(c.allow_booking_from, l.allow_booking_from) is null then null
               else ${isoTimestamp('coalesce(c.allow_booking_from, l.allow_booking_from)')} end as "BOOKING_OPENS_AT",
          coalesce(nullif(c.allow_booking_info, ''), nullif(l.allow_booking_info, '')) as "BOOKING_INFO",
          c.closed as "CAMP_CLOSED"
        from camps c join periods p on p.id = c.period_id join locations l on l.id = c.location_id
          join themes th on th.id = c.theme_id join agegroups a on a.id = c.agegroup_id
        where p.start_date >= ${`${year}-01-01`}::date and p.start_date < ${`${untilYear}-01-01`}::date
          and p.end_date >= ${todayInBelgium(now)}::date
        order by p.start_date, l.name, th.name, c.id`,
      campRow,
    ),
    db.select().from(lunchPreferences).orderBy(lunchPreferences.id),
    readPublicOrganiser(db, settingsDefaults),
  ]);
  return {
    CAMP_YEAR: year,
    ORGANISER_NAME: organiser.name,
    ORGANISER_LOGO_URL: logoUrl(organiser.logoVersion),
    LUNCH_PREFERENCES: lunch.map((l) => ({ LUNCHPREFERENCE_ID: l.id, LUNCHPREFERENCE_DESCRIPTION: l.description })),
    CAMPS: rows.map(({ priceCents, activeDays, reductionCents, ...camp }) => ({
      ...camp,
      CAMP_PRICE: centsToEuro(priceCents),
      CAMP_REDUCTION_TO_EARN: centsToEuro(reductionCents),
      ACTIVE_DAYS: activeDays.split(',').filter(Boolean),
    })),
  };
}
