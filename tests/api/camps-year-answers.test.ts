import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCampDefaults, type CampRecord } from '@common/schemas/camps.js';
import { queryRows } from '../../server/src/db/client.js';
import { listCamps } from '../../server/src/features/camps/queries.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { createSubscription, createTheme } from '../helpers/factory.js';

/**
 * getCamps of a year is served from the year answers of the server process, labelled with the lists' version
 * that database triggers bump with every change to what the camps list shows (issue 22). A stale answer shows
 * here as an answer that differs from what the database holds, or as a 304 to a client whose copy is out of date.
 */
describe.each(backends)('cached camps of a year on %s', (backend) => {
  let t: TestApp;
  let year = 0;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 30 });
    const [row] = await queryRows<{ year: number }>(
      t.db,
      sql`select extract(year from p.start_date)::int as year from subscriptions s join camps c on c.id = s.camp_id
          join periods p on p.id = c.period_id group by 1 order by count(*) desc limit 1`,
    );
    year = row!.year;
  });
  afterAll(async () => t?.close());

  /** Raw: the answer's bytes as sent (brotli or not), its ETag and a 304, which these tests read past the JSON. */
  async function get(headers: Record<string, string> = {}) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/getCamps?campYear=${year}`,
      headers: { authorization: `Bearer ${t.token}`, ...headers },
    });
    return { status: response.statusCode, etag: String(response.headers.etag ?? ''), headers: response.headers, raw: response.rawPayload };
  }
  const campsOf = (text: string) => (JSON.parse(text) as { data: CampRecord[] }).data;
  const fromDatabase = () => listCamps(t.db, { campYear: year });

  it('answers the camps the database holds, in brotli and uncompressed, with an ETag the browser revalidates', async () => {
    const plain = await get();
    expect(plain.status).toBe(200);
    expect(plain.etag).toMatch(/^"\d+"$/);
    const camps = campsOf(plain.raw.toString());
    expect(camps.length).toBeGreaterThan(0);
    expect(camps).toEqual(await fromDatabase());
    const br = await get({ 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.raw).toString()).toBe(plain.raw.toString());
    expect(br.etag).toBe(plain.etag);
    // Camps hold no personal data: the browser may keep them, and asks every time whether they are still current.
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const revisit = await get({ 'if-none-match': plain.etag });
    expect(revisit.status).toBe(304);
    expect(revisit.raw.length).toBe(0);
  });

  it('answers 304 to its ETag while nothing changed, also after a save that does not change the list', async () => {
    const first = await get();
    const [subscription] = await queryRows<{ id: number }>(t.db, sql`select id from subscriptions order by id limit 1`);
    const saved = await t.api.updateSubscription({
      SUBSCRIPTION_ID: subscription!.id,
      SUBSCRIPTION_LUNCH_PREFERENCE_ID: 1,
      SUBSCRIPTION_REMARK: 'Allergisch voor noten',
    });
    expect(saved.status).toBe(200);
    expect((await get({ 'if-none-match': first.etag })).status).toBe(304);
    expect((await get({ 'if-none-match': '"1"' })).status).toBe(200);
  });

  /** A camp of the year with subscriptions that stand, and its lookups, to change. */
  async function bookedCamp() {
    const [row] = await queryRows<{
      camp_id: number;
      subscription_id: number;
      theme_id: number;
      location_id: number;
      period_id: number;
      agegroup_id: number;
    }>(
      t.db,
      sql`select c.id as camp_id, min(s.id) as subscription_id, c.theme_id, c.location_id, c.period_id, c.agegroup_id
          from camps c join periods p on p.id = c.period_id join subscriptions s on s.camp_id = c.id and not s.cancelled
          where extract(year from p.start_date) = ${year} group by c.id order by c.id limit 1`,
    );
    return row!;
  }
  /** A camp of the year's first period on a theme of its own, so that it is unique, as staff add one. */
  async function newCampPayload() {
    const [period] = await queryRows<{ id: number; start: string }>(
      t.db,
      sql`select id, to_char(start_date, 'YYYY-MM-DD') as start from periods where extract(year from start_date) = ${year} order by start_date limit 1`,
    );
    const { location_id, agegroup_id } = await bookedCamp();
    return {
      ...newCampDefaults,
      LOCATION_ID: location_id,
      PERIOD_ID: period!.id,
      THEME_ID: await createTheme(t.db),
      AGEGROUP_ID: agegroup_id,
      MIN_BIRTHYEAR: year - 10,
      MAX_BIRTHYEAR: year - 7,
      PRICE: 120,
      SEATS_AVAILABLE: 20,
      ACTIVE_DAYS: period!.start,
    };
  }
  const ok = async (answer: Promise<{ status: number }>) => expect((await answer).status).toBe(200);
  let added: { campId: number; payload: Awaited<ReturnType<typeof newCampPayload>> } | null = null;

  const writes: [kind: string, write: () => Promise<void>][] = [
    [
      'a new camp (crudCamp)',
      async () => {
        const payload = await newCampPayload();
        const answer = await t.api.crudCamp(payload);
        expect(answer.status).toBe(200);
        added = { campId: (answer.body.data as { campId: number }).campId, payload };
      },
    ],
    [
      "a camp's seats, price and remark (crudCamp)",
      () =>
        ok(
          t.api.crudCamp({
            ...added!.payload,
            CAMP_ID: added!.campId,
            SEATS_AVAILABLE: 22,
            PRICE: 99,
            REMARK: 'Zwemgerief',
          }),
        ),
    ],
    ['a camp closed', async () => void (await t.db.execute(sql`update camps set closed = not closed where id = ${added!.campId}`))],
    ['a camp deleted (crudCamp)', () => ok(t.api.crudCamp({ action: 'delete', CAMP_ID: added!.campId }))],
    [
      "a theme's name",
      async () => void (await t.db.execute(sql`update themes set name = name || ' (nieuw)' where id = ${(await bookedCamp()).theme_id}`)),
    ],
    [
      "a location's name",
      async () => void (await t.db.execute(sql`update locations set name = name || ' bis' where id = ${(await bookedCamp()).location_id}`)),
    ],
    [
      "a location's booking start and explanation, which its camps inherit",
      async () =>
        void (await t.db.execute(
          sql`update locations set allow_booking_from = '2031-02-01T08:00:00Z', allow_booking_info = 'Vanaf februari'
              where id = ${(await bookedCamp()).location_id}`,
        )),
    ],
    [
      "a period's name",
      async () => void (await t.db.execute(sql`update periods set name = name || ' (kort)' where id = ${(await bookedCamp()).period_id}`)),
    ],
    [
      "an age group's name",
      async () => void (await t.db.execute(sql`update agegroups set name = name || ' +' where id = ${(await bookedCamp()).agegroup_id}`)),
    ],
    ['a new subscription (a seat taken)', async () => void (await createSubscription(t.db, { campId: (await bookedCamp()).camp_id }))],
    [
      'a cancellation (cancelSubscription)',
      async () => ok(t.api.cancelSubscription({ SUBSCRIPTION_ID: (await bookedCamp()).subscription_id })),
    ],
    [
      'a subscription moved to another camp (moveSubscription)',
      async () => {
        const from = await bookedCamp();
        const [to] = await queryRows<{ id: number }>(
          t.db,
          sql`select c.id from camps c join periods p on p.id = c.period_id
              where extract(year from p.start_date) = ${year} and c.id <> ${from.camp_id} order by c.id limit 1`,
        );
        await ok(
          t.api.moveSubscription({
            SUBSCRIPTION_ID: from.subscription_id,
            CAMP_ID: to!.id,
            overCapacity: true,
            overAgeRange: true,
            overClosed: true,
          }),
        );
      },
    ],
    [
      'a subscription deleted (deleteSubscription)',
      async () => ok(t.api.deleteSubscription({ SUBSCRIPTION_ID: (await bookedCamp()).subscription_id })),
    ],
  ];

  it.each(writes)('after %s the ETag changes and the answer is what the database holds', async (_kind, write) => {
    const before = await get();
    expect((await get({ 'if-none-match': before.etag })).status).toBe(304);
    await write();
    const after = await get({ 'if-none-match': before.etag, 'accept-encoding': 'br' });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    const camps = campsOf(brotliDecompressSync(after.raw).toString());
    expect(camps).not.toEqual(campsOf(before.raw.toString()));
    expect(camps).toEqual(await fromDatabase());
  });
});
