import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionCalls } from '@common/contract/subscriptions.js';
import type { SubscriptionColumns, SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { subscriptionRowsOf } from '@common/subscription-columns.js';
import { compareByChildName } from '@common/subscription-overview.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, queryRows, type DatabaseHandle } from '../../server/src/db/client.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { listSubscriptionsOfYear, YEAR_CHUNK_ROWS } from '../../server/src/features/subscriptions/queries.js';
import { seedDemoData, seedSubscriptions } from '../../server/src/seed/demo-data.js';
import { TEST_ADMIN } from '../helpers/api.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { createSubscription } from '../helpers/factory.js';

/**
 * Year answers are cached per server process and labelled with the lists' version, which database triggers
 * bump with every change to what a list shows (issue 22). A stale answer would show here as an answer that
 * differs from what the database holds, or as a 304 to a client whose copy is out of date.
 */
describe.each(backends)('cached year answers on %s', (backend) => {
  let database: DatabaseHandle & { url?: string };
  let app: FastifyInstance;
  let token = '';
  let year = 0;
  const servers: FastifyInstance[] = [];
  const databases: DatabaseHandle[] = [];

  async function startServer(handle: DatabaseHandle) {
    const server = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database: handle, logger: false });
    await server.ready();
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await seedDemoData(database.db, { subscriptionsPerYear: 30 });
    await addAdmin(database.db, TEST_ADMIN.email, TEST_ADMIN.password);
    app = await startServer(database);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    token = login.json<{ data: { token: string } }>().data.token;
    const [row] = await queryRows<{ year: number }>(
      database.db,
      sql`select extract(year from p.start_date)::int as year from subscriptions s join camps c on c.id = s.camp_id
          join periods p on p.id = c.period_id group by 1 order by count(*) desc limit 1`,
    );
    year = row!.year;
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const handle of databases) await handle.close();
    await database?.close();
  });

  /** Raw: several servers on one database, and the answer's bytes as sent (brotli or not), its ETag and a 304. */
  async function get(server: FastifyInstance, headers: Record<string, string> = {}, name = 'getSubscriptions') {
    const response = await server.inject({
      method: 'GET',
      url: `/api/${name}?campYear=${year}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
    const etag = String(response.headers.etag ?? '');
    return { status: response.statusCode, etag, headers: response.headers, raw: response.rawPayload, body: response.body };
  }
  const rowsOf = (body: string) => (JSON.parse(body) as { data: SubscriptionListRow[] }).data;
  const columnsOf = (body: string) => (JSON.parse(body) as { data: SubscriptionColumns }).data;
  /** getSubscriptionColumns sends the rows as the overview shows them, so the browser's sort finds them sorted. */
  const inOverviewOrder = (rows: SubscriptionListRow[]) => [...rows].sort(compareByChildName);
  const fromDatabase = () => listSubscriptionsOfYear(database.db, year);

  it('answers the rows the database holds, the same in brotli, gzip and uncompressed, with an ETag', async () => {
    const plain = await get(app);
    expect(plain.status).toBe(200);
    expect(plain.etag).toMatch(/^"\d+"$/);
    expect(rowsOf(plain.body)).toEqual(await fromDatabase());
    const br = await get(app, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.raw).toString()).toBe(plain.body);
    const gz = await get(app, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).toString()).toBe(plain.body);
    expect(new Set([plain.etag, br.etag, gz.etag]).size).toBe(1);
    // The API's answers stay out of every cache, as before: a client revalidates on its own.
    expect(plain.headers['cache-control']).toBe('no-store');
  });

  it('getSubscriptionColumns answers the same rows column-wise in the overview’s order, each camp once, kept by the browser and revalidated by its ETag', async () => {
    const rows = await get(app);
    const columns = await get(app, {}, 'getSubscriptionColumns');
    expect(columns.status).toBe(200);
    const answer = columnsOf(columns.body);
    expect(subscriptionRowsOf(answer)).toEqual(inOverviewOrder(rowsOf(rows.body)));
    expect(inOverviewOrder(rowsOf(rows.body))).not.toEqual(rowsOf(rows.body));
    expect(answer.columns.SUBSCRIPTION_ID).toHaveLength(rowsOf(rows.body).length);
    expect(answer.camps).toHaveLength(new Set(answer.columns.CAMP_ID).size);
    // No field name per row: a row's own fields and its camp's travel in a fraction of the space.
    expect(columns.body.length).toBeLessThan(rows.body.length / 2);
    expect(columns.headers['cache-control']).toBe('private, no-cache');
    expect(columns.etag).toBe(rows.etag);
    const revisit = await get(app, { 'if-none-match': columns.etag }, 'getSubscriptionColumns');
    expect(revisit.status).toBe(304);
    expect(revisit.body).toBe('');
    expect(revisit.headers['cache-control']).toBe('private, no-cache');
  });

  it('getSubscriptionFirstRows answers the first 200 rows the overview opens on (not cancelled, in its order) and how many there are, revalidated by the same ETag', async () => {
    // A year of its own with more rows than the overview opens on, some cancelled among the first in its order.
    const firstRowsYear = 2018;
    await seedSubscriptions(database.db, { year: firstRowsYear, count: 260 });
    const seeded = inOverviewOrder(await listSubscriptionsOfYear(database.db, firstRowsYear));
    const notCancelled = seeded.filter((row) => !row.SUBSCRIPTION_CANCELLED);
    const cancelled = [notCancelled[0]!, notCancelled[5]!, notCancelled[150]!].map((row) => row.SUBSCRIPTION_ID);
    await database.db.execute(
      sql`update subscriptions set cancelled = true, cancellation_date = now() where id in (${sql.join(
        cancelled.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const open = inOverviewOrder(await listSubscriptionsOfYear(database.db, firstRowsYear)).filter((row) => !row.SUBSCRIPTION_CANCELLED);
    expect(open).toHaveLength(notCancelled.length - cancelled.length);
    expect(open.length).toBeGreaterThan(200);
    const ask = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url: `/api/getSubscriptionFirstRows?campYear=${firstRowsYear}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    const answer = (JSON.parse(first.body) as { data: SubscriptionColumns & { total: number } }).data;
    expect(answer.total).toBe(open.length);
    expect(subscriptionRowsOf(answer)).toEqual(open.slice(0, 200));
    expect(answer.camps).toHaveLength(new Set(answer.columns.CAMP_ID).size);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toBe((await get(app, {}, 'getSubscriptionColumns')).etag);
    expect((await ask({ 'if-none-match': etag })).statusCode).toBe(304);
    // A cancellation changes what the overview opens on: a new version, one row fewer.
    await database.db.execute(sql`update subscriptions set cancelled = true where id = ${open[0]!.SUBSCRIPTION_ID}`);
    const after = await ask({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    const changed = (JSON.parse(after.body) as { data: SubscriptionColumns & { total: number } }).data;
    expect(changed.total).toBe(open.length - 1);
    expect(subscriptionRowsOf(changed)).toEqual(open.slice(1, 201));
  });

  it('reads the year once for the overview’s two answers: the first rows keep the whole year as read with them', async () => {
    // A change of its own, so that neither answer of this version is kept yet.
    await database.db.execute(sql`update children set firstname = 'Odette' where id = ${(await someSubscription()).child_id}`);
    const first = await get(app, {}, 'getSubscriptionFirstRows');
    expect(first.status).toBe(200);
    const asRead = inOverviewOrder(await fromDatabase());
    // Another change, with the lists' version put back: an answer read now would show it, the one kept does not.
    const [{ version }] = (await queryRows<{ version: number }>(database.db, sql`select version from subscription_list_version`)) as [
      { version: number },
    ];
    await database.db.execute(sql`update children set firstname = 'Ottilie' where id = ${(await someSubscription()).child_id}`);
    await database.db.execute(sql`update subscription_list_version set version = ${version}`);
    const columns = await get(app, {}, 'getSubscriptionColumns');
    expect(columns.etag).toBe(first.etag);
    expect(subscriptionRowsOf(columnsOf(columns.body))).toEqual(asRead);
    // A real change moves the version past both again.
    await database.db.execute(sql`update children set firstname = 'Olivia' where id = ${(await someSubscription()).child_id}`);
    expect(subscriptionRowsOf(columnsOf((await get(app, {}, 'getSubscriptionColumns')).body))).toEqual(
      inOverviewOrder(await fromDatabase()),
    );
  });

  it('answers a year read in several chunks with exactly the text of all its rows serialised at once, each row once, in order', async () => {
    // A year of its own, outside the demo's, of exactly two chunks: the last fetch finds nothing.
    const chunkedYear = 2019;
    await seedSubscriptions(database.db, { year: chunkedYear, count: YEAR_CHUNK_ROWS * 2 });
    const ask = (headers: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url: `/api/getSubscriptions?campYear=${chunkedYear}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    const br = await ask({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(br.rawPayload).toString();
    const rows = await listSubscriptionsOfYear(database.db, chunkedYear);
    // What the server answered when it built the whole answer at once: its rows checked and serialised in one go.
    const whole = JSON.stringify({ data: subscriptionCalls.getSubscriptions.response.parse(rows) });
    expect(text.length).toBe(whole.length);
    expect(text === whole).toBe(true);
    const ids = await queryRows<{ id: number }>(
      database.db,
      sql`select s.id from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${chunkedYear} order by s.id`,
    );
    expect(ids).toHaveLength(YEAR_CHUNK_ROWS * 2);
    expect(rows.map((r) => r.SUBSCRIPTION_ID)).toEqual(ids.map((r) => r.id));
    expect(gunzipSync((await ask({ 'accept-encoding': 'gzip' })).rawPayload).toString() === text).toBe(true);
    expect((await ask({})).body === text).toBe(true);
  });

  it('answers 304 to its ETag while nothing changed, also after a save that does not change the list', async () => {
    const first = await get(app);
    expect((await get(app, { 'if-none-match': first.etag })).status).toBe(304);
    const [subscription] = await queryRows<{ id: number }>(database.db, sql`select id from subscriptions order by id limit 1`);
    await database.db.execute(sql`update subscriptions set remark = 'Allergisch voor noten' where id = ${subscription!.id}`);
    const again = await get(app, { 'if-none-match': first.etag });
    expect(again.status).toBe(304);
    expect(again.etag).toBe(first.etag);
    expect((await get(app, { 'if-none-match': '"1"' })).status).toBe(200);
  });

  /** One subscription of the year and its camp, to change. */
  async function someSubscription() {
    const [row] = await queryRows<{
      id: number;
      camp_id: number;
      child_id: number;
      theme_id: number;
      location_id: number;
      period_id: number;
    }>(
      database.db,
      sql`select s.id, s.camp_id, s.child_id, c.theme_id, c.location_id, c.period_id from subscriptions s
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${year} and not s.cancelled order by s.id limit 1`,
    );
    return row!;
  }
  const call = (name: string, body: unknown) =>
    app.inject({ method: 'POST', url: `/api/${name}`, headers: { authorization: `Bearer ${token}` }, payload: body as object });

  const writes: [kind: string, write: () => Promise<void>][] = [
    ['a new subscription', async () => void (await createSubscription(database.db, { campId: (await someSubscription()).camp_id }))],
    [
      'a discount (addDiscount)',
      async () => {
        const answer = await call('addDiscount', {
          subscriptionId: (await someSubscription()).id,
          discountAmount: '5',
          discountRemark: 'Broer of zus',
        });
        expect(answer.statusCode).toBe(200);
      },
    ],
    [
      'a discount removed',
      async () =>
        void (await database.db.execute(sql`delete from subscription_discounts where id = (select max(id) from subscription_discounts)`)),
    ],
    [
      'a payment',
      async () =>
        void (await database.db.execute(
          sql`update subscriptions set paid_amount_cents = paid_amount_cents + 2500, paid = true where id = ${(await someSubscription()).id}`,
        )),
    ],
    [
      'a cancellation (cancelSubscription)',
      async () => {
        const answer = await call('cancelSubscription', { SUBSCRIPTION_ID: (await someSubscription()).id });
        expect(answer.statusCode).toBe(200);
      },
    ],
    [
      "a child's name",
      async () =>
        void (await database.db.execute(sql`update children set firstname = 'Zoë' where id = ${(await someSubscription()).child_id}`)),
    ],
    [
      "a theme's name",
      async () =>
        void (await database.db.execute(
          sql`update themes set name = name || ' (nieuw)' where id = ${(await someSubscription()).theme_id}`,
        )),
    ],
    [
      "a location's short name",
      async () =>
        void (await database.db.execute(
          sql`update locations set name_short = name_short || '2' where id = ${(await someSubscription()).location_id}`,
        )),
    ],
    [
      "a period's short name",
      async () =>
        void (await database.db.execute(
          sql`update periods set name_short = name_short || '*' where id = ${(await someSubscription()).period_id}`,
        )),
    ],
    [
      "a camp's theme",
      async () => {
        const { camp_id, theme_id } = await someSubscription();
        await database.db.execute(
          sql`update camps set theme_id = (select id from themes where id <> ${theme_id} order by id limit 1) where id = ${camp_id}`,
        );
      },
    ],
    [
      'a subscription deleted (deleteSubscription)',
      async () => {
        const answer = await call('deleteSubscription', { SUBSCRIPTION_ID: (await someSubscription()).id });
        expect(answer.statusCode).toBe(200);
      },
    ],
  ];

  it.each(writes)('after %s the ETag changes and the answer is what the database holds', async (_kind, write) => {
    const before = await get(app);
    expect((await get(app, { 'if-none-match': before.etag })).status).toBe(304);
    await write();
    const after = await get(app, { 'if-none-match': before.etag, 'accept-encoding': 'br' });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    const rows = rowsOf(brotliDecompressSync(after.raw).toString());
    expect(rows).not.toEqual(rowsOf(before.body));
    expect(rows).toEqual(await fromDatabase());
    const columns = await get(app, { 'if-none-match': before.etag }, 'getSubscriptionColumns');
    expect(columns.status).toBe(200);
    expect(columns.etag).toBe(after.etag);
    expect(subscriptionRowsOf(columnsOf(columns.body))).toEqual(inOverviewOrder(rows));
  });

  // PGlite's data folder belongs to one process; PostgreSQL serves several.
  if (backend === 'postgres')
    it('a second server on the same database answers another server’s writes at once (PostgreSQL only)', async () => {
      const second = await openDatabase({ databaseUrl: database.url!, dataDir: '' });
      databases.push(second);
      const other = await startServer(second);
      const before = await get(other);
      expect(before.status).toBe(200);
      expect((await get(other, { 'if-none-match': before.etag })).status).toBe(304);
      expect((await get(other, {}, 'getSubscriptionColumns')).etag).toBe(before.etag);
      const answer = await call('addDiscount', {
        subscriptionId: (await someSubscription()).id,
        discountAmount: '7',
        discountRemark: 'Tweede server',
      });
      expect(answer.statusCode).toBe(200);
      const after = await get(other, { 'if-none-match': before.etag });
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(before.etag);
      expect(rowsOf(after.body)).toEqual(await fromDatabase());
      const columns = await get(other, { 'if-none-match': before.etag }, 'getSubscriptionColumns');
      expect(columns.status).toBe(200);
      expect(subscriptionRowsOf(columnsOf(columns.body))).toEqual(inOverviewOrder(await fromDatabase()));
    });
});
