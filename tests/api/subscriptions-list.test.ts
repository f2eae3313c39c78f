import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSubscriptionsOfYear } from '../../server/src/features/subscriptions/queries.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';

/** The year's list is read as one JSON text on PGlite and as plain rows on PostgreSQL: both must answer the same. */
describe.each(backends)('the two read paths of a year of subscriptions on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 60 });
  });
  afterAll(async () => t?.close());

  it('answers identical rows as JSON text and as plain rows, and the API answers them too', async () => {
    const year = new Date().getFullYear();
    const asJson = await listSubscriptionsOfYear(t.db, year, true);
    const asRows = await listSubscriptionsOfYear(t.db, year, false);
    expect(asJson.length).toBe(60);
    expect(asRows).toEqual(asJson);
    expect(asRows.some((r) => r.SUBSCRIPTION_CANCELLATION_DATE !== null)).toBe(true);
    expect(asRows[0]!.PERIOD_STARTDATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const api = await t.call('GET', `/api/getSubscriptions?campYear=${year}`);
    expect(api.body.data).toEqual(asJson);
  });
});
