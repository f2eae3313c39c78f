import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_GIRL } from '@common/constants.js';
import { formatDateTime } from '@common/format.js';
import type { WaitingEntryRecord } from '@common/schemas/waiting-list.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, mailOutbox } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { signUpFamily } from '../helpers/family.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { startSmtpServer } from '../helpers/smtp.js';

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

  const post = (url: string, body: unknown, token?: string | null) => t.call('POST', url, body, token);
  /** A signed-up family with `children` children born eight years ago; its token and their ids. */
  async function family(children = 1) {
    const email = `gezin-${++serial}-${Date.now()}@thuis.be`;
    const token = await signUpFamily(t, email);
    const ids: number[] = [];
    for (let i = 0; i < children; i++) {
      const answer = await post(
        '/api/public/saveChild',
        {
          SUBSCRIBER_FIRSTNAME: `Wachter${++serial}`,
          SUBSCRIBER_LASTNAME: 'Claes',
          SUBSCRIBER_GENDER_ID: GENDER_GIRL,
          SUBSCRIBER_BIRTHDATE: `${YEAR - 8}-05-01`,
        },
        token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      ids.push(answer.body.data.CHILD_ID);
    }
    return { token, ids, email };
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
  const join = (token: string, CHILD_IDS: number[], CAMP_ID: number) => post('/api/public/joinWaitingList', { CHILD_IDS, CAMP_ID }, token);
  const list = async (campId: number, token?: string) =>
    (await t.call('GET', `/api/getWaitingList?campId=${campId}`, undefined, token)).body.data as WaitingEntryRecord[];
  /** Signed in again (a session ends after its hours, and the test moved the clock on). */
  const signInAgain = async (email: string) =>
    (await post('/api/public/signIn', { email, password: 'zomerkamp aan zee 2027' }, null)).body.data.token as string;
  /** The offer tokens mailed so far, in order, per recipient's first child's name. */
  const offerMails = async () =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.templateId, 'wachtlijst-aanbod')).orderBy(mailOutbox.id)).map((m) => ({
      to: m.recipient,
      text: m.body,
      token: OFFER_LINK.exec(m.body)![1]!,
    }));
  const seatsOpen = async (campId: number) => {
    const camps = (await t.call('GET', `/api/public/getCamps?campYear=${YEAR + 1}`, undefined, null)).body.data;
    return (camps.CAMPS ?? camps).find((c: { CAMP_ID: number }) => c.CAMP_ID === campId)?.SEATS_OPEN;
  };
  const getOffer = (offerToken: string) =>
    t.call('GET', `/api/public/getOffer?offerToken=${encodeURIComponent(offerToken)}`, undefined, null);
  const waitingOf = async (token: string) => (await t.call('GET', '/api/public/getMyWaitingList', undefined, token)).body.data.WAITING;

  it('a decline (no sign-in) offers the seat to the next at once; a camp with a free seat refuses the list', async () => {
    const { campId, booked } = await fullCamp(1);
    const first = await family();
    const second = await family();
    await join(first.token, first.ids, campId);
    await join(second.token, second.ids, campId);
    // Where staff look: the camps list and the dashboard count the children waiting.
    const campsList = (await t.call('GET', `/api/getCamps?campYear=${YEAR + 1}`)).body.data as { CAMP_ID: number; WAITING_COUNT: number }[];
    expect(campsList.find((c) => c.CAMP_ID === campId)!.WAITING_COUNT).toBe(2);
    const dashboard = (await t.call('GET', `/api/getDashboard?campYear=${YEAR + 1}`)).body.data as {
      occupancy: { camps: { campId: number; waiting: number }[] }[];
    };
    expect(dashboard.occupancy.flatMap((cell) => cell.camps).find((c) => c.campId === campId)!.waiting).toBe(2);
    const before = (await offerMails()).length;
    expect((await post('/api/deleteSubscription', { SUBSCRIPTION_ID: booked[0] })).status).toBe(200);
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
    expect((await post('/api/public/acceptOffer', { offerToken: offer!.token }, second.token)).status).toBe(404);
    const declined = await post('/api/public/declineOffer', { offerToken: offer!.token }, null);
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await getOffer(offer!.token)).body.data.STATE).toBe('declined');
    const next = (await offerMails()).slice(before + 1);
    expect(next).toHaveLength(1);
    expect(await list(campId)).toMatchObject([{ STATE: 'offered', CHILD_ID: second.ids[0] }]);
    expect((await post('/api/public/declineOffer', { offerToken: offer!.token }, null)).body.error.code).toBe('OFFER_CLOSED');

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
    const accepted = await post('/api/public/acceptOffer', { offerToken: mails[1]!.token }, siblings.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.bookings).toHaveLength(2);
  });

  /** More seats reach the list through a camp's save (updateCamp's refill), as staff save it. */
  async function saveCamp(campId: number, seats: number) {
    const detail = (await post('/api/crudCamp', { action: 'read', CAMP_ID: campId })).body.data[0];
    const saved = await post('/api/crudCamp', { ...detail, ACTIVE_DAYS: detail.PERIOD_STARTDATE, SEATS_AVAILABLE: seats });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  it('staff see the list in order, move a child (audited), offer by hand, remove, and put a family on it at the desk', async () => {
    const { campId, booked } = await fullCamp(1);
    const a = await family();
    const b = await family();
    const c = await family();
    for (const f of [a, b]) await join(f.token, f.ids, campId);
    const atDesk = await post('/api/addToWaitingList', { CHILD_IDS: c.ids, CAMP_ID: campId });
    expect(atDesk.status, JSON.stringify(atDesk.body)).toBe(200);
    expect((await list(campId)).map((e) => [e.CHILD_ID, e.PLACE])).toEqual([
      [a.ids[0], 1],
      [b.ids[0], 2],
      [c.ids[0], 3],
    ]);
    const cEntry = (await list(campId))[2]!.WAITING_ID;
    const moved = await post('/api/moveWaitingEntry', { WAITING_ID: cEntry, position: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((moved.body.data as WaitingEntryRecord[]).map((e) => e.CHILD_ID)).toEqual([c.ids[0], a.ids[0], b.ids[0]]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'moveWaitingEntry'));
    expect(audit.at(-1)).toMatchObject({ entityId: cEntry, before: { PLACE: 3 }, after: { PLACE: 1 } });

    // By hand: no seat free, refused; a seat freed goes to the first (c); staff remove c: the seat goes to a at once.
    expect((await post('/api/offerSeat', { WAITING_ID: cEntry })).body.error.code).toBe('CAMP_FULL');
    await post('/api/cancelSubscription', { SUBSCRIPTION_ID: booked[0] });
    expect((await list(campId)).find((e) => e.STATE === 'offered')!.CHILD_ID).toBe(c.ids[0]);
    const removed = await post('/api/removeWaitingEntry', { WAITING_ID: cEntry });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((removed.body.data as WaitingEntryRecord[]).map((e) => [e.CHILD_ID, e.STATE])).toEqual([
      [b.ids[0], 'waiting'],
      [a.ids[0], 'offered'],
    ]);
    // More seats and an offer by hand to b, out of turn.
    await t.db.execute(sql`update camps set seats_available = 2 where id = ${campId}`);
    const bEntry = (await list(campId)).find((e) => e.CHILD_ID === b.ids[0])!.WAITING_ID;
    const byHand = await post('/api/offerSeat', { WAITING_ID: bEntry });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200);
    expect((byHand.body.data as WaitingEntryRecord[]).every((e) => e.STATE === 'offered')).toBe(true);
  });
  // Last: it moves the clock two days on.
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
    const firstEntry = (await waitingOf(first.token))[0].WAITING_ID;
    expect((await post('/api/public/leaveWaitingList', { WAITING_ID: firstEntry }, second.token)).status).toBe(404);

    // Waiting is not booked: no subscription, 'wachtlijst, plaats 2' for the family.
    const rows = (await t.call('GET', `/api/getSubscriptions?campYear=${YEAR + 1}`)).body.data as {
      SUBSCRIPTION_ID: number;
      CAMP_ID: number;
    }[];
    expect(rows.filter((r) => r.CAMP_ID === campId).map((r) => r.SUBSCRIPTION_ID)).toEqual(booked);
    expect((await t.call('GET', '/api/public/getMyBookings', undefined, second.token)).body.data.BOOKINGS).toEqual([]);
    expect(await waitingOf(second.token)).toMatchObject([{ CAMP_ID: campId, STATE: 'waiting', PLACE: 2 }]);

    // Staff cancel a booking: the first in line gets an offer at once, and the seat is held for them.
    expect((await post('/api/cancelSubscription', { SUBSCRIPTION_ID: booked[0] })).status).toBe(200);
    const [offer] = (await offerMails()).filter((m) => m.to === first.email);
    // Held for WAITING_OFFER_HOURS (48 by default) from the clock's now, the deadline in the mail.
    expect(offer!.text).toContain(formatDateTime(new Date(clock.now().getTime() + 48 * HOUR_MS).toISOString()));
    expect(await seatsOpen(campId)).toBe(0);
    const intruder = await family();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/public/book',
      headers: { authorization: `Bearer ${intruder.token}`, 'idempotency-key': `wachtlijst-${serial}` },
      payload: { items: [{ CHILD_ID: intruder.ids[0], CAMP_ID: campId }], PAYMENTMETHOD_ID: 2 },
    });
    expect(refused.json().error.code).toBe('CAMP_FULL');
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
    const staff = (await post('/api/login', { username: TEST_ADMIN.email, password: TEST_ADMIN.password }, null)).body.data.token as string;
    const mails = (await offerMails()).filter((m) => m.to === first.email || m.to === second.email);
    expect(mails.map((m) => m.to)).toEqual([first.email, second.email]);
    expect((await post('/api/public/acceptOffer', { offerToken: offer!.token }, first.token)).body.error.code).toBe('OFFER_CLOSED');
    expect(await waitingOf(first.token)).toEqual([]);

    // The second accepts: booked from the website, off the list; its offer cannot be used twice.
    const accepted = await post('/api/public/acceptOffer', { offerToken: mails[1]!.token }, second.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [booking] = accepted.body.data.bookings;
    expect(booking.SUBSCRIPTION_OGM).toMatch(/^\+\+\+/);
    const [stored] = await queryRows<{ source: string; camp_id: number }>(
      t.db,
      sql`select source, camp_id from subscriptions where id = ${booking.SUBSCRIPTION_ID}`,
    );
    expect(stored).toEqual({ source: 'website', camp_id: campId });
    expect(await list(campId, staff)).toEqual([]);
    expect(await waitingOf(second.token)).toEqual([]);
    expect((await post('/api/public/acceptOffer', { offerToken: mails[1]!.token }, second.token)).body.error.code).toBe('OFFER_CLOSED');
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
    const token = await signUpFamily(t, email);
    const child = await t.call(
      'POST',
      '/api/public/saveChild',
      {
        SUBSCRIBER_FIRSTNAME: 'Mira',
        SUBSCRIBER_LASTNAME: 'Claes',
        SUBSCRIBER_GENDER_ID: GENDER_GIRL,
        SUBSCRIBER_BIRTHDATE: `${YEAR - 8}-02-02`,
      },
      token,
    );
    await t.call('POST', '/api/public/joinWaitingList', { CHILD_IDS: [child.body.data.CHILD_ID], CAMP_ID: campId }, token);
    await t.call('POST', '/api/cancelSubscription', { SUBSCRIPTION_ID: subscriptionId });
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
    const accepted = await t.call('POST', '/api/public/acceptOffer', { offerToken: OFFER_LINK.exec(link)![1] }, token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});
