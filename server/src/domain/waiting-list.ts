import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_METHOD } from '@common/constants.js';
import { formatDateTime } from '@common/format.js';
import { birthYearFits } from '@common/registration.js';
import { centsToEuro } from '@common/money.js';
import {
  myWaitingAnswer,
  offerAnswer,
  waitingEntryRecord,
  yearWaitingEntryRecord,
  type OfferAnswer,
  type WaitingEntryRecord,
  type YearWaitingEntryRecord,
} from '@common/schemas/waiting-list.js';
import { readRows, type Database, type Executor, type Transaction } from '../db/client.js';
import { startsInYear } from '../db/sql.js';
import { children, waitingEntries, waitingOffers } from '../db/schema.js';
import { writeAudit } from '../lib/audit.js';
import type { Clock } from '../lib/clock.js';
import { AppError, conflict, notFound } from '../lib/errors.js';
import { readSettings, type OrganiserSettings } from '../lib/settings.js';
import { checkCampRules, checkNoOverlap, childForBooking, lockCamp, writeBooking, type CampForBooking } from './booking.js';
import { withOutbox, type Outbox, type OutboxDeps } from './outbox.js';

/**
 * The waiting list of a full camp (issue 34): children wait in line per camp, never as a subscription; when seats
 * free up, the first in line who fit get an offer that holds those seats (counted as taken in domain/seats.ts) until
 * it is accepted, declined or lapses. Every change of the list takes the camp's row lock first (`lockCamp`), as a
 * booking does, so the seats counted and the line read belong together: a seat is never offered twice at once.
 */

export const waitingMessages = {
  entryNotFound: 'Deze plaats op de wachtlijst bestaat niet (meer).',
  offerNotFound: 'Dit aanbod bestaat niet.',
  offerClosed: 'Dit aanbod geldt niet meer: het werd al aanvaard of geweigerd, of de termijn is verstreken.',
  campNotFull: (free: number) =>
    `Er ${free === 1 ? 'is nog 1 plaats' : `zijn nog ${free} plaatsen`} vrij in dit kamp: schrijf in in plaats van te wachten.`,
  childrenOfOneFamily: 'Kies kinderen van één gezin.',
  alreadyBooked: (name: string) => `${name} is al ingeschreven voor dit kamp.`,
  alreadyWaiting: (name: string) => `${name} staat al op de wachtlijst van dit kamp.`,
  campClosed: 'Dit kamp is gesloten: er is geen wachtlijst.',
  ageOutOfRange: (name: string) => `${name} is niet geboren in een van de geboortejaren van dit kamp.`,
  notWaiting: 'Dit kind wacht niet (meer) op een plaats: het kreeg al een aanbod of staat niet meer op de wachtlijst.',
  noSeats: (needed: number, free: number) =>
    `Er ${free === 1 ? 'is 1 plaats' : `zijn ${free} plaatsen`} vrij, ${needed === 1 ? 'er is 1 nodig' : `er zijn er ${needed} nodig`}.`,
  offerSubject: (camp: string) => `Er is een plaats vrij: ${camp}`,
  offerText: (facts: { names: string; camp: string; deadline: string; link: string; organiser: string }) =>
    [
      'Beste ouder,',
      '',
      `Er is een plaats vrijgekomen in ${facts.camp} voor ${facts.names}, die op de wachtlijst stond.`,
      `We houden de plaats voor u vast tot ${facts.deadline}.`,
      '',
      'Neem de plaats of weiger ze via deze link:',
      facts.link,
      '',
      'Weigert u, of laat u de termijn verlopen, dan gaat de plaats meteen naar de volgende op de wachtlijst.',
      '',
      `Met vriendelijke groeten,`,
      facts.organiser,
    ].join('\n'),
};

export const hashOfferToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What changing the list needs: the transaction and its outbox, the moment (the controllable clock), who acts. */
export interface WaitingContext {
  tx: Transaction;
  outbox: Outbox;
  now: Date;
  settingsDefaults: OrganiserSettings;
  /** The staff member; null for a family or the list itself. */
  adminId: number | null;
}

interface Group {
  groupId: number;
  parentId: number;
  entryIds: number[];
}

/** The groups waiting for a camp (not yet offered), in line: the lowest position first. */
async function groupsInLine(tx: Executor, campId: number): Promise<Group[]> {
  const rows = await readRows(
    tx,
    sql`select group_id as "groupId", parent_id as "parentId", array_agg(id order by id) as "entryIds"
        from waiting_entries where camp_id = ${campId} and state = 'waiting'
        group by group_id, parent_id order by min(position), group_id`,
    z.object({ groupId: z.number(), parentId: z.number(), entryIds: z.array(z.number()) }),
  );
  return rows;
}

const freeSeats = (camp: CampForBooking) => Math.max(camp.seatsAvailable - camp.seatsTaken, 0);

/**
 * Offers a locked camp's free seats to the first groups in line that fit (siblings who wait together need their
 * number of seats at once; a single seat goes on to the next who fits, and they keep their place). Called in the
 * transaction that frees a seat (a cancellation, a move, a deletion, more seats, a declined, lapsed or withdrawn
 * offer), so a freed seat reaches the list before anyone else can book it. Answers how many offers it made.
 */
export async function refillCamp(ctx: WaitingContext, campId: number): Promise<number> {
  const camp = await lockCamp(ctx.tx, campId);
  let free = freeSeats(camp);
  let made = 0;
  if (free === 0) return 0;
  for (const group of await groupsInLine(ctx.tx, campId)) {
    if (free === 0) break;
    if (group.entryIds.length > free) continue;
    await makeOffer(ctx, campId, group);
    free -= group.entryIds.length;
    made++;
  }
  return made;
}

/** The camp in words for the mail: 'Voetbal in Gent, Zomer 1 (06/07 - 10/07)'. */
async function campWords(tx: Executor, campId: number): Promise<string> {
  const [row] = await readRows(
    tx,
    sql`select th.name as theme, l.name as location, p.name as period, to_char(p.start_date, 'DD/MM') as "from",
          to_char(p.end_date, 'DD/MM') as "to"
        from camps c join themes th on th.id = c.theme_id join locations l on l.id = c.location_id join periods p on p.id = c.period_id
        where c.id = ${campId}`,
    z.object({ theme: z.string(), location: z.string(), period: z.string(), from: z.string(), to: z.string() }),
  );
  return row ? `${row.theme} in ${row.location}, ${row.period} (${row.from} - ${row.to})` : 'het kamp';
}

/** One offer of seats to a group, held for the organiser's WAITING_OFFER_HOURS, mailed to the parent with its link. */
async function makeOffer(ctx: WaitingContext, campId: number, group: Group): Promise<number> {
  const { tx } = ctx;
  const settings = await readSettings(tx, ctx.settingsDefaults);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now.getTime() + settings.WAITING_OFFER_HOURS * 3600_000);
  const [offer] = await tx
    .insert(waitingOffers)
    .values({
      campId,
      seats: group.entryIds.length,
      tokenHash: hashOfferToken(token),
      adminId: ctx.adminId,
      createdAt: ctx.now,
      expiresAt,
    })
    .returning({ id: waitingOffers.id });
  await tx.update(waitingEntries).set({ state: 'offered', offerId: offer!.id }).where(inArray(waitingEntries.id, group.entryIds));
  const [family] = await readRows(
    tx,
    sql`select pa.email, string_agg(ch.firstname, ' en ' order by ch.firstname) as names
        from waiting_entries w join children ch on ch.id = w.child_id join parents pa on pa.id = w.parent_id
        where w.offer_id = ${offer!.id} group by pa.email`,
    z.object({ email: z.string(), names: z.string() }),
  );
  const camp = await campWords(tx, campId);
  const link = `${settings.PUBLIC_SITE_URL.replace(/#.*$/, '')}#aanbod=${token}`;
  await ctx.outbox.enqueueText({
    templateId: 'wachtlijst-aanbod',
    to: family!.email,
    subject: waitingMessages.offerSubject(camp),
    text: waitingMessages.offerText({
      names: family!.names,
      camp,
      deadline: formatDateTime(expiresAt.toISOString()),
      link,
      organiser: settings.ORGANISER_NAME,
    }),
  });
  for (const entryId of group.entryIds)
    await writeAudit(tx, {
      adminId: ctx.adminId,
      action: 'offerSeat',
      entity: 'waitingEntry',
      entityId: entryId,
      before: { WAITING_STATE: 'waiting' },
      after: { WAITING_STATE: 'offered', OFFER_EXPIRES_AT: expiresAt.toISOString() },
    });
  return offer!.id;
}

/** The place of a group in its camp's line, 1 for the first (offered ones are not in line any more). */
export async function placeInLine(tx: Executor, campId: number, groupId: number): Promise<number | null> {
  const index = (await groupsInLine(tx, campId)).findIndex((g) => g.groupId === groupId);
  return index === -1 ? null : index + 1;
}

/**
 * Puts children of one parent on a full camp's waiting list, together (one offer for all of them) when there are
 * several. Refused for a closed camp, a child outside the birth years, a child booked or waiting there already, and
 * a camp with seats enough for them (CAMP_NOT_FULL: they book instead).
 */
export async function joinWaitingList(
  ctx: WaitingContext,
  input: { parentId: number; childIds: number[]; campId: number },
): Promise<{ WAITING_IDS: number[]; PLACE: number }> {
  const { tx } = ctx;
  const camp = await lockCamp(tx, input.campId);
  if (camp.closed) throw new AppError('CAMP_CLOSED', waitingMessages.campClosed);
  const childIds = [...new Set(input.childIds)].sort((a, b) => a - b);
  for (const childId of childIds) {
    const child = await childForBooking(tx, childId);
    if (!birthYearFits({ MIN_BIRTHYEAR: camp.minBirthyear, MAX_BIRTHYEAR: camp.maxBirthyear }, child.birthdate))
      throw new AppError('AGE_OUT_OF_RANGE', waitingMessages.ageOutOfRange(child.name));
    const [booked] = await readRows(
      tx,
      sql`select id from subscriptions where child_id = ${childId} and camp_id = ${camp.id} and not cancelled`,
      z.object({ id: z.number() }),
    );
    if (booked) throw new AppError('ALREADY_WAITING', waitingMessages.alreadyBooked(child.name));
    const [waiting] = await tx
      .select({ id: waitingEntries.id })
      .from(waitingEntries)
      .where(
        and(eq(waitingEntries.childId, childId), eq(waitingEntries.campId, camp.id), inArray(waitingEntries.state, ['waiting', 'offered'])),
      );
    if (waiting) throw new AppError('ALREADY_WAITING', waitingMessages.alreadyWaiting(child.name));
  }
  const free = freeSeats(camp);
  if (free >= childIds.length) throw new AppError('CAMP_NOT_FULL', waitingMessages.campNotFull(free));
  const [{ last } = { last: 0 }] = await readRows(
    tx,
    sql`select coalesce(max(position), 0)::int as last from waiting_entries where camp_id = ${camp.id}`,
    z.object({ last: z.number() }),
  );
  const rows = await tx
    .insert(waitingEntries)
    .values(
      childIds.map((childId) => ({
        campId: camp.id,
        childId,
        parentId: input.parentId,
        groupId: 0,
        position: last + 1,
        createdAt: ctx.now,
      })),
    )
    .returning({ id: waitingEntries.id });
  const ids = rows.map((r) => r.id);
  const groupId = Math.min(...ids);
  await tx.update(waitingEntries).set({ groupId }).where(inArray(waitingEntries.id, ids));
  for (const [i, id] of ids.entries())
    await writeAudit(tx, {
      adminId: ctx.adminId,
      action: 'joinWaitingList',
      entity: 'waitingEntry',
      entityId: id,
      before: null,
      after: { CAMP_ID: camp.id, CHILD_ID: childIds[i], WAITING_TOGETHER: ids.length > 1 },
    });
  return { WAITING_IDS: ids, PLACE: (await placeInLine(tx, camp.id, groupId)) ?? 1 };
}

const entryRow = z.object({
  id: z.number(),
  campId: z.number(),
  parentId: z.number(),
  groupId: z.number(),
  state: z.string(),
  offerId: z.number().nullable(),
});

/** A waiting entry, read after its camp's lock; 404 when it does not exist. */
export async function entryOf(tx: Executor, waitingId: number) {
  const [entry] = await tx
    .select({
      id: waitingEntries.id,
      campId: waitingEntries.campId,
      parentId: waitingEntries.parentId,
      groupId: waitingEntries.groupId,
      state: waitingEntries.state,
      offerId: waitingEntries.offerId,
    })
    .from(waitingEntries)
    .where(eq(waitingEntries.id, waitingId));
  if (!entry) throw notFound(waitingMessages.entryNotFound);
  return entryRow.parse(entry);
}

/**
 * An entry leaves the list (the family's leaveWaitingList, staff's removeWaitingEntry): with an open offer, that offer
 * holds one seat less (none left: withdrawn), and the freed seat goes on to the next in line at once.
 */
export async function takeOffList(ctx: WaitingContext, waitingId: number, state: 'left' | 'removed', action: string) {
  const { tx } = ctx;
  const first = await entryOf(tx, waitingId);
  await lockCamp(tx, first.campId);
  const entry = await entryOf(tx, waitingId);
  if (entry.state !== 'waiting' && entry.state !== 'offered') throw conflict(waitingMessages.entryNotFound);
  await tx.update(waitingEntries).set({ state, offerId: null }).where(eq(waitingEntries.id, entry.id));
  if (entry.offerId !== null) {
    await tx
      .update(waitingOffers)
      .set({
        seats: sql`${waitingOffers.seats} - 1`,
        state: sql`case when ${waitingOffers.seats} <= 1 then 'withdrawn' else ${waitingOffers.state} end`,
        decidedAt: sql`case when ${waitingOffers.seats} <= 1 then ${ctx.now.toISOString()}::timestamptz else ${waitingOffers.decidedAt} end`,
      })
      .where(eq(waitingOffers.id, entry.offerId));
  }
  await writeAudit(tx, {
    adminId: ctx.adminId,
    action,
    entity: 'waitingEntry',
    entityId: entry.id,
    before: { WAITING_STATE: entry.state },
    after: { WAITING_STATE: state },
  });
  await refillCamp(ctx, entry.campId);
}

/**
 * How a family names an offer: the token of the mail's link (`acceptOffer`, `declineOffer`; no sign-in needed to
 * decline), or, signed in on 'Mijn inschrijvingen', one of its own waiting entries that has the offer
 * (`acceptMyOffer`, `declineMyOffer`). Both reach the same offer, under the same rules.
 */
export type OfferRef = { token: string } | { waitingId: number; parentId: number };

/** The offer an entry of the family has (a waiting entry keeps its offer's id after the offer ended); 404 otherwise. */
async function offerIdOfEntry(tx: Executor, ref: { waitingId: number; parentId: number }): Promise<number> {
  const entry = await entryOf(tx, ref.waitingId);
  if (entry.parentId !== ref.parentId) throw notFound(waitingMessages.entryNotFound);
  if (entry.offerId === null) throw notFound(waitingMessages.offerNotFound);
  return entry.offerId;
}

/** An offer by its token or its family's entry, after its camp's lock (the order every change of the list takes); 404 when unknown. */
export async function lockedOffer(ctx: WaitingContext, ref: OfferRef) {
  const where =
    'token' in ref ? eq(waitingOffers.tokenHash, hashOfferToken(ref.token)) : eq(waitingOffers.id, await offerIdOfEntry(ctx.tx, ref));
  const find = () =>
    ctx.tx
      .select({ id: waitingOffers.id, campId: waitingOffers.campId, state: waitingOffers.state, expiresAt: waitingOffers.expiresAt })
      .from(waitingOffers)
      .where(where);
  const [found] = await find();
  if (!found) throw notFound(waitingMessages.offerNotFound);
  await lockCamp(ctx.tx, found.campId);
  const [offer] = await find();
  return offer!;
}

/** Ends an open offer without a booking (declined by the family, lapsed): its entries leave the list, its seats go on. */
export async function closeOffer(ctx: WaitingContext, offer: { id: number; campId: number }, state: 'declined' | 'lapsed') {
  const { tx } = ctx;
  await tx.update(waitingOffers).set({ state, decidedAt: ctx.now }).where(eq(waitingOffers.id, offer.id));
  const entries = await tx
    .update(waitingEntries)
    .set({ state })
    .where(and(eq(waitingEntries.offerId, offer.id), eq(waitingEntries.state, 'offered')))
    .returning({ id: waitingEntries.id });
  for (const entry of entries)
    await writeAudit(tx, {
      adminId: ctx.adminId,
      action: state === 'declined' ? 'declineOffer' : 'offerLapsed',
      entity: 'waitingEntry',
      entityId: entry.id,
      before: { WAITING_STATE: 'offered' },
      after: { WAITING_STATE: state },
    });
  await refillCamp(ctx, offer.campId);
}

/** The open offers whose time is up at `now`, oldest first: the runner lapses them (waiting-list runner). */
export async function expiredOffers(db: Executor, now: Date): Promise<{ id: number; campId: number }[]> {
  return readRows(
    db,
    sql`select id, camp_id as "campId" from waiting_offers where state = 'open' and expires_at <= ${now.toISOString()}::timestamptz order by expires_at, id`,
    z.object({ id: z.number(), campId: z.number() }),
  );
}

/** What the waiting list's calls need: the database, the outbox's relay and settings, and the clock. */
export interface WaitingDeps extends OutboxDeps {
  db: Database;
  clock: Clock;
}

/** Runs a change of the list in one transaction with its outbox, at the clock's moment. */
export function inWaitingList<T>(deps: WaitingDeps, adminId: number | null, work: (ctx: WaitingContext) => Promise<T>): Promise<T> {
  const now = deps.clock.now();
  return withOutbox(deps.db, deps, (tx, outbox) => work({ tx, outbox, now, settingsDefaults: deps.settingsDefaults, adminId }));
}

/**
 * The waiting lists of the camps `inScope` picks (a condition on a column holding a camp id), each camp's list in its
 * order: the groups in line with their place in that camp's line, then the offered ones; the camps by their period's
 * start, theme and location. One query for a camp's list (getWaitingList) and a year's (getWaitingLists), so both read
 * the same places. Every field of both records is selected; each reader keeps those of its record.
 */
const waitingListsSql = (inScope: (campIdColumn: SQL) => SQL) =>
  sql`select w.id as "WAITING_ID", w.group_id as "GROUP_ID", w.state as "STATE",
          case when w.state = 'waiting' then dense_rank() over (partition by w.camp_id, w.state order by g.first_position, w.group_id)::int end as "PLACE",
          case when o.id is null then null else to_char(o.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as "OFFER_EXPIRES_AT",
          ch.id as "CHILD_ID", ch.firstname as "SUBSCRIBER_FIRSTNAME", ch.lastname as "SUBSCRIBER_LASTNAME",
          ch.birthdate::text as "SUBSCRIBER_BIRTHDATE", pa.id as "SUBSCRIBER_PARENT_ID", pa.firstname as "SUBSCRIBER_PARENT_FIRSTNAME",
          pa.lastname as "SUBSCRIBER_PARENT_LASTNAME", pa.email as "SUBSCRIBER_PARENT_EMAIL", pa.phone as "SUBSCRIBER_PARENT_PHONE",
          to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "CREATED_AT",
          c.id as "CAMP_ID", th.id as "THEME_ID", th.name as "THEME_NAME", l.id as "LOCATION_ID", l.name_short as "LOCATION_NAME_SHORT",
          p.id as "PERIOD_ID", p.name_short as "PERIOD_NAME_SHORT", p.start_date::text as "PERIOD_STARTDATE", p.end_date::text as "PERIOD_ENDDATE"
        from waiting_entries w
        join (select group_id, min(position) as first_position from waiting_entries where ${inScope(sql`camp_id`)} group by group_id) g
          on g.group_id = w.group_id
        join children ch on ch.id = w.child_id join parents pa on pa.id = w.parent_id
        join camps c on c.id = w.camp_id join periods p on p.id = c.period_id
        join themes th on th.id = c.theme_id join locations l on l.id = c.location_id
        left join waiting_offers o on o.id = w.offer_id and o.state = 'open'
        where ${inScope(sql`w.camp_id`)} and w.state in ('waiting', 'offered')
        order by p.start_date, th.name, l.name, c.id, w.state desc, g.first_position, w.group_id, w.id`;

/** getWaitingList (staff): a camp's list in its order, the groups in line with their place, then the offered ones. */
export async function getWaitingList(db: Executor, campId: number): Promise<WaitingEntryRecord[]> {
  return readRows(
    db,
    waitingListsSql((campIdColumn) => sql`${campIdColumn} = ${campId}`),
    waitingEntryRecord,
  );
}

/**
 * getWaitingLists (staff, the subscriptions overview's 'Toon enkel de wachtlijst'): the lists of every camp of a camp
 * year, each in its order and with the places of getWaitingList.
 */
export async function getWaitingLists(db: Executor, year: number): Promise<YearWaitingEntryRecord[]> {
  return readRows(
    db,
    waitingListsSql(
      (campIdColumn) =>
        sql`${campIdColumn} in (select c.id from camps c join periods p on p.id = c.period_id where ${startsInYear('p.start_date', year)})`,
    ),
    yearWaitingEntryRecord,
  );
}

/** addToWaitingList (staff, at the desk): children of one known family on a full camp's list. */
export async function addToWaitingList(deps: WaitingDeps, adminId: number, payload: { CHILD_IDS: number[]; CAMP_ID: number }) {
  return inWaitingList(deps, adminId, async (ctx) => {
    const found = await ctx.tx
      .selectDistinct({ parentId: children.parentId })
      .from(children)
      .where(inArray(children.id, payload.CHILD_IDS));
    if (found.length !== 1) throw notFound(waitingMessages.childrenOfOneFamily);
    return joinWaitingList(ctx, { parentId: found[0]!.parentId, childIds: payload.CHILD_IDS, campId: payload.CAMP_ID });
  });
}

/**
 * moveWaitingEntry (staff): the entry, with the siblings waiting together with it, to `position` in line (1 the
 * first; beyond the end: last). The positions of the camp's line are written anew, audited with the old and new place.
 */
export async function moveWaitingEntry(deps: WaitingDeps, adminId: number, payload: { WAITING_ID: number; position: number }) {
  return inWaitingList(deps, adminId, async ({ tx }) => {
    const first = await entryOf(tx, payload.WAITING_ID);
    await lockCamp(tx, first.campId);
    const entry = await entryOf(tx, payload.WAITING_ID);
    if (entry.state !== 'waiting') throw conflict(waitingMessages.notWaiting);
    const groups = await readRows(
      tx,
      sql`select group_id as "groupId", array_agg(id order by id) as ids from waiting_entries
          where camp_id = ${entry.campId} and state = 'waiting' group by group_id order by min(position), group_id`,
      z.object({ groupId: z.number(), ids: z.array(z.number()) }),
    );
    const from = groups.findIndex((g) => g.groupId === entry.groupId);
    const [moved] = groups.splice(from, 1);
    const to = Math.min(payload.position, groups.length + 1) - 1;
    groups.splice(to, 0, moved!);
    for (const [index, group] of groups.entries())
      await tx
        .update(waitingEntries)
        .set({ position: index + 1 })
        .where(inArray(waitingEntries.id, group.ids));
    for (const id of moved!.ids)
      await writeAudit(tx, {
        adminId,
        action: 'moveWaitingEntry',
        entity: 'waitingEntry',
        entityId: id,
        before: { PLACE: from + 1 },
        after: { PLACE: to + 1 },
      });
    return getWaitingList(tx, entry.campId);
  });
}

/** offerSeat (staff, by hand): the entry's group gets an offer now, out of turn, when the camp has the seats free for it. */
export async function offerSeat(deps: WaitingDeps, adminId: number, waitingId: number) {
  return inWaitingList(deps, adminId, async (ctx) => {
    const first = await entryOf(ctx.tx, waitingId);
    const camp = await lockCamp(ctx.tx, first.campId);
    const entry = await entryOf(ctx.tx, waitingId);
    if (entry.state !== 'waiting') throw conflict(waitingMessages.notWaiting);
    const group = await ctx.tx
      .select({ id: waitingEntries.id })
      .from(waitingEntries)
      .where(and(eq(waitingEntries.groupId, entry.groupId), eq(waitingEntries.state, 'waiting')));
    const free = Math.max(camp.seatsAvailable - camp.seatsTaken, 0);
    if (group.length > free) throw new AppError('CAMP_FULL', waitingMessages.noSeats(group.length, free));
    await ctx.tx
      .update(waitingEntries)
      .set({ position: 0 })
      .where(
        inArray(
          waitingEntries.id,
          group.map((g) => g.id),
        ),
      );
    // The group is now first in line: the refill offers it these seats first.
    await refillCamp(ctx, entry.campId);
    return getWaitingList(ctx.tx, entry.campId);
  });
}

/** removeWaitingEntry (staff): off the list; a seat it was offered goes on to the next at once. */
export async function removeWaitingEntry(deps: WaitingDeps, adminId: number, waitingId: number) {
  return inWaitingList(deps, adminId, async (ctx) => {
    await takeOffList(ctx, waitingId, 'removed', 'removeWaitingEntry');
    const entry = await entryOf(ctx.tx, waitingId);
    return getWaitingList(ctx.tx, entry.campId);
  });
}

/** leaveWaitingList (family): its own entry off the list. */
export async function leaveWaitingList(deps: WaitingDeps, parentId: number, waitingId: number) {
  return inWaitingList(deps, null, async (ctx) => {
    const entry = await entryOf(ctx.tx, waitingId);
    if (entry.parentId !== parentId) throw notFound(waitingMessages.entryNotFound);
    await takeOffList(ctx, waitingId, 'left', 'leaveWaitingList');
    return { left: true as const };
  });
}

/**
 * declineOffer (anyone with the mail's link) and declineMyOffer (the signed-in family, from its page): the offer ends,
 * its seats go on to the next in line at once.
 */
export async function declineOffer(deps: WaitingDeps, ref: OfferRef) {
  return inWaitingList(deps, null, async (ctx) => {
    const offer = await lockedOffer(ctx, ref);
    if (offer.state !== 'open') throw new AppError('OFFER_CLOSED', waitingMessages.offerClosed);
    await closeOffer(ctx, offer, 'declined');
    return { declined: true as const };
  });
}

/**
 * acceptOffer and acceptMyOffer (the family of the offer, by the mail's link or from its page): books each child of the offer into the camp with the seats it held (the
 * offer ends first, so its seats count as free for exactly these bookings), by transfer, as from the website.
 * Refused when the offer is no longer open or its time is up (OFFER_CLOSED), and by the camp's own rules.
 */
export async function acceptOffer(deps: WaitingDeps, parentId: number, ref: OfferRef): Promise<number[]> {
  return inWaitingList(deps, null, async (ctx) => {
    const { tx } = ctx;
    const offer = await lockedOffer(ctx, ref);
    const entries = await tx
      .select({ id: waitingEntries.id, childId: waitingEntries.childId, parentId: waitingEntries.parentId })
      .from(waitingEntries)
      .where(eq(waitingEntries.offerId, offer.id))
      .orderBy(waitingEntries.id);
    if (entries.length === 0 || entries.some((e) => e.parentId !== parentId)) throw notFound(waitingMessages.offerNotFound);
    if (offer.state !== 'open' || offer.expiresAt <= ctx.now) throw new AppError('OFFER_CLOSED', waitingMessages.offerClosed);
    await tx.update(waitingOffers).set({ state: 'accepted', decidedAt: ctx.now }).where(eq(waitingOffers.id, offer.id));
    const ids: number[] = [];
    for (const entry of entries) {
      const camp = await lockCamp(tx, offer.campId);
      await checkNoOverlap(tx, entry.childId, camp, null, true);
      const overridden = checkCampRules(camp, await childForBooking(tx, entry.childId), {
        overClosed: false,
        overAgeRange: false,
        overCapacity: false,
      });
      const { detail } = await writeBooking(tx, ctx.outbox, {
        camp,
        childId: entry.childId,
        parentId,
        paymentMethodId: PAYMENT_METHOD.bankTransfer,
        lunchPreferenceId: null,
        remark: null,
        days: null,
        source: 'website',
        adminId: null,
        action: 'acceptOffer',
        overridden,
      });
      await tx
        .update(waitingEntries)
        .set({ state: 'booked', subscriptionId: detail.SUBSCRIPTION_ID })
        .where(eq(waitingEntries.id, entry.id));
      ids.push(detail.SUBSCRIPTION_ID);
    }
    return ids;
  });
}

/** The lapse of every offer whose time is up, each in a transaction of its own; answers how many lapsed. */
export async function lapseExpiredOffers(deps: WaitingDeps): Promise<number> {
  let lapsed = 0;
  for (const expired of await expiredOffers(deps.db, deps.clock.now())) {
    const done = await inWaitingList(deps, null, async (ctx) => {
      await lockCamp(ctx.tx, expired.campId);
      const [offer] = await ctx.tx
        .select({ state: waitingOffers.state, expiresAt: waitingOffers.expiresAt })
        .from(waitingOffers)
        .where(eq(waitingOffers.id, expired.id));
      if (offer?.state !== 'open' || offer.expiresAt > ctx.now) return false;
      await closeOffer(ctx, expired, 'lapsed');
      return true;
    });
    if (done) lapsed++;
  }
  return lapsed;
}

/** The family's children on waiting lists (getMyWaitingList): in line with their place, or with an offer. */
export async function getMyWaitingList(db: Executor, parentId: number) {
  const rows = await readRows(
    db,
    sql`select w.id as "WAITING_ID", w.camp_id as "CAMP_ID", w.child_id as "CHILD_ID", ch.firstname as "SUBSCRIBER_FIRSTNAME",
          th.name as "THEME_NAME", l.name as "LOCATION_NAME", p.name as "PERIOD_NAME", p.start_date::text as "PERIOD_STARTDATE",
          w.state as "STATE", w.group_id as "GROUP_ID",
          case when o.id is null then null else to_char(o.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as "OFFER_EXPIRES_AT"
        from waiting_entries w join children ch on ch.id = w.child_id join camps c on c.id = w.camp_id
        join themes th on th.id = c.theme_id join locations l on l.id = c.location_id join periods p on p.id = c.period_id
        left join waiting_offers o on o.id = w.offer_id and o.state = 'open'
        where w.parent_id = ${parentId} and w.state in ('waiting', 'offered')
        order by p.start_date, w.id`,
    myWaitingAnswer.shape.WAITING.element.omit({ PLACE: true }),
  );
  // The places as staff's lists have them (the same query), of every camp the family waits for, in one read.
  const lists = await readRows(
    db,
    waitingListsSql(
      (campIdColumn) => sql`${campIdColumn} in (select camp_id from waiting_entries where parent_id = ${parentId} and state = 'waiting')`,
    ),
    waitingEntryRecord,
  );
  const placeOfGroup = new Map(lists.flatMap((e) => (e.PLACE === null ? [] : [[e.GROUP_ID, e.PLACE] as const])));
  return { WAITING: rows.map((row) => ({ ...row, PLACE: row.STATE === 'waiting' ? (placeOfGroup.get(row.GROUP_ID) ?? null) : null })) };
}

/**
 * getOffer (anyone with the mail's link): the offer the token names, for the page that takes or declines it; an open
 * offer past its deadline, not yet lapsed by the runner, answers 'lapsed' (acceptOffer refuses it already).
 */
export async function getOffer(db: Executor, now: Date, token: string): Promise<OfferAnswer> {
  const [row] = await readRows(
    db,
    sql`select o.state as "STATE", o.expires_at <= ${now.toISOString()}::timestamptz as "PAST",
          to_char(o.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "OFFER_EXPIRES_AT",
          c.id as "CAMP_ID", th.name as "THEME_NAME", l.name as "LOCATION_NAME", p.name as "PERIOD_NAME",
          p.start_date::text as "PERIOD_STARTDATE", p.end_date::text as "PERIOD_ENDDATE", c.price_cents as "PRICE_CENTS",
          coalesce((select array_agg(ch.firstname order by w.id) from waiting_entries w join children ch on ch.id = w.child_id
            where w.offer_id = o.id), '{}') as "CHILDREN"
        from waiting_offers o join camps c on c.id = o.camp_id join themes th on th.id = c.theme_id
        join locations l on l.id = c.location_id join periods p on p.id = c.period_id
        where o.token_hash = ${hashOfferToken(token)}`,
    offerAnswer.omit({ CAMP_PRICE: true }).extend({ PAST: z.boolean(), PRICE_CENTS: z.number() }),
  );
  if (!row) throw notFound(waitingMessages.offerNotFound);
  const { PAST, PRICE_CENTS, ...offer } = row;
  return { ...offer, STATE: offer.STATE === 'open' && PAST ? 'lapsed' : offer.STATE, CAMP_PRICE: centsToEuro(PRICE_CENTS) };
}
