import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampRecord } from '@common/schemas/camps.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';

/** Ids that are not decimal digits from 1 to 2147483647, though Number() reads most of them as one. */
const MALFORMED_IDS = ['0x1A', '1e1', '391.0', '0391', '+5', ' 5', '2147483648', '0', '-3', '5abc'];

describe('the root and unknown paths serve the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: 'none' });
  });
  afterAll(async () => t?.close());

  it.each(['/', '/assets/', '/no-such-page', '/Camp-Detail/447', '/camp-detail/379/'])('GET %s answers the app', async (url) => {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('<div id="root">');
  });

  it('an unknown API path stays a JSON 404', async () => {
    // Raw: a path that is no call of the table.
    const answer = await t.call('GET', '/api/no-such-call');
    expect(answer.status).toBe(404);
    expect(answer.body.error?.code).toBe('NOT_FOUND');
  });
});

describe.each(backends)('one id rule for every API query and body on %s', (backend) => {
  let t: TestApp;
  let camp: CampRecord;
  let subscription: SubscriptionListRow;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 5 });
    camp = ((await t.api.getCamps({ campYear: 2025 })).body.data as CampRecord[])[0]!;
    subscription = ((await t.api.getSubscriptions({ campYear: 2025 })).body.data as SubscriptionListRow[])[0]!;
  });
  afterAll(async () => t?.close());

  const queries: [string, (id: string) => string][] = [
    ['campId', (id) => `/api/getCamps?campId=${encodeURIComponent(id)}`],
    ['campId', (id) => `/api/getCampSummary?campId=${encodeURIComponent(id)}`],
    ['id', (id) => `/api/getSubscriptionFullDetail?id=${encodeURIComponent(id)}`],
    ['id', (id) => `/api/getDiscounts?id=${encodeURIComponent(id)}`],
    ['monitorId', (id) => `/api/getMonitors?monitorId=${encodeURIComponent(id)}`],
    ['themeId', (id) => `/api/getTaxonomy?type=theme&themeId=${encodeURIComponent(id)}`],
    ['campId', (id) => `/api/generateVoucher?campId=${encodeURIComponent(id)}`],
  ];

  it('refuses a malformed id in every query with 400 Foutief formaat on that field', async () => {
    for (const [field, url] of queries) {
      for (const id of MALFORMED_IDS) {
        // Raw: malformed ids in the query string on purpose.
        const answer = await t.call('GET', url(id));
        expect(answer.status, `${url(id)}`).toBe(400);
        expect(answer.body.error?.fields?.[field], `${url(id)}`).toBe('Foutief formaat');
      }
    }
  });

  it('getCamps?campId=0x1A no longer answers camp 26, and the decimal id still answers its camp', async () => {
    expect((await t.api.getCamps({ campId: '0x1A' })).status).toBe(400);
    const byId = await t.api.getCamps({ campId: camp.CAMP_ID });
    expect((byId.body.data as CampRecord[]).map((c) => c.CAMP_ID)).toEqual([camp.CAMP_ID]);
    expect((await t.api.getCamps({ campId: '2147483647' })).body.data).toEqual([]);
  });

  it('refuses a malformed id in a body, as text or as a fraction, and changes nothing', async () => {
    const id = subscription.SUBSCRIPTION_ID;
    for (const bad of [`0x${id.toString(16)}`, `${id}.0`, `${id}e0`, id + 0.5]) {
      const answer = await t.api.convertToCash({ SUBSCRIPTION_ID: bad });
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body.error?.fields?.SUBSCRIPTION_ID).toBe('Foutief formaat');
      const read = await t.api.crudCamp({ action: 'read', CAMP_ID: bad });
      expect(read.body.error?.fields?.CAMP_ID).toBe('Foutief formaat');
    }
    const detail = await t.api.getSubscriptionFullDetail({ id });
    expect(detail.status).toBe(200);
    expect((detail.body.data as { PAYMENTMETHOD_ID: number }[])[0]!.PAYMENTMETHOD_ID).toBe(subscription.PAYMENTMETHOD_ID);
  });

  it('an id as a JSON number or as its decimal text is the same id', async () => {
    const asNumber = await t.api.crudCamp({ action: 'read', CAMP_ID: camp.CAMP_ID });
    const asText = await t.api.crudCamp({ action: 'read', CAMP_ID: String(camp.CAMP_ID) });
    expect(asText.body).toEqual(asNumber.body);
    expect((asNumber.body.data as CampRecord[])[0]!.CAMP_ID).toBe(camp.CAMP_ID);
  });

  it('a missing id is still Veld verplicht', async () => {
    const answer = await t.unchecked.getCampSummary();
    expect(answer.body.error?.fields?.campId).toBe('Veld verplicht');
  });
});
