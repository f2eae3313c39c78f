import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../server/src/db/client.js';
import { findSubscriptionDetail } from '../../server/src/domain/subscription-detail.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { createSubscription, type CreatedSubscription } from '../helpers/factory.js';

/**
 * Issue 37: a statement that runs inside every booking's locks (the subscription detail) is prepared under its name on
 * PostgreSQL, also on a transaction's connection, so the server plans it once instead of at every booking. The embedded
 * database's connections share one session, so there it runs unprepared, with the same answer.
 */
describe.each(backends)('named statements on %s', (backend) => {
  let database: DatabaseHandle;
  let subscription: CreatedSubscription;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    subscription = await createSubscription(database.db);
  });
  afterAll(async () => database?.close());

  const preparedIn = (tx: Parameters<typeof findSubscriptionDetail>[0]) =>
    queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements order by name`);

  it('prepares the detail on the connection of a transaction, and answers the same as unprepared', async () => {
    const { detail, prepared } = await database.db.transaction(async (tx) => ({
      detail: await findSubscriptionDetail(tx, subscription.subscriptionId),
      prepared: (await preparedIn(tx)).map((r) => r.name),
    }));
    expect(detail).toMatchObject({ SUBSCRIPTION_ID: subscription.subscriptionId, SUBSCRIPTION_REFERENCE: subscription.reference });
    expect(prepared).toEqual(backend === 'postgres' ? ['subscription_detail'] : []);
    // Run again on the same connection (the pool may hand out another: every connection prepares its own).
    const again = await database.db.transaction(async (tx) => findSubscriptionDetail(tx, subscription.subscriptionId));
    expect(again).toEqual(detail);
  });
});
