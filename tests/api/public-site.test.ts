import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_BOY, GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { contract, type CallName } from '@common/contract/index.js';
import { formatNationalNumber } from '@common/identity-numbers.js';
import type { PublicCampsAnswer } from '@common/schemas/public.js';
import { familySessions, lunchPreferences, mailOutbox, subscriptions, vouchers } from '../../server/src/db/schema.js';
import { queryRows } from '../../server/src/db/client.js';
import { readSettings, settingsDefaults } from '../../server/src/lib/settings.js';
import { startTestApp, type InputOf, type TestApp } from '../helpers/api.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { controlledClock } from '../helpers/clock.js';
import { familyParentFields } from '../helpers/family.js';
import { answerLostInRestart, backends } from '../helpers/database.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { overlapRefusal } from '../helpers/text.js';

/** The public booking site's API (issue 40): the family's own authentication, its data, and booking a basket. */

const YEAR = new Date().getFullYear() + 1;
const PASSWORD = 'zomerkamp aan zee 2027';
let serial = 0;

describe.each(backends)('the public booking site on %s', (backend) => {
  let t: TestApp;
  const clock = controlledClock(new Date(`${YEAR - 1}-11-20T10:00:00Z`));
  let lunchId: number;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(backend, { seed: 'none', clock, env: { LOGIN_MAX_FAILURES: '3', TRUST_PROXY: '1', SMTP_URL: smtp.url } });
    const [lunch] = await t.db.insert(lunchPreferences).values({ description: 'Warme maaltijd' }).returning();
    lunchId = lunch!.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Anonymously, from an address of the family's own (what the sign-in limits count, behind TRUST_PROXY). */
  const from = (ip: string) => ({ token: null, headers: { 'x-forwarded-for': ip } });
  const anonymous = { token: null };

  async function signUp() {
    const email = `gezin${++serial}@thuis.be`;
    const answer = await t.api.signUp({ email, password: PASSWORD, ...familyParentFields(String(serial)) }, from(`192.0.2.${serial}`));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { email, token: answer.body.data.token };
  }
  async function addChild(token: string, birthYear = YEAR - 8, extra: Partial<InputOf<'saveChild'>> = {}) {
    const answer = await t.api.saveChild(
      {
        SUBSCRIBER_FIRSTNAME: `Kind${++serial}`,
        SUBSCRIBER_LASTNAME: 'Claes',
        SUBSCRIBER_GENDER_ID: GENDER_GIRL,
        SUBSCRIBER_BIRTHDATE: `${birthYear}-04-0${1 + (serial % 8)}`,
        ...extra,
      },
      { token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.CHILD_ID;
  }
  const book = (token: string, body: Omit<InputOf<'book'>, 'PAYMENTMETHOD_ID'>, key: string | null = `key-${++serial}`) =>
    t.api.book({ PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer, ...body }, { token, headers: key ? { 'idempotency-key': key } : {} });
  /** After the clock moved past the sessions' lifetime: the test's staff member signs in again. */
  async function staffAgain() {
    const login = await t.api.login({ username: 'test@kampbeheer.be', password: 'correct horse battery staple' }, anonymous);
    t.token = login.body.data.token;
  }
  const lastLink = async (email: string, kind: 'bevestig' | 'aanmelden') => {
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    const tokens = mails.flatMap((m) => [...m.body.matchAll(new RegExp(`#${kind}=([A-Za-z0-9_-]+)`, 'g'))].map((x) => x[1]!));
    return tokens.at(-1)!;
  };
  async function nextYearCamp(facts: Parameters<typeof createCamp>[1] = {}, startDate = `${YEAR}-07-05`) {
    const periodId = await createPeriod(t.db, { startDate });
    return createCamp(t.db, { periodId, birthYears: [YEAR - 12, YEAR - 6], ...facts });
  }

  it('a family token reaches no staff call, and a staff token no family call', async () => {
    const { token } = await signUp();
    expect(token).toMatch(/^gezin\./);
    const asFamily = { token };
    for (const answer of [
      await t.api.me(undefined, asFamily),
      await t.api.getSettings(undefined, asFamily),
      await t.api.getSubscriptions({ campYear: YEAR }, asFamily),
    ])
      expect(answer.status).toBe(401);
    const familyCalls = Object.entries(contract).filter(([, c]) => c.family);
    expect(familyCalls.length).toBeGreaterThanOrEqual(6);
    for (const [name, c] of familyCalls) {
      // Unchecked: every family call of the table in one loop, by its name, with its example (a GET with no query).
      const call = t.unchecked[name as CallName];
      const answer = await call((c.example as { body?: unknown }).body, { token: t.token });
      expect(answer.status, `${c.path} with a staff token`).toBe(401);
      const none = await call(c.method === 'GET' ? undefined : {}, anonymous);
      expect(none.status, `${c.path} without a token`).toBe(401);
    }
    expect((await t.api.getFamily(undefined, { token })).status).toBe(200);
    // Signed out, the token is gone.
    expect((await t.api.signOut(undefined, { token })).status).toBe(200);
    expect((await t.api.getFamily(undefined, { token })).status).toBe(401);
  });

  it("a family's session slides its expiry while it is used, and ends when it expired", async () => {
    const { email, token } = await signUp();
    const expiry = async () => {
      const [row] = await queryRows<{ expires: number }>(
        t.db,
        sql`select (extract(epoch from expires_at) * 1000)::float8 as expires from family_sessions
            where account_id = (select id from family_accounts where email = ${email})`,
      );
      return Number(row!.expires);
    };
    // Its stored expiry an hour away (as when SESSION_TTL_HOURS is shorter than SESSION_MAX_HOURS): a use slides it.
    // The clock stays: the staff's session of the other tests must not expire.
    const expireAt = (at: Date) =>
      t.db
        .update(familySessions)
        .set({ expiresAt: at })
        .where(sql`account_id = (select id from family_accounts where email = ${email})`);
    await expireAt(new Date(clock.now().getTime() + 3600_000));
    const first = await expiry();
    expect(first).toBe(clock.now().getTime() + 3600_000);
    expect((await t.api.getFamily(undefined, { token })).status).toBe(200);
    expect(await expiry()).toBeGreaterThan(first);
    await expireAt(new Date(clock.now().getTime() - 1000));
    expect((await t.api.getFamily(undefined, { token })).status).toBe(401);
  });

  it("signs up with a password as strong as staff's, once per address, and signs in with it", async () => {
    const weak = await t.api.signUp({ email: 'zwak@voorbeeld.be', password: 'password123', ...familyParentFields('z') }, anonymous);
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields?.password).toMatch(/veelgebruikte|minstens/);
    // Unchecked: a form with the parent's fields missing, as no client made from the contract sends it.
    const bad = await t.unchecked.signUp({ email: 'geen-adres', password: PASSWORD, SUBSCRIBER_PARENT_FIRSTNAME: '' }, anonymous);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {})).toEqual(expect.arrayContaining(['email', 'SUBSCRIBER_PARENT_FIRSTNAME']));
    const { email } = await signUp();
    const again = await t.api.signUp({ email: email.toUpperCase(), password: PASSWORD, ...familyParentFields('x') }, anonymous);
    expect(again.body.error.code).toBe('ACCOUNT_EXISTS');
    const signedIn = await t.api.signIn({ email, password: PASSWORD }, anonymous);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.token).toMatch(/^gezin\./);
    // A family's password does not sign in as staff.
    expect((await t.api.login({ username: email, password: PASSWORD }, anonymous)).status).toBe(401);
  });

  it('limits sign-in attempts per address and account without locking out the family from elsewhere', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 3; i++)
      expect((await t.api.signIn({ email, password: 'fout wachtwoord 123' }, from('198.51.100.7'))).status).toBe(401);
    const refused = await t.api.signIn({ email, password: PASSWORD }, from('198.51.100.7'));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    const slept = clock.slept.length;
    const home = await t.api.signIn({ email, password: PASSWORD }, from('203.0.113.9'));
    expect(home.status).toBe(200);
    expect(clock.slept.length).toBe(slept + 1);
    // Sign-in links: per address too, and they answer alike for an unknown address.
    const unknown = await t.api.requestSignInLink({ email: 'niemand@voorbeeld.be' }, from('198.51.100.20'));
    expect(unknown.body).toEqual({ data: { sent: true } });
    for (let i = 0; i < 3; i++) await t.api.requestSignInLink({ email }, from('198.51.100.20'));
    expect((await t.api.requestSignInLink({ email }, from('198.51.100.20'))).status).toBe(429);
    clock.advance(20 * 60_000);
  });

  it('links a family the organiser knows only once its address is confirmed, never answering a national number', async () => {
    const known = await createSubscription(t.db, { parentEmail: `Gekend${++serial}@Voorbeeld.be` });
    const email = known.parentEmail.toLowerCase();
    const signedUp = await t.api.signUp({ email, password: PASSWORD, ...familyParentFields('k') }, anonymous);
    expect(signedUp.status).toBe(200);
    const token = signedUp.body.data.token;
    const before = await t.api.getFamily(undefined, { token });
    expect(before.body.data).toMatchObject({ linkPending: true, emailConfirmed: false, PARENT: null, CHILDREN: [] });
    expect(
      (
        await t.api.saveChild(
          { SUBSCRIBER_FIRSTNAME: 'Tim', SUBSCRIBER_LASTNAME: 'Claes', SUBSCRIBER_GENDER_ID: 1, SUBSCRIBER_BIRTHDATE: '2018-01-01' },
          { token },
        )
      ).body.error.code,
    ).toBe('EMAIL_NOT_CONFIRMED');
    expect((await t.api.getMyBookings(undefined, { token })).body.data).toEqual({
      BOOKINGS: [],
      FISCAL_ATTESTS: [],
    });
    const confirmToken = await lastLink(email, 'bevestig');
    // The link works only for the account that signed up: another family's session finds nothing.
    const other = await signUp();
    expect((await t.api.confirmEmail({ token: confirmToken }, { token: other.token })).status).toBe(404);
    const confirmed = await t.api.confirmEmail({ token: confirmToken }, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ linkPending: false, emailConfirmed: true });
    expect(confirmed.body.data.CHILDREN.map((c) => c.CHILD_ID)).toEqual([known.childId]);
    expect(JSON.stringify(confirmed.body)).not.toMatch(/\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}|\d{11}/);
    expect((await t.api.confirmEmail({ token: confirmToken }, { token })).status).toBe(404);
  });

  it('a sign-in link takes over an unconfirmed account: whoever signed up with that address loses their way in', async () => {
    const known = await createSubscription(t.db, { parentEmail: `Gekend${++serial}@Voorbeeld.be` });
    const email = known.parentEmail.toLowerCase();
    const stranger = await t.api.signUp({ email, password: PASSWORD, ...familyParentFields('s') }, anonymous);
    expect((await t.api.requestSignInLink({ email }, anonymous)).status).toBe(200);
    const link = await lastLink(email, 'aanmelden');
    const owner = await t.api.signInWithLink({ token: link }, anonymous);
    expect(owner.status).toBe(200);
    expect((await t.api.getFamily(undefined, { token: owner.body.data.token })).body.data.CHILDREN).toHaveLength(1);
    expect((await t.api.getFamily(undefined, { token: stranger.body.data.token })).status).toBe(401);
    expect((await t.api.signIn({ email, password: PASSWORD }, anonymous)).status).toBe(401);
    expect((await t.api.signInWithLink({ token: link }, anonymous)).status).toBe(401);
  });

  it('keeps a national number it is given, checks its check digits, and never answers it', async () => {
    const { token } = await signUp();
    const wrong = await t.api.saveChild(
      {
        SUBSCRIBER_FIRSTNAME: 'Mila',
        SUBSCRIBER_LASTNAME: 'Claes',
        SUBSCRIBER_GENDER_ID: GENDER_GIRL,
        SUBSCRIBER_BIRTHDATE: '2018-02-03',
        SUBSCRIBER_NATIONALNR: '18.02.03-123.45',
      },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.SUBSCRIBER_NATIONALNR).toBe('Foutief formaat');
    const number = formatNationalNumber('2018-02-03', 321);
    const childId = await addChild(token, 2018, { SUBSCRIBER_NATIONALNR: number, SUBSCRIBER_BIRTHDATE: '2018-02-03' });
    // Saved again without it: the number stays.
    await addChild(token, 2018, { CHILD_ID: childId, SUBSCRIBER_FIRSTNAME: 'Mila', SUBSCRIBER_BIRTHDATE: '2018-02-03' });
    const family = await t.api.getFamily(undefined, { token });
    expect(family.body.data.CHILDREN).toEqual([
      expect.objectContaining({ CHILD_ID: childId, SUBSCRIBER_FIRSTNAME: 'Mila', SUBSCRIBER_HAS_NATIONALNR: true }),
    ]);
    const raw = JSON.stringify(family.body);
    expect(raw).not.toContain(number.replace(/\D/g, '').slice(0, 9));
    expect(raw).not.toContain(number.slice(0, 8));
  });

  it('lists the camps of a year without sign-in: seats open, day rules, when booking opens', async () => {
    const opens = `${YEAR}-03-01T08:00:00.000Z`;
    const campId = await nextYearCamp(
      { seatsAvailable: 2, flexibleBooking: true, activeDays: `${YEAR}-08-02,${YEAR}-08-03,${YEAR}-08-04` },
      `${YEAR}-08-02`,
    );
    await t.db.execute(
      sql`update camps set allow_booking_from = ${opens}, allow_booking_info = 'Inschrijven vanaf 1 maart', minimum_required_days = 2 where id = ${campId}`,
    );
    await createSubscription(t.db, { campId });
    const answer = await t.api.getPublicCamps({ campYear: YEAR }, { token: null });
    expect(answer.status).toBe(200);
    const camp = answer.body.data.CAMPS.find((c) => c.CAMP_ID === campId)!;
    expect(camp).toMatchObject({
      SEATS_OPEN: 1,
      BOOKING_OPENS_AT: opens,
      BOOKING_INFO: 'Inschrijven vanaf 1 maart',
      CAMP_FLEXIBLE_BOOKING_ALLOWED: true,
      CAMP_MINIMUM_REQUIRED_CAMP_DAYS: 2,
      ACTIVE_DAYS: [`${YEAR}-08-02`, `${YEAR}-08-03`, `${YEAR}-08-04`],
      MIN_BIRTHYEAR: YEAR - 12,
      MAX_BIRTHYEAR: YEAR - 6,
      CAMP_PRICE: 150,
      CAMP_CLOSED: false,
    });
    expect(answer.body.data.LUNCH_PREFERENCES).toContainEqual({
      LUNCHPREFERENCE_ID: lunchId,
      LUNCHPREFERENCE_DESCRIPTION: 'Warme maaltijd',
    });
  });

  it('without campYear lists the current camp year and the next in one answer (the page preloads it), with it one year', async () => {
    // The clock stands in November of YEAR - 1: a camp in its December, one in YEAR, one in YEAR + 1.
    const thisYear = await nextYearCamp({}, `${YEAR - 1}-12-28`);
    const nextYear = await nextYearCamp({}, `${YEAR}-07-26`);
    const yearAfter = await nextYearCamp({}, `${YEAR + 1}-07-04`);
    const ids = (answer: PublicCampsAnswer) => answer.CAMPS.map((c) => c.CAMP_ID);
    const open = (await t.api.getPublicCamps(undefined, { token: null })).body.data;
    expect(open.CAMP_YEAR).toBe(YEAR - 1);
    expect(ids(open)).toEqual(expect.arrayContaining([thisYear, nextYear]));
    expect(ids(open)).not.toContain(yearAfter);
    expect(ids(open).indexOf(thisYear)).toBeLessThan(ids(open).indexOf(nextYear));
    const one = (await t.api.getPublicCamps({ campYear: YEAR }, { token: null })).body.data;
    expect(one.CAMP_YEAR).toBe(YEAR);
    expect(ids(one)).toContain(nextYear);
    expect(ids(one)).not.toContain(thisYear);
    expect(ids(one)).not.toContain(yearAfter);
  });

  it('books a basket of two children in two camps, with the discounts, once per Idempotency-Key, as from the website', async () => {
    const { email, token } = await signUp();
    const lotte = await addChild(token, YEAR - 9);
    const jonas = await addChild(token, YEAR - 7, { SUBSCRIBER_GENDER_ID: GENDER_BOY });
    const days = [`${YEAR}-07-19`, `${YEAR}-07-20`, `${YEAR}-07-21`, `${YEAR}-07-22`, `${YEAR}-07-23`];
    const flexible = await nextYearCamp({ priceCents: 10000, flexibleBooking: true, activeDays: days.join(',') }, `${YEAR}-07-19`);
    const week = await nextYearCamp({ priceCents: 12000 }, `${YEAR}-07-12`);
    await t.db.execute(sql`update camps set discount_allowed = true, reduction_to_earn_cents = 1500 where id = ${week}`);
    await t.db.execute(sql`update camps set minimum_contiguous_days = 2 where id = ${flexible}`);

    expect((await book(token, { items: [{ CHILD_ID: lotte, CAMP_ID: week }] }, null)).body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const body = {
      items: [
        { CHILD_ID: lotte, CAMP_ID: flexible, days: days.slice(0, 3) },
        { CHILD_ID: jonas, CAMP_ID: week },
      ],
      LUNCHPREFERENCE_ID: lunchId,
    };
    const first = await book(token, body, 'basket-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The key keeps what it booked, not a copy of the answer (a QR code a booking): the retry answers those bookings.
    const keyRow = await queryRows<{ status: number; subscription_ids: number[]; answer: string | null }>(
      t.db,
      sql`select status, subscription_ids, answer from family_idempotency_keys where key = 'basket-1'`,
    );
    expect(keyRow).toEqual([{ status: 200, subscription_ids: first.body.data.bookings.map((b) => b.SUBSCRIPTION_ID), answer: null }]);
    const again = await book(token, body, 'basket-1');
    expect([again.headers['idempotent-replayed'], again.body]).toEqual(['true', first.body]);
    const { bookings } = first.body.data;
    expect(bookings).toHaveLength(2);
    // 3 of 5 days of a 100 euro camp; the week, booked second (camps in id order), earns the sibling discount of 15 euro.
    expect(bookings.map((b) => b.SUBSCRIPTION_AMOUNT_TO_PAY)).toEqual([60, 105]);
    expect(first.body.data.TOTAL_TO_PAY).toBe(165);
    expect(bookings[0]!.SUBSCRIPTION_OGM).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(bookings[0]!.EPC_PAYLOAD).toContain('EUR60.00');
    expect(bookings[0]!.PAYMENT_QR_SVG).toMatch(/^<svg/);
    const stored = await t.db.select().from(subscriptions).where(eq(subscriptions.id, bookings[0]!.SUBSCRIPTION_ID));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.source).toBe('website');
    const staffView = await t.api.getSubscriptionFullDetail({ id: bookings[0]!.SUBSCRIPTION_ID });
    expect(staffView.body.data[0]!.SUBSCRIPTION_SOURCE).toBe('website');
    const booked = await t.db
      .select()
      .from(subscriptions)
      .where(sql`child_id in (${lotte}, ${jonas})`);
    expect(booked).toHaveLength(2);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(
      mails
        .filter((m) => m.subscriptionId !== null)
        .map((m) => m.subscriptionId)
        .sort(),
    ).toEqual(bookings.map((b) => b.SUBSCRIPTION_ID).sort());
    // The camp's confirmation mail reaches the parent through the real SMTP receiver, with each booking's OGM.
    await t.app.mailRelay.runOnce();
    const received = smtp.received.filter((r) => r.envelopeTo.includes(email));
    expect(received.map((r) => r.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('Bevestiging inschrijving'), 'Bevestig uw e-mailadres']),
    );
    for (const b of bookings)
      expect(
        received.some((r) => r.text.includes(b.SUBSCRIPTION_OGM)),
        b.SUBSCRIPTION_OGM,
      ).toBe(true);
    const mine = await t.api.getMyBookings(undefined, { token });
    expect(mine.body.data.BOOKINGS.map((b) => b.SUBSCRIPTION_ID).sort()).toEqual(bookings.map((b) => b.SUBSCRIPTION_ID).sort());
  });

  it('refuses with typed codes and books nothing of a basket with one refused item', async () => {
    const { email, token } = await signUp();
    const child = await addChild(token, YEAR - 8);
    const toddler = await addChild(token, YEAR - 3);
    const open = await nextYearCamp({}, `${YEAR}-07-26`);
    const full = await nextYearCamp({ seatsAvailable: 1 }, `${YEAR}-08-09`);
    await createSubscription(t.db, { campId: full });
    const later = await nextYearCamp({}, `${YEAR}-08-16`);
    await t.db.execute(sql`update camps set allow_booking_from = ${`${YEAR}-01-10T08:00:00Z`} where id = ${later}`);
    const closed = await nextYearCamp({ closed: true }, `${YEAR}-08-23`);
    const days = [`${YEAR}-08-30`, `${YEAR}-08-31`, `${YEAR}-09-01`, `${YEAR}-09-02`];
    const flexible = await nextYearCamp({ flexibleBooking: true, activeDays: days.join(',') }, `${YEAR}-08-30`);
    await t.db.execute(sql`update camps set minimum_contiguous_days = 2, maximum_allowed_days = 3 where id = ${flexible}`);

    const refusal = async (items: InputOf<'book'>['items']) => {
      const answer = await book(token, { items });
      return [answer.status, answer.body.error?.code, answer.body.error?.message];
    };
    const campFull = await refusal([{ CHILD_ID: child, CAMP_ID: full }]);
    expect(campFull.slice(0, 2)).toEqual([409, 'CAMP_FULL']);
    // Which camp, and the waiting list offered (issue 37).
    expect(campFull[2]).toMatch(/^Dit kamp is volzet: .+ in .+, .+\. Er werd niets ingeschreven\. Zet uw kind op de wachtlijst/);
    expect((await refusal([{ CHILD_ID: toddler, CAMP_ID: open }])).slice(0, 2)).toEqual([409, 'AGE_OUT_OF_RANGE']);
    const notYet = await refusal([{ CHILD_ID: child, CAMP_ID: later }]);
    expect(notYet.slice(0, 2)).toEqual([409, 'NOT_OPEN_YET']);
    expect(notYet[2]).toMatch(/openen op .*januari/);
    expect((await refusal([{ CHILD_ID: child, CAMP_ID: closed }])).slice(0, 2)).toEqual([409, 'CAMP_CLOSED']);
    expect(await refusal([{ CHILD_ID: child, CAMP_ID: flexible, days: [days[0]!, days[2]!] }])).toEqual([
      409,
      'DAYS_RULE',
      'Kies telkens minstens 2 dagen na elkaar.',
    ]);
    expect(await refusal([{ CHILD_ID: child, CAMP_ID: flexible, days }])).toEqual([409, 'DAYS_RULE', 'Kies hoogstens 3 dagen.']);
    expect((await refusal([{ CHILD_ID: child, CAMP_ID: flexible, days: [`${YEAR}-09-05`] }]))[1]).toBe('DAYS_RULE');
    // One good item and one refused: nothing is booked.
    expect(
      (
        await refusal([
          { CHILD_ID: child, CAMP_ID: open },
          { CHILD_ID: toddler, CAMP_ID: open },
        ])
      )[1],
    ).toBe('AGE_OUT_OF_RANGE');
    const mine = await t.api.getMyBookings(undefined, { token });
    expect(mine.body.data.BOOKINGS).toEqual([]);
    // Once the booking moment passed, the camp books.
    clock.advance(new Date(`${YEAR}-01-10T08:00:01Z`).getTime() - clock.now().getTime());
    const again = await t.api.signIn({ email, password: PASSWORD }, from('192.0.2.200'));
    expect((await book(again.body.data.token, { items: [{ CHILD_ID: child, CAMP_ID: later }] })).status).toBe(200);
    // A camp of a week the child is booked in already: the family hears which booking, also before a full camp's
    // 'volzet'; a basket whose second camp overlaps its first books neither.
    const sameWeek = await nextYearCamp({}, `${YEAR}-08-16`);
    const fullSameWeek = await nextYearCamp({ seatsAvailable: 1 }, `${YEAR}-08-16`);
    await createSubscription(t.db, { campId: fullSameWeek });
    // The booking is named as the public site names camps (theme in location, period), not by the office's label.
    const [bookedLater] = (await t.api.getMyBookings(undefined, { token: again.body.data.token })).body.data.BOOKINGS;
    const words = `${bookedLater!.THEME_NAME} in ${bookedLater!.LOCATION_NAME}, ${bookedLater!.PERIOD_NAME} (${bookedLater!.SUBSCRIPTION_REFERENCE})`;
    const overlap = overlapRefusal(words);
    // Twice in one basket for the same days (two camps of a week, or one camp twice): refused before any write.
    const sameBasket =
      /^\S+ \S+ staat in uw mand voor twee kampen in dezelfde periode\. Er werd niets ingeschreven: verwijder er één uit uw mand\.$/;
    const rebook = async (items: InputOf<'book'>['items']) => {
      const answer = await book(again.body.data.token, { items });
      return [answer.status, answer.body.error?.code, answer.body.error?.message];
    };
    for (const camp of [sameWeek, fullSameWeek])
      expect(await rebook([{ CHILD_ID: child, CAMP_ID: camp }])).toEqual([409, 'CONFLICT', expect.stringMatching(overlap)]);
    const weekOne = await nextYearCamp({}, `${YEAR}-09-13`);
    const weekTwo = await nextYearCamp({}, `${YEAR}-09-13`);
    expect(
      await rebook([
        { CHILD_ID: child, CAMP_ID: weekOne },
        { CHILD_ID: child, CAMP_ID: weekTwo },
      ]),
    ).toEqual([409, 'CONFLICT', expect.stringMatching(sameBasket)]);
    expect(
      await rebook([
        { CHILD_ID: child, CAMP_ID: weekOne },
        { CHILD_ID: child, CAMP_ID: weekOne },
      ]),
    ).toEqual([409, 'CONFLICT', expect.stringMatching(sameBasket)]);
    const booked = await t.api.getMyBookings(undefined, { token: again.body.data.token });
    expect(booked.body.data.BOOKINGS.map((b) => b.CAMP_ID)).toEqual([later]);
    await staffAgain();
  });

  it("a camp known full is refused 'volzet' before the camp's lock, its key written with its answer in that statement; a seat freed later is booked by a new press (issue 37)", async () => {
    const { token } = await signUp();
    const [first, child] = [await addChild(token), await addChild(token)];
    const full = await nextYearCamp({ seatsAvailable: 1 }, `${YEAR}-09-06`);
    const taken = await createSubscription(t.db, { campId: full });
    const items = [{ CHILD_ID: child, CAMP_ID: full }];
    // The first refusal comes from the camp's lock: from then on the process counts this camp before the lock.
    expect((await book(token, { items: [{ CHILD_ID: first, CAMP_ID: full }] })).body.error.code).toBe('CAMP_FULL');
    const keyRow = () =>
      queryRows<{ status: number | null; answer: string | null }>(
        t.db,
        sql`select status, answer from family_idempotency_keys where key = 'counted-full'`,
      );
    // No statement writes the key's answer after the refusal's own: the key's table refuses any update meanwhile.
    await t.db.execute(
      sql`create function no_key_update() returns trigger language plpgsql as $$ begin raise exception 'no update'; end $$`,
    );
    await t.db.execute(
      sql`create trigger no_key_update before update on family_idempotency_keys for each row execute function no_key_update()`,
    );
    const refused = await book(token, { items }, 'counted-full');
    await t.db.execute(sql`drop trigger no_key_update on family_idempotency_keys`);
    await t.db.execute(sql`drop function no_key_update()`);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CAMP_FULL']);
    expect(refused.body.error.message).toMatch(/^Dit kamp is volzet: /);
    expect(await keyRow()).toEqual([{ status: 409, answer: JSON.stringify(refused.body) }]);
    const replayed = await book(token, { items }, 'counted-full');
    expect([replayed.status, replayed.headers['idempotent-replayed'], replayed.body]).toEqual([409, 'true', refused.body]);
    // A seat freed meanwhile: the key still answers what it answered; a new press books it.
    await t.db.update(subscriptions).set({ cancelled: true }).where(eq(subscriptions.id, taken.subscriptionId));
    expect((await book(token, { items }, 'counted-full')).body).toEqual(refused.body);
    const retry = await book(token, { items }, 'after-a-seat-freed');
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    // A basket of one is answered with the settings its transaction read for the confirmation mail.
    const organiser = await readSettings(t.db, settingsDefaults(t.config));
    expect([retry.body.data.ORGANISER_NAME, retry.body.data.ORGANISER_ACCOUNT]).toEqual([
      organiser.ORGANISER_NAME,
      organiser.ORGANISER_IBAN,
    ]);
    expect(retry.body.data.bookings[0]!.EPC_PAYLOAD).toContain(organiser.ORGANISER_IBAN.replace(/\s/g, ''));
  });

  it("a refusal whose Idempotency-Key cannot be kept because the database went away is still answered 'volzet', and its retry runs afresh (issue 37)", async () => {
    const { token } = await signUp();
    const child = await addChild(token);
    const full = await nextYearCamp({ seatsAvailable: 1 }, `${YEAR}-09-27`);
    await createSubscription(t.db, { campId: full });
    // The database goes away right after the refusal: keeping its answer fails as a restart fails it (57P01).
    const restored = await answerLostInRestart(t.db, 'family_idempotency_keys', 'answer-in-restart');
    const items = [{ CHILD_ID: child, CAMP_ID: full }];
    const refused = await book(token, { items }, 'answer-in-restart');
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'CAMP_FULL']);
    expect(refused.body.error.message).toMatch(/^Dit kamp is volzet: /);
    await restored();
    const retry = await book(token, { items }, 'answer-in-restart');
    expect([retry.status, retry.headers['idempotent-replayed'], retry.body]).toEqual([409, undefined, refused.body]);
  });

  it('a voucher books one child into its full camp once, within its 24 hours, and only there', async () => {
    const { email, token } = await signUp();
    const [a, b, c] = [await addChild(token), await addChild(token), await addChild(token)];
    const full = await nextYearCamp({ seatsAvailable: 1 }, `${YEAR}-09-13`);
    const other = await nextYearCamp({ seatsAvailable: 1 }, `${YEAR}-09-20`);
    await createSubscription(t.db, { campId: full });
    const voucher = await t.api.generateVoucher({ campId: full, type: 'extraSubscription' });
    const token1 = voucher.body.data;
    expect((await book(token, { items: [{ CHILD_ID: a, CAMP_ID: other }], voucher: token1 })).body.error.code).toBe('VOUCHER_INVALID');
    const used = await book(token, { items: [{ CHILD_ID: a, CAMP_ID: full }], voucher: token1 });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const [row] = await t.db.select().from(vouchers).where(eq(vouchers.token, token1));
    expect(row!.usedAt).not.toBeNull();
    expect((await book(token, { items: [{ CHILD_ID: b, CAMP_ID: full }], voucher: token1 })).body.error.code).toBe('VOUCHER_INVALID');
    const expiring = (await t.api.generateVoucher({ campId: full, type: 'extraSubscription' })).body.data;
    clock.advance(25 * 3600_000);
    const later = await t.api.signIn({ email, password: PASSWORD }, from('192.0.2.201'));
    expect((await book(later.body.data.token, { items: [{ CHILD_ID: c, CAMP_ID: full }], voucher: expiring })).body.error.code).toBe(
      'VOUCHER_INVALID',
    );
  });

  it("answers 404 on every public call that names another family's records", async () => {
    const mine = await signUp();
    const theirs = await signUp();
    const theirChild = await addChild(theirs.token);
    const campId = await nextYearCamp({}, `${YEAR}-10-04`);
    const ownChild = await addChild(mine.token);
    // Their booking, and their child offered a seat of a full camp (issue 34): what the family's page acts on.
    const theirBooking = await book(theirs.token, { items: [{ CHILD_ID: theirChild, CAMP_ID: campId }] });
    expect(theirBooking.status, JSON.stringify(theirBooking.body)).toBe(200);
    const full = await nextYearCamp({ seatsAvailable: 1 }, `${YEAR}-10-11`);
    const { subscriptionId: seat } = await createSubscription(t.db, { campId: full });
    const theirWaiter = await addChild(theirs.token);
    expect((await t.api.joinWaitingList({ CHILD_IDS: [theirWaiter], CAMP_ID: full }, { token: theirs.token })).status).toBe(200);
    // Staff free the seat (signed in again: earlier tests moved the clock past their session).
    await staffAgain();
    expect((await t.api.cancelSubscription({ SUBSCRIPTION_ID: seat })).status).toBe(200);
    const [theirEntry] = (await t.api.getMyWaitingList(undefined, { token: theirs.token })).body.data.WAITING;
    expect(theirEntry).toMatchObject({ STATE: 'offered' });
    const [offerMail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.templateId, 'wachtlijst-aanbod'));
    const theirOfferToken = /#aanbod=([A-Za-z0-9_-]+)/.exec(offerMail!.body)![1]!;
    // As the other family, each call with an Idempotency-Key of its own.
    const asMine = () => ({ token: mine.token, headers: { 'idempotency-key': `walk-${++serial}` } });
    const confirmToken = await lastLink(theirs.email, 'bevestig');
    const walks: [string, () => Promise<{ status: number }>][] = [
      [
        'saveChild',
        () =>
          t.api.saveChild(
            {
              CHILD_ID: theirChild,
              SUBSCRIBER_FIRSTNAME: 'Overname',
              SUBSCRIBER_LASTNAME: 'Claes',
              SUBSCRIBER_GENDER_ID: 1,
              SUBSCRIBER_BIRTHDATE: `${YEAR - 8}-01-01`,
            },
            asMine(),
          ),
      ],
      ['book', () => t.api.book({ items: [{ CHILD_ID: theirChild, CAMP_ID: campId }], PAYMENTMETHOD_ID: 1 }, asMine())],
      [
        'book with one child of theirs',
        () =>
          t.api.book(
            {
              items: [
                { CHILD_ID: ownChild, CAMP_ID: campId },
                { CHILD_ID: theirChild, CAMP_ID: campId },
              ],
              PAYMENTMETHOD_ID: 1,
            },
            asMine(),
          ),
      ],
      ['confirmEmail', () => t.api.confirmEmail({ token: confirmToken }, asMine())],
      ['joinWaitingList', () => t.api.joinWaitingList({ CHILD_IDS: [ownChild, theirChild], CAMP_ID: campId }, asMine())],
      [
        'requestChildCorrection',
        () => t.api.requestChildCorrection({ CHILD_ID: theirChild, MESSAGE: 'De geboortedatum klopt niet.' }, asMine()),
      ],
      [
        'saveFamilySafetySheet',
        () =>
          t.api.saveFamilySafetySheet(
            { ...(contract.saveFamilySafetySheet.example.body as InputOf<'saveFamilySafetySheet'>), CHILD_ID: theirChild },
            asMine(),
          ),
      ],
      [
        'cancelBooking',
        () =>
          t.api.cancelBooking(
            { SUBSCRIPTION_ID: theirBooking.body.data.bookings[0]!.SUBSCRIPTION_ID, IBAN: 'BE68 5390 0754 7034' },
            asMine(),
          ),
      ],
      ['leaveWaitingList', () => t.api.leaveWaitingList({ WAITING_ID: theirEntry!.WAITING_ID }, asMine())],
      ['acceptOffer', () => t.api.acceptOffer({ offerToken: theirOfferToken }, asMine())],
      ['acceptMyOffer', () => t.api.acceptMyOffer({ WAITING_ID: theirEntry!.WAITING_ID }, asMine())],
      ['declineMyOffer', () => t.api.declineMyOffer({ WAITING_ID: theirEntry!.WAITING_ID }, asMine())],
    ];
    for (const [name, walk] of walks) expect((await walk()).status, name).toBe(404);
    // Every call that takes an id of a record (or a mailed token) is walked above.
    const withIds = Object.entries(contract).filter(
      ([, c]) =>
        c.family && Object.keys((c.body as { shape?: object } | undefined)?.shape ?? {}).some((key) => /_IDS?$|items|token/i.test(key)),
    );
    expect(withIds.map(([name]) => name).sort()).toEqual([
      'acceptMyOffer',
      'acceptOffer',
      'book',
      'cancelBooking',
      'confirmEmail',
      'declineMyOffer',
      'joinWaitingList',
      'leaveWaitingList',
      'requestChildCorrection',
      'saveChild',
      'saveFamilySafetySheet',
    ]);
    // Nothing of theirs changed: still booked, and the seat still offered to them.
    expect((await t.api.getMyBookings(undefined, { token: theirs.token })).body.data.BOOKINGS).toMatchObject([
      { SUBSCRIPTION_CANCELLED: false },
    ]);
    expect((await t.api.getMyWaitingList(undefined, { token: theirs.token })).body.data.WAITING).toMatchObject([{ STATE: 'offered' }]);
    const family = await t.api.getFamily(undefined, { token: mine.token });
    expect(family.body.data.CHILDREN.map((c) => c.CHILD_ID)).toEqual([ownChild]);
    expect((await t.api.getMyBookings(undefined, { token: mine.token })).body.data.BOOKINGS).toEqual([]);
    const sessions = await t.db.select().from(familySessions);
    expect(sessions.every((s) => !s.tokenHash.startsWith('gezin'))).toBe(true);
  });

  it('the Logboek reads what the families did in words staff understand (issue 39)', async () => {
    await staffAgain();
    expect(await auditLogNotInWords(t, t.token)).toEqual([]);
  });

  it("holds the confirmation mails back while families wait in line for a booking's turn, and sends them after (issue 37)", async () => {
    const families: { email: string; token: string; child: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const { email, token } = await signUp();
      families.push({ email, token, child: await addChild(token) });
    }
    const camp = await nextYearCamp({ seatsAvailable: 20 }, `${YEAR}-06-28`);
    const confirmations = () =>
      smtp.received.filter((r) => families.some((f) => r.envelopeTo.includes(f.email)) && r.subject.includes('Bevestiging inschrijving'))
        .length;
    // Twelve at once: more than the line's places (5 on PostgreSQL, 2 embedded), so some wait for their turn. The
    // camp's row is held meanwhile, so no booking commits (and no mail is due) before all twelve reached the line: a
    // mail committed before anyone waited is sent at once, as it should be.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const campHeld = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from camps where id = ${camp} for update`);
      held();
      await released;
    });
    await holding;
    const pressed = Date.now();
    const answering = Promise.all(families.map((f) => book(f.token, { items: [{ CHILD_ID: f.child, CAMP_ID: camp }] })));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    release();
    await campHeld;
    const answers = await answering;
    expect(answers.map((a) => a.status)).toEqual(families.map(() => 200));
    await t.app.mailRelay.runOnce();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, pressed + 4000 - Date.now())));
    expect(confirmations()).toBe(0);
    // Five seconds after the last family that waited, the relay sends them (it looks again every second).
    await expect.poll(confirmations, { timeout: 10_000, interval: 100 }).toBe(families.length);
  });
});
