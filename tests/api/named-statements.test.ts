import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle, type Executor } from '../../server/src/db/client.js';
import { startPgliteWorker } from '../../server/src/db/pglite-host.js';
import { findSubscriptionDetail } from '../../server/src/domain/subscription-detail.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { createSubscription, type CreatedSubscription } from '../helpers/factory.js';

/**
 * Issue 37: a statement that runs inside every booking's locks (the subscription detail) is prepared under its name, so
 * the database plans it once per connection instead of at every booking: on PostgreSQL, whose connections are sessions
 * of their own, and on the embedded database, whose worker keeps each connection's statements apart in its one session.
 */
describe.each(backends)('named statements on %s', (backend) => {
  let database: DatabaseHandle;
  let subscription: CreatedSubscription;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    subscription = await createSubscription(database.db);
  });
  afterAll(async () => database?.close());

  const prepared = async (tx: Executor) =>
    (await queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements`)).map((r) => r.name);

  it("prepares the detail on transactions' connections, each its own, answering as unprepared", async () => {
    const [unprepared] = await queryRows<{ reference: string }>(
      database.db,
      sql`select reference from subscriptions where id = ${subscription.subscriptionId}`,
    );
    // Four transactions at once hold four of the pool's connections; each prepares the same name for itself.
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        database.db.transaction(async (tx) => ({
          detail: await findSubscriptionDetail(tx, subscription.subscriptionId),
          names: await prepared(tx),
        })),
      ),
    );
    for (const { detail, names } of answers) {
      expect(detail).toMatchObject({ SUBSCRIPTION_ID: subscription.subscriptionId, SUBSCRIPTION_REFERENCE: unprepared!.reference });
      // The embedded database's one session shows every connection's statements, under the connection's number.
      expect(names.filter((n) => n.endsWith('subscription_detail')).length).toBeGreaterThan(0);
    }
    expect(answers.map((a) => a.detail)).toEqual(answers.map(() => answers[0]!.detail));
  });
});

describe("the embedded database's worker", () => {
  it("keeps each connection's prepared statements apart and deallocates them when it closes", async () => {
    const host = await startPgliteWorker(null);
    const connect = async () => {
      const client = new pg.Client(host.connection);
      await client.connect();
      return client;
    };
    const names = async (client: pg.Client) =>
      (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);
    try {
      const [first, second] = [await connect(), await connect()];
      // The same name for two texts on two connections: a shared name would answer the first text on the second.
      expect((await first.query({ name: 'which', text: 'select $1::int as n', values: [1] })).rows).toEqual([{ n: 1 }]);
      const [firstName] = await names(first);
      expect((await second.query({ name: 'which', text: "select 'tweede' as n, $1::int as m", values: [2] })).rows).toEqual([
        { n: 'tweede', m: 2 },
      ]);
      expect((await first.query({ name: 'which', text: 'select $1::int as n', values: [3] })).rows).toEqual([{ n: 3 }]);
      const secondName = (await names(second)).find((n) => n !== firstName);
      expect([firstName, secondName].map((n) => n?.endsWith('/which'))).toEqual([true, true]);
      await first.end();
      // Its statement goes with it, once the session is free.
      await expect.poll(() => names(second)).toEqual([secondName]);
      await second.end();
    } finally {
      await host.stop();
    }
  });
});
