import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, type Call } from '@common/contract/index.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';

/**
 * Every call's valid example from the table, with one or two fields replaced: by a wrong or hostile value,
 * or by another plausible one, so that many bodies pass the door and reach the database. Nothing may
 * answer 5xx, a refusal must change nothing, and some mutated bodies must be accepted and stored.
 */

/** The field names a schema knows, besides those of the example. */
function fieldNames(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return fieldNames(schema.unwrap());
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in);
  return [];
}

const hostile = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(-1, 0, 0.5, 1e21, 12.345),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    'x'.repeat(60_000),
    '\u0000',
    '\uD800',
    '😀'.repeat(60),
    '   ',
    '',
    '2025-02-30',
    '0000-00-00',
    '9999-12-31T99:99:99Z',
    '1e309',
    '12,5',
    "'; drop table subscriptions; --",
    '<script>alert(1)</script>',
  ),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** Another value of the same kind as the example's: these are the mutations that get through and are stored. */
function plausible(example: unknown) {
  if (typeof example === 'number') return fc.integer({ min: 1, max: Math.max(3, Math.ceil(example * 2)) });
  if (typeof example === 'boolean') return fc.boolean();
  if (typeof example === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(example)) return fc.constantFrom('2025-07-08', '2025-07-09', '2026-02-28');
  if (typeof example === 'string' && example.includes('@')) return fc.emailAddress().filter((e) => e.length < 60);
  if (typeof example === 'string') return fc.stringMatching(/^[A-Za-zÀ-ÿ][a-zà-ÿ' -]{1,18}[a-z]$/);
  return fc.constant(example);
}

function mutations(example: Record<string, unknown>, names: string[]) {
  const mutation = fc
    .constantFrom(...names)
    .chain((field) => fc.oneof(hostile, plausible(example[field])).map((value) => [field, value] as const));
  return fc.array(mutation, { minLength: 1, maxLength: 2 }).map((changes) => {
    const mutated: Record<string, unknown> = { ...example };
    for (const [field, value] of changes) {
      if (value === undefined) delete mutated[field];
      else mutated[field] = value;
    }
    return mutated;
  });
}

function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return params.toString();
}

describe.each(backends)('mutated examples of every call on %s', (backend) => {
  let t: TestApp;
  const runsPerCall = backend === 'pglite' ? 20 : 10;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 3 });
  });
  afterAll(async () => t?.close());

  it('never answers 5xx, refuses with the error shape and no change, and stores some mutated bodies', async () => {
    // A mutated user call may demote, disable or remove the account the suite signs in with: those go last.
    const ownAccount = new Set(['updateUser', 'removeUser', 'changePassword']);
    const calls = (Object.entries(contract).filter(([name, c]) => name !== 'logout' && (c.body || c.query)) as [string, Call][]).sort(
      ([a], [b]) => Number(ownAccount.has(a)) - Number(ownAccount.has(b)),
    );
    let tried = 0;
    let refused = 0;
    let stored = 0;
    const storedBy = new Set<string>();
    let digest = await databaseDigest(t.db);
    for (const [name, c] of calls) {
      const inBody = Boolean(c.body);
      const example = ((inBody ? c.example.body : c.example.query) ?? {}) as Record<string, unknown>;
      const names = [...new Set([...Object.keys(example), ...fieldNames(inBody ? c.body : c.query)])];
      if (names.length === 0) continue;
      await fc.assert(
        fc.asyncProperty(mutations(example, names), async (input) => {
          tried++;
          const answer = inBody
            ? await t.call(c.method, c.path, input, c.public ? null : undefined)
            : await t.call(c.method, `${c.path}?${queryString(input)}`, undefined, c.public ? null : undefined);
          const label = `${name} ${JSON.stringify(input).slice(0, 300)}`;
          expect(answer.status, label).toBeLessThan(500);
          const after = await databaseDigest(t.db);
          if (answer.status >= 400) {
            refused++;
            expect(answer.body.error, label).toMatchObject({ code: expect.any(String), message: expect.any(String) });
            expect(after, `${label} was refused but changed the database`).toEqual(digest);
          } else if (JSON.stringify(after) !== JSON.stringify(digest)) {
            stored++;
            storedBy.add(name);
            digest = after;
          }
        }),
        { numRuns: runsPerCall },
      );
    }
    console.log(
      `${backend}: ${tried} mutated examples over ${calls.length} calls: ${refused} refused with the error shape and no change, ${stored} accepted and stored (by ${[...storedBy].join(', ')}), 0 server errors`,
    );
    expect(stored).toBeGreaterThan(10);
    expect(storedBy.size).toBeGreaterThanOrEqual(5);
  }, 900_000);
});
