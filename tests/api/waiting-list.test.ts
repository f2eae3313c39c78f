import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampRecord } from '@common/schemas/camps.js';
import { formatDateTime } from '@common/format.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, mailOutbox } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { familyWithChild, familyWithChildren } from '../helpers/family.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { overlapRefusal } from '../helpers/text.js';
import { addUser, signIn } from '../helpers/users.js';

const YEAR = new Date().getFullYear();
const HOUR_MS = 3600_000;
const OFFER_LINK = /#aanbod=([A-Za-z0-9_-]+)/;

/**
 * The waiting list of a full camp (issue 34): families and staff put children on it, a freed seat is offered to the
 * first in line at once and held for them, an offer lapses by itself after WAITING_OFFER_HOURS and goes to the next.
 */
describe.each(backends)('the waiting list on %s', (backend) => {
  let t: TestApp;
  let clock: ControlledClock;
  let serial = 0;

  beforeAll(async () => {
    clock = controlledClock();
    t = await startTestApp(backend, { seed: 'none', clock });
  });
  afterAll(async () => t?.close());

  /** A signed-up family with `children` children born eight years ago; its token and their ids. */
  async function family(children = 1) {
    const email = `gezin-${++serial}-${Date.now()}@thuis.be`;
    const kids = Array.from({ length: children }, () => ({ firstname: `Wachter${++serial}`, birthdate: `${YEAR - 8}-05-01` }));
    const { token, childIds } = await familyWithChildren(t, kids, email);
    return { token, ids: childIds, email };
  }
  /** A camp next summer with `seats` seats, every one of them booked. */
  async function fullCamp(seats: number) {
    const campId = await createCamp(t.db, {
      seatsAvailable: seats,
      periodId: await createPeriod(t.db, { startDate: `${YEAR + 1}-07-0${1 + (serial++ % 7)}` }),
    });
    const booked = [];
    for (let i = 0; i < seats; i++) booked.push((await createSubscription(t.db, { campId })).subscriptionId);
    return { campId, booked };
  }
  const join = (token: string, CHILD_IDS: number[], CAMP_ID: number) => t.api.joinWaitingList({ CHILD_IDS, CAMP_ID }, { token });
  const list = async (campId: number, token?: string) => (await t.api.getWaitingList({ campId }, { token })).body.data;
  /** Signed in again (a session ends after its hours, and the test moved the clock on). */
  const signInAgain = async (email: string) =>
    (await t.api.signIn({ email, password: 'zomerkamp aan zee 2027' }, { token: null })).body.data.token;
  /** The offer tokens mailed so far, in order, per recipient's first child's name. */
  const offerMails = async () =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.templateId, 'wachtlijst-aanbod')).orderBy(mailOutbox.id)).map((m) => ({
      to: m.recipient,
      text: m.body,
      token: OFFER_LINK.exec(m.body)![1]!,
    }));
  const seatsOpen = async (campId: number) =>
    (await t.api.getPublicCamps({ campYear: YEAR + 1 }, { token: null })).body.data.CAMPS.find((c) => c.CAMP_ID === campId)?.SEATS_OPEN;
  /**
   * A camp's seats where staff and families see them (issue 34): they agree, and a seat an open offer holds is taken
   * in each (the camps list, the camp's summary, the dashboard's occupancy, the public site's 'nog N plaatsen').
   */
  const seatsSeen = async (campId: number) => {
    const camp = (await t.api.getCamps({ campYear: YEAR + 1 })).body.data.find((c) => c.CAMP_ID === campId)!;
    const [summary] = (await t.api.getCampSummary({ campId })).body.data;
    const dashboard = (await t.api.getDashboard({ campYear: YEAR + 1 })).body.data.occupancy
      .flatMap((cell) => cell.camps)
      .find((c) => c.campId === campId)!;
    return {
      campsTaken: camp.SEATS_TAKEN,
      campsOpen: camp.SEATS_OPEN,
      summaryTaken: summary!.SEATS_TAKEN,
      dashboardTaken: dashboard.taken,
      publicOpen: await seatsOpen(campId),
    };
  };
  const getOffer = (offerToken: string) => t.api.getOffer({ offerToken }, { token: null });
  const waitingOf = async (token: string) => (await t.api.getMyWaitingList(undefined, { token })).body.data.WAITING;

  it('a decline (no sign-in) offers the seat to the next at once; a camp with a free seat refuses the list', async () => {
    const { campId, booked } = await fullCamp(1);
    const first = await family();
    const second = await family();
    await join(first.token, first.ids, campId);
    await join(second.token, second.ids, campId);
    // Where staff look: the camps list and the dashboard count the children waiting.
    const campsList = (await t.api.getCamps({ campYear: YEAR + 1 })).body.data;
    expect(campsList.find((c) => c.CAMP_ID === campId)!.WAITING_COUNT).toBe(2);
    const dashboard = (await t.api.getDashboard({ campYear: YEAR + 1 })).body.data;
    expect(dashboard.occupancy.flatMap((cell) => cell.camps).find((c) => c.campId === campId)!.waiting).toBe(2);
    const before = (await offerMails()).length;
    expect((await t.api.deleteSubscription({ SUBSCRIPTION_ID: booked[0]! })).status).toBe(200);
    const [offer] = (await offerMails()).slice(before);
    // The offer page reads the offer from its link, without signing in: camp, child, price per child, deadline.
    const shown = await getOffer(offer!.token);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const [firstChild] = await queryRows<{ firstname: string }>(t.db, sql`select firstname from children where id = ${first.ids[0]!}`);
    expect(shown.body.data).toMatchObject({
      STATE: 'open',
      CAMP_ID: campId,
      CHILDREN: [firstChild!.firstname],
      CAMP_PRICE: expect.any(Number),
    });
    // To the second (the answer's precision).
    expect(Math.abs(Date.parse(shown.body.data.OFFER_EXPIRES_AT) - clock.now().getTime() - 48 * HOUR_MS)).toBeLessThan(1000);
    expect((await getOffer('onbekend-aanbod')).status).toBe(404);
    expect((await t.api.acceptOffer({ offerToken: offer!.token }, { token: second.token })).status).toBe(404);
    const declined = await t.api.declineOffer({ offerToken: offer!.token }, { token: null });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await getOffer(offer!.token)).body.data.STATE).toBe('declined');
    const next = (await offerMails()).slice(before + 1);
    expect(next).toHaveLength(1);
    expect(await list(campId)).toMatchObject([{ STATE: 'offered', CHILD_ID: second.ids[0] }]);
    expect((await t.api.declineOffer({ offerToken: offer!.token }, { token: null })).body.error.code).toBe('OFFER_CLOSED');

    const open = await createCamp(t.db, { seatsAvailable: 3, periodId: await createPeriod(t.db, { startDate: `${YEAR + 1}-08-03` }) });
    const refused = await join(first.token, first.ids, open);
    expect(refused.body.error.code).toBe('CAMP_NOT_FULL');
  });

  it('two seats free at once make two offers; siblings waiting together get one offer for both, when two seats are free', async () => {
    const { campId } = await fullCamp(1);
    const siblings = await family(2);
    const single = await family();
    const other = await family();
    expect((await join(siblings.token, siblings.ids, campId)).body.data.PLACE).toBe(1);
    await join(single.token, single.ids, campId);
    await join(other.token, other.ids, campId);
    const before = (await offerMails()).length;

    // One more seat: the siblings need two, so the single behind them gets it, and they keep their place.
    await saveCamp(campId, 2);
    expect(await list(campId)).toMatchObject([
      { STATE: 'waiting', PLACE: 1, GROUP_ID: expect.any(Number) },
      { STATE: 'waiting', PLACE: 1 },
      { STATE: 'waiting', PLACE: 2, CHILD_ID: other.ids[0] },
      { STATE: 'offered', CHILD_ID: single.ids[0] },
    ]);
    // Two seats more: one offer for both siblings, one mail.
    await saveCamp(campId, 4);
    const mails = (await offerMails()).slice(before);
    expect(mails).toHaveLength(2);
    const accepted = await t.api.acceptOffer({ offerToken: mails[1]!.token }, { token: siblings.token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.bookings).toHaveLength(2);
  });

  it('an offer for a child booked meanwhile into a camp of the same week is refused, naming that booking as the public site names camps', async () => {
    const { campId, booked } = await fullCamp(1);
    const waiting = await family();
    await join(waiting.token, waiting.ids, campId);
    const [campRow] = await queryRows<{ periodId: number }>(t.db, sql`select period_id as "periodId" from camps where id = ${campId}`);
    const sameWeek = await createCamp(t.db, { seatsAvailable: 5, periodId: campRow!.periodId });
    const bookedThere = await t.api.book(
      { items: [{ CHILD_ID: waiting.ids[0]!, CAMP_ID: sameWeek }], PAYMENTMETHOD_ID: 2 },
      { token: waiting.token, headers: { 'idempotency-key': `zelfde-week-${serial}` } },
    );
    expect(bookedThere.status, JSON.stringify(bookedThere.body)).toBe(200);
    const [there] = (await t.api.getMyBookings(undefined, { token: waiting.token })).body.data.BOOKINGS;
    expect((await t.api.cancelSubscription({ SUBSCRIPTION_ID: booked[0]! })).status).toBe(200);
    const offer = (await offerMails()).find((m) => m.to === waiting.email)!;
    const refused = await t.api.acceptOffer({ offerToken: offer.token }, { token: waiting.token });
    const words = `${there!.THEME_NAME} in ${there!.LOCATION_NAME}, ${there!.PERIOD_NAME} (${there!.SUBSCRIPTION_REFERENCE})`;
    expect([refused.status, refused.body.error.code, refused.body.error.message]).toEqual([
      409,
      'CONFLICT',
      expect.stringMatching(overlapRefusal(words)),
    ]);
    expect((await t.api.getMyBookings(undefined, { token: waiting.token })).body.data.BOOKINGS.map((b) => b.CAMP_ID)).toEqual([sameWeek]);
  });

  /** More seats reach the list through a camp's save (updateCamp's refill), as staff save it. */
  async function saveCamp(campId: number, seats: number) {
    const [detail] = (await t.api.crudCamp({ action: 'read', CAMP_ID: campId })).body.data as CampRecord[];
    // The camp as the detail screen reads and sends it back (the read answer's fields with it).
    const saved = await t.unchecked.crudCamp({ ...detail, ACTIVE_DAYS: detail!.PERIOD_STARTDATE, SEATS_AVAILABLE: seats });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  it('staff see the list in order, move a child (audited), offer by hand, remove, and put a family on it at the desk', async () => {
    const { campId, booked } = await fullCamp(1);
    const a = await family();
    const b = await family();
    const c = await family();
    for (const f of [a, b]) await join(f.token, f.ids, campId);
    const atDesk = await t.api.addToWaitingList({ CHILD_IDS: c.ids, CAMP_ID: campId });
    expect(atDesk.status, JSON.stringify(atDesk.body)).toBe(200);
    expect((await list(campId)).map((e) => [e.CHILD_ID, e.PLACE])).toEqual([
      [a.ids[0], 1],
      [b.ids[0], 2],
      [c.ids[0], 3],
    ]);
    const cEntry = (await list(campId))[2]!.WAITING_ID;
    const moved = await t.api.moveWaitingEntry({ WAITING_ID: cEntry, position: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.map((e) => e.CHILD_ID)).toEqual([c.ids[0], a.ids[0], b.ids[0]]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'moveWaitingEntry'));
    expect(audit.at(-1)).toMatchObject({ entityId: cEntry, before: { PLACE: 3 }, after: { PLACE: 1 } });

    // By hand: no seat free, refused; a seat freed goes to the first (c); staff remove c: the seat goes to a at once.
    expect((await t.api.offerSeat({ WAITING_ID: cEntry })).body.error.code).toBe('CAMP_FULL');
    await t.api.cancelSubscription({ SUBSCRIPTION_ID: booked[0]! });
    expect((await list(campId)).find((e) => e.STATE === 'offered')!.CHILD_ID).toBe(c.ids[0]);
    const removed = await t.api.removeWaitingEntry({ WAITING_ID: cEntry });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.map((e) => [e.CHILD_ID, e.STATE])).toEqual([
      [b.ids[0], 'waiting'],
      [a.ids[0], 'offered'],
    ]);
    // More seats and an offer by hand to b, out of turn.
    await t.db.execute(sql`update camps set seats_available = 2 where id = ${campId}`);
    const bEntry = (await list(campId)).find((e) => e.CHILD_ID === b.ids[0])!.WAITING_ID;
    const byHand = await t.api.offerSeat({ WAITING_ID: bEntry });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200);
    expect(byHand.body.data.every((e) => e.STATE === 'offered')).toBe(true);
  });
  it("from 'Mijn inschrijvingen' a family takes or declines its own offer, under the mail link's rules, audited as the family's", async () => {
    const { campId, booked } = await fullCamp(2);
    const a = await family();
    const b = await family();
    const c = await family();
    const stranger = await family();
    for (const f of [a, b, c]) await join(f.token, f.ids, campId);
    const [aEntry] = await waitingOf(a.token);
    // Still in line: there is no offer to take or decline.
    expect((await t.api.acceptMyOffer({ WAITING_ID: aEntry!.WAITING_ID }, { token: a.token })).status).toBe(404);
    expect((await t.api.declineMyOffer({ WAITING_ID: aEntry!.WAITING_ID }, { token: a.token })).status).toBe(404);
    const before = (await offerMails()).length;
    await t.api.cancelSubscription({ SUBSCRIPTION_ID: booked[0]! });
    const [aOffer] = (await offerMails()).slice(before);
    // The page shows the offer with the deadline the mail names.
    const [shown] = await waitingOf(a.token);
    expect(shown).toMatchObject({ STATE: 'offered', GROUP_ID: aEntry!.GROUP_ID });
    expect(aOffer!.text).toContain(formatDateTime(shown!.OFFER_EXPIRES_AT!));
    // Another family, waiting for the same camp or not, cannot touch it.
    for (const other of [stranger, b]) {
      expect((await t.api.acceptMyOffer({ WAITING_ID: aEntry!.WAITING_ID }, { token: other.token })).status).toBe(404);
      expect((await t.api.declineMyOffer({ WAITING_ID: aEntry!.WAITING_ID }, { token: other.token })).status).toBe(404);
    }
    expect(await list(campId)).toMatchObject([
      { CHILD_ID: b.ids[0], PLACE: 1 },
      { CHILD_ID: c.ids[0], PLACE: 2 },
      { CHILD_ID: a.ids[0], STATE: 'offered' },
    ]);

    // Declined from the page: the same offer as the mail's link ends, and the seat goes to the next at once.
    const declined = await t.api.declineMyOffer({ WAITING_ID: aEntry!.WAITING_ID }, { token: a.token });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await getOffer(aOffer!.token)).body.data.STATE).toBe('declined');
    expect((await t.api.declineMyOffer({ WAITING_ID: aEntry!.WAITING_ID }, { token: a.token })).body.error.code).toBe('OFFER_CLOSED');
    expect(await waitingOf(a.token)).toEqual([]);
    const [bOffer] = (await offerMails()).slice(before + 1);
    expect(bOffer!.to).toBe(b.email);

    // Taken from the page: booked from the website; the mail's link can no longer be used.
    const [bEntry] = await waitingOf(b.token);
    const accepted = await t.api.acceptMyOffer({ WAITING_ID: bEntry!.WAITING_ID }, { token: b.token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [booking] = accepted.body.data.bookings;
    expect(booking!.SUBSCRIPTION_OGM).toMatch(/^\+\+\+/);
    expect((await t.api.getMyBookings(undefined, { token: b.token })).body.data.BOOKINGS.map((x) => x.SUBSCRIPTION_ID)).toEqual([
      booking!.SUBSCRIPTION_ID,
    ]);
    expect((await t.api.acceptOffer({ offerToken: bOffer!.token }, { token: b.token })).body.error.code).toBe('OFFER_CLOSED');
    expect((await t.api.acceptMyOffer({ WAITING_ID: bEntry!.WAITING_ID }, { token: b.token })).body.error.code).toBe('OFFER_CLOSED');
    // Both audited as the family's (no staff member), under the actions of the mail's link.
    const audited = await queryRows<{ action: string; admin_id: number | null }>(
      t.db,
      sql`select action, admin_id from audit_log where (entity = 'waitingEntry' and entity_id = ${aEntry!.WAITING_ID} and action = 'declineOffer')
            or (entity = 'subscription' and entity_id = ${booking!.SUBSCRIPTION_ID} and action = 'acceptOffer')`,
    );
    expect(audited.map((row) => row.action).sort()).toEqual(['acceptOffer', 'declineOffer']);
    expect(audited.every((row) => row.admin_id === null)).toBe(true);
    expect(await seatsSeen(campId)).toEqual({ campsTaken: 2, campsOpen: 0, summaryTaken: 2, dashboardTaken: 2, publicOpen: 0 });
  });

  // Last: it moves the clock two days on.
  it("getWaitingLists: a camp year's lists for the overview, per camp in each list's order with places and offers; staff only", async () => {
    const year = YEAR + 2;
    /** A camp of one seat, booked, starting on `startDate`. */
    const bookedCamp = async (startDate: string) => {
      const campId = await createCamp(t.db, { seatsAvailable: 1, periodId: await createPeriod(t.db, { startDate }) });
      return { campId, booked: (await createSubscription(t.db, { campId })).subscriptionId };
    };
    // Made in another order than they start: the answer goes by the period, not by the camp's id.
    const later = await bookedCamp(`${year}-08-02`);
    const earlier = await bookedCamp(`${year}-07-05`);
    const nextYear = await bookedCamp(`${year + 1}-07-05`);
    const [a, b, c, d, e] = [await family(), await family(), await family(), await family(), await family()];
    for (const f of [a, b, c]) await join(f.token, f.ids, earlier.campId);
    await join(d.token, d.ids, later.campId);
    await join(e.token, e.ids, nextYear.campId);
    // A seat frees up: the first in line (a) is offered it until 48 hours from now, the others move up.
    expect((await t.api.cancelSubscription({ SUBSCRIPTION_ID: earlier.booked })).status).toBe(200);

    const answer = await t.api.getWaitingLists({ campYear: year });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.data;
    expect(rows.map((r) => [r.CAMP_ID, r.CHILD_ID, r.STATE, r.PLACE])).toEqual([
      [earlier.campId, b.ids[0], 'waiting', 1],
      [earlier.campId, c.ids[0], 'waiting', 2],
      [earlier.campId, a.ids[0], 'offered', null],
      [later.campId, d.ids[0], 'waiting', 1],
    ]);
    const offered = rows.find((r) => r.STATE === 'offered')!;
    expect(Math.abs(Date.parse(offered.OFFER_EXPIRES_AT!) - clock.now().getTime() - 48 * HOUR_MS)).toBeLessThan(1000);
    expect(rows.filter((r) => r.STATE === 'waiting').every((r) => r.OFFER_EXPIRES_AT === null)).toBe(true);
    // The places and order of each camp's own list (one query for both), with the camp as the overview writes it.
    const fields = (r: { WAITING_ID: number; STATE: string; PLACE: number | null; OFFER_EXPIRES_AT: string | null }) => [
      r.WAITING_ID,
      r.STATE,
      r.PLACE,
      r.OFFER_EXPIRES_AT,
    ];
    expect(rows.filter((r) => r.CAMP_ID === earlier.campId).map(fields)).toEqual((await list(earlier.campId)).map(fields));
    expect(rows[0]).toMatchObject({ PERIOD_STARTDATE: `${year}-07-05`, PERIOD_NAME_SHORT: 'Test', THEME_NAME: expect.any(String) });
    // Only what the overview's row shows and searches: no birth date, e-mail address or phone number.
    expect(Object.keys(rows[0]!).filter((key) => /BIRTHDATE|EMAIL|PHONE|NATIONAL/.test(key))).toEqual([]);
    // Another year's list is its own.
    expect((await t.api.getWaitingLists({ campYear: year + 1 })).body.data.map((r) => r.CHILD_ID)).toEqual([e.ids[0]]);

    // Staff (a medewerker too) read it; a monitor, who reads no subscriptions, is refused.
    await addUser(t.db, `medewerker-${serial}@kamp.test`, 'medewerker');
    await addUser(t.db, `monitor-${serial}@kamp.test`, 'monitor');
    const medewerker = await signIn(t, `medewerker-${serial}@kamp.test`);
    const monitor = await signIn(t, `monitor-${serial}@kamp.test`);
    expect((await t.api.getWaitingLists({ campYear: year }, { token: medewerker })).body.data).toHaveLength(4);
    expect((await t.api.getWaitingLists({ campYear: year }, { token: monitor })).status).toBe(403);
  });

  it('cancel → offer to the first (seat held) → lapse → offer to the second → accept books; the waiting child never shows as booked', async () => {
    const { campId, booked } = await fullCamp(2);
    const first = await family();
    const second = await family();
    const joined = await join(first.token, first.ids, campId);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data.PLACE).toBe(1);
    expect((await join(second.token, second.ids, campId)).body.data.PLACE).toBe(2);
    expect((await join(first.token, first.ids, campId)).body.error.code).toBe('ALREADY_WAITING');
    // Another family's entry is unknown to it.
    const firstEntry = (await waitingOf(first.token))[0]!.WAITING_ID;
    expect((await t.api.leaveWaitingList({ WAITING_ID: firstEntry }, { token: second.token })).status).toBe(404);

    // Waiting is not booked: no subscription, 'wachtlijst, plaats 2' for the family.
    const rows = (await t.api.getSubscriptions({ campYear: YEAR + 1 })).body.data;
    expect(rows.filter((r) => r.CAMP_ID === campId).map((r) => r.SUBSCRIPTION_ID)).toEqual(booked);
    expect((await t.api.getMyBookings(undefined, { token: second.token })).body.data.BOOKINGS).toEqual([]);
    expect(await waitingOf(second.token)).toMatchObject([{ CAMP_ID: campId, STATE: 'waiting', PLACE: 2 }]);

    // Staff cancel a booking: the first in line gets an offer at once, and the seat is held for them.
    expect((await t.api.cancelSubscription({ SUBSCRIPTION_ID: booked[0]! })).status).toBe(200);
    const [offer] = (await offerMails()).filter((m) => m.to === first.email);
    // Held for WAITING_OFFER_HOURS (48 by default) from the clock's now, the deadline in the mail.
    expect(offer!.text).toContain(formatDateTime(new Date(clock.now().getTime() + 48 * HOUR_MS).toISOString()));
    // One booking and one seat held: taken wherever seats show, and the same number in each.
    expect(await seatsSeen(campId)).toEqual({ campsTaken: 2, campsOpen: 0, summaryTaken: 2, dashboardTaken: 2, publicOpen: 0 });
    const intruder = await family();
    const refused = await t.api.book(
      { items: [{ CHILD_ID: intruder.ids[0]!, CAMP_ID: campId }], PAYMENTMETHOD_ID: 2 },
      { token: intruder.token, headers: { 'idempotency-key': `wachtlijst-${serial}` } },
    );
    expect(refused.body.error.code).toBe('CAMP_FULL');
    expect(await list(campId)).toMatchObject([
      { STATE: 'waiting', PLACE: 1, CHILD_ID: second.ids[0] },
      { STATE: 'offered', PLACE: null, CHILD_ID: first.ids[0] },
    ]);
    expect(await waitingOf(second.token)).toMatchObject([{ PLACE: 1 }]);

    // Not yet lapsed 47 hours on; at 48 the server lapses it by itself and offers the seat to the second.
    clock.advance(47 * HOUR_MS);
    expect(await t.app.waitingList.runOnce()).toBe(0);
    clock.advance(HOUR_MS);
    // Past its deadline the offer page says so at once, before the runner lapses it.
    expect((await getOffer(offer!.token)).body.data.STATE).toBe('lapsed');
    // This offer and those the earlier tests left open.
    expect(await t.app.waitingList.runOnce()).toBeGreaterThanOrEqual(1);
    // Two days later everyone signs in again (this test is the last of its app: staff's session has ended too).
    first.token = await signInAgain(first.email);
    second.token = await signInAgain(second.email);
    const staff = (await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null })).body.data.token;
    const mails = (await offerMails()).filter((m) => m.to === first.email || m.to === second.email);
    expect(mails.map((m) => m.to)).toEqual([first.email, second.email]);
    expect((await t.api.acceptOffer({ offerToken: offer!.token }, { token: first.token })).body.error.code).toBe('OFFER_CLOSED');
    expect(await waitingOf(first.token)).toEqual([]);

    // The second accepts: booked from the website, off the list; its offer cannot be used twice.
    const accepted = await t.api.acceptOffer({ offerToken: mails[1]!.token }, { token: second.token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [booking] = accepted.body.data.bookings;
    expect(booking!.SUBSCRIPTION_OGM).toMatch(/^\+\+\+/);
    const [stored] = await queryRows<{ source: string; camp_id: number }>(
      t.db,
      sql`select source, camp_id from subscriptions where id = ${booking!.SUBSCRIPTION_ID}`,
    );
    expect(stored).toEqual({ source: 'website', camp_id: campId });
    expect(await list(campId, staff)).toEqual([]);
    expect(await waitingOf(second.token)).toEqual([]);
    expect((await t.api.acceptOffer({ offerToken: mails[1]!.token }, { token: second.token })).body.error.code).toBe('OFFER_CLOSED');
    // Another family's offer is unknown to it.
    expect(await seatsOpen(campId)).toBe(0);
  });
});

/** The offer mail through a real SMTP server: the link's token and the deadline, and the link works. */
describe.each(backends)('the offer mail on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(backend, { seed: 'none', env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails the first in line a link that holds the seat until the deadline it names', async () => {
    const campId = await createCamp(t.db, { seatsAvailable: 1, periodId: await createPeriod(t.db, { startDate: `${YEAR + 1}-07-06` }) });
    const { subscriptionId } = await createSubscription(t.db, { campId });
    const email = `wachtende-${Date.now()}@thuis.be`;
    const { token, childId } = await familyWithChild(t, { firstname: 'Mira', birthdate: `${YEAR - 8}-02-02` }, email);
    await t.api.joinWaitingList({ CHILD_IDS: [childId], CAMP_ID: campId }, { token });
    await t.api.cancelSubscription({ SUBSCRIPTION_ID: subscriptionId });
    await expect
      .poll(() => smtp.received.filter((m) => m.envelopeTo.includes(email) && m.subject.startsWith('Er is een plaats vrij')).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const mail = smtp.received.find((m) => m.subject.startsWith('Er is een plaats vrij'))!;
    expect(mail.text).toContain('Mira');
    const [offer] = await queryRows<{ created: string; expires: string }>(
      t.db,
      sql`select created_at::text as created, expires_at::text as expires from waiting_offers`,
    );
    expect(Date.parse(offer!.expires) - Date.parse(offer!.created)).toBe(48 * HOUR_MS);
    expect(mail.text).toContain(`tot ${formatDateTime(new Date(offer!.expires).toISOString())}`);
    const link = /(https?:\/\/\S+#aanbod=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const accepted = await t.api.acceptOffer({ offerToken: OFFER_LINK.exec(link)![1]! }, { token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});
