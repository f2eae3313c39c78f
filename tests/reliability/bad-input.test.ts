import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '@common/contract/index.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';

/** The field names a route's zod schema knows, so that bad values land on real fields as well as unknown ones. */
function fieldNames(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion) return [...new Set((schema.options as unknown[]).flatMap(fieldNames))];
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in);
  return [];
}

/** Wrong types, huge strings, odd Unicode, negative and fractional amounts, dates out of range, injection text. */
const badValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(-1, 0, 0.5, -12.5, 1e21, 12.345),
  fc.integer({ min: 1, max: 8 }),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    'x'.repeat(60_000),
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\u202Eevil',
    '😀'.repeat(60),
    '   ',
    '',
    '0000-00-00',
    '2025-02-30',
    '9999-12-31T99:99:99Z',
    '-0001-01-01',
    '1e309',
    'NaN',
    '12,5',
    '-5',
    "'; drop table subscriptions; --",
    '<script>alert(1)</script>',
    '{"$gt": ""}',
  ),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

function payloadFor(schema: unknown) {
  const names = fieldNames(schema);
  const known = names.length > 0 ? fc.dictionary(fc.constantFrom(...names), badValue, { maxKeys: names.length }) : fc.constant({});
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), badValue, { maxKeys: 2 });
  return fc.oneof(
    { weight: 8, arbitrary: fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a })) },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 10 }), fc.array(fc.integer(), { maxLength: 2 })),
    },
  );
}

function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return params.toString();
}

describe.each(backends)('bad input to every route on %s', (backend) => {
  let t: TestApp;
  const runsPerRoute = backend === 'pglite' ? 25 : 12;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 3 });
  });
  afterAll(async () => t?.close());

  it('never answers 5xx, always the error shape, and a refused call changes nothing', async () => {
    const routes = Object.values(contract)
      .filter((c) => c.path !== '/api/logout')
      .map((c) => ({ method: c.method, url: c.path, querystring: c.query, body: c.body }));
    let tried = 0;
    let refused = 0;
    let accepted = 0;
    let digest = await databaseDigest(t.db);
    for (const route of routes) {
      const arbitrary = route.method === 'GET' ? payloadFor(route.querystring) : payloadFor(route.body);
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          tried++;
          const answer =
            route.method === 'GET'
              ? await t.call(
                  'GET',
                  `${route.url}?${queryString(input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : { value: input })}`,
                )
              : await t.call(route.method as 'POST', route.url, input);
          expect(answer.status, `${route.method} ${route.url} ${JSON.stringify(input)?.slice(0, 300)}`).toBeLessThan(500);
          const after = await databaseDigest(t.db);
          if (answer.status >= 400) {
            refused++;
            expect(answer.body.error, `${route.url} error shape`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
            expect(JSON.stringify(answer.body)).not.toMatch(/\bat \S+\.(ts|js):\d+|syntax error|relation "|column "|violates/i);
            expect(after, `${route.method} ${route.url} refused ${JSON.stringify(input)?.slice(0, 300)} but changed the database`).toEqual(
              digest,
            );
          } else {
            accepted++;
            digest = after;
          }
        }),
        { numRuns: runsPerRoute },
      );
    }
    console.log(
      `${backend}: ${tried} generated inputs over ${routes.length} routes: ${refused} refused with the error shape and no change, ${accepted} accepted, 0 server errors`,
    );
  }, 600_000);
});
