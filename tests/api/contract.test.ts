import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSchema, contract, type CallName } from '@common/contract/index.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { attestDownloads } from '../helpers/attest-calls.js';
import { backends } from '../helpers/database.js';

describe.each(backends)('the call table against the server on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 5 });
  });
  afterAll(async () => t?.close());

  it('answers the example of every GET call with 200 and data its response schema parses', async () => {
    // A family's reads need a family's session: tests/api/public-site.test.ts reads them. An offer's link (getOffer)
    // needs an offer made first: tests/api/waiting-list.test.ts reads it.
    const reads = Object.entries(contract).filter(([name, c]) => c.method === 'GET' && !c.files && !c.family && name !== 'getOffer');
    expect(reads.length).toBeGreaterThanOrEqual(15);
    for (const [name, c] of reads) {
      // Unchecked: every read of the table in one loop, by its name, with its example.
      const answer = await t.unchecked[name as CallName](c.example.query, c.public ? { token: null } : {});
      expect(answer.status, `${name} ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      const parsed = answerSchema(c).safeParse(answer.body);
      expect(parsed.error?.issues, name).toBeUndefined();
      // The schema keeps every field the server sent: an answer with a field the table does not name fails.
      expect(parsed.data, name).toEqual(answer.body);
    }
    console.log(`${reads.length} GET calls answered their example with data their response schema parses`);
  });

  it('answers the example of every download with a file of one of its formats', async () => {
    const contentTypes = {
      xlsx: 'spreadsheetml',
      csv: 'text/csv',
      pdf: 'application/pdf',
      xml: 'application/xml',
      json: 'application/json',
      zip: 'application/zip',
    };
    // A POST download (exportRefunds) answers a file for data a test must make first; its own test reads it.
    // So do the attests, which need a recognised organiser and attended, paid days (tests/api/attests.test.ts).
    // A family's files (its attests, the copy of its data) take a family's session: tests/api/family-page.test.ts reads them.
    for (const [name, c] of Object.entries(contract).filter(
      ([name, c]) => c.files && c.method === 'GET' && !attestDownloads.has(name) && !c.family,
    )) {
      const answer = await t.unchecked[name as CallName](c.example.query);
      expect(answer.status, name).toBe(200);
      expect(
        c.files!.some((format) => String(answer.headers['content-type']).includes(contentTypes[format])),
        name,
      ).toBe(true);
      expect(answer.bytes.length, name).toBeGreaterThan(100);
    }
  });
});
