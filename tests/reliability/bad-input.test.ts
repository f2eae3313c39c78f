import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, type Call } from '@common/contract/index.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { callerOfEveryCall } from '../helpers/users.js';

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

/** Made once: a text arbitrary is costly to build (fast-check prepares its special values), and one is asked per mutation. */
const plausibleDate = fc.constantFrom('2025-07-08', '2025-07-09', '2026-02-28');
const plausibleEmail = fc.emailAddress().filter((e) => e.length < 60);
const plausibleName = fc.stringMatching(/^[A-Za-zÀ-ÿ][a-zà-ÿ' -]{1,18}[a-z]$/);

/** Another value of the same kind as the example's: these are the mutations that get through and are stored. */
function plausible(example: unknown) {
  if (typeof example === 'number') return fc.integer({ min: 1, max: Math.max(3, Math.ceil(example * 2)) });
  if (typeof example === 'boolean') return fc.boolean();
  if (typeof example === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(example)) return plausibleDate;
  if (typeof example === 'string' && example.includes('@')) return plausibleEmail;
  if (typeof example === 'string') return plausibleName;
  return fc.constant(example);
}

type Path = (string | number)[];

/** Every place in the example a value stands, nested ones and their containers included: ['parent'], ['parent', 'EMAIL']. */
function valuePaths(value: unknown, prefix: Path = []): Path[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : [];
  return [...(prefix.length > 0 ? [prefix] : []), ...children.flatMap(([key, child]) => valuePaths(child, [...prefix, key]))];
}

const valueAt = (root: unknown, path: Path): unknown => path.reduce<any>((node, key) => node?.[key], root);

function mutations(example: Record<string, unknown>, paths: Path[]) {
  const mutation = fc
    .constantFrom(...paths)
    .chain((path) => fc.oneof(hostile, plausible(valueAt(example, path))).map((value) => [path, value] as const));
  return fc.array(mutation, { minLength: 1, maxLength: 2 }).map((changes) => {
    const mutated = structuredClone(example);
    for (const [path, value] of changes) {
      const parent = valueAt(mutated, path.slice(0, -1)) as Record<string | number, unknown> | undefined;
      if (parent === null || typeof parent !== 'object') continue;
      const key = path[path.length - 1]!;
      if (value === undefined && !Array.isArray(parent)) delete parent[key];
      // A copy: a plausible container is the example's own object, which later changes must not touch.
      else parent[key] = structuredClone(value);
    }
    return mutated;
  });
}

function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return params.toString();
}

describe('the mutations', () => {
  it('reach nested fields: a value inside an object or a list of the example, and the container itself', () => {
    const example = { id: 7, parent: { email: 'a@b.be', phones: ['0475 12 34 56'] } };
    const paths = valuePaths(example).map((p) => p.join('.'));
    expect(paths).toEqual(['id', 'parent', 'parent.email', 'parent.phones', 'parent.phones.0']);
    const changed = new Set<string>();
    for (const mutated of fc.sample(mutations(example, valuePaths(example)), { numRuns: 300, seed: 13 })) {
      for (const path of valuePaths(example).map((p) => p.join('.'))) {
        const before = JSON.stringify(valueAt(example, path.split('.')));
        if (JSON.stringify(valueAt(mutated, path.split('.'))) !== before) changed.add(path);
      }
    }
    expect([...changed].sort()).toEqual(paths.sort());
    expect(example.parent.phones).toEqual(['0475 12 34 56']);
  });
});

/**
 * Run last, so the calls before them still find the records the examples name; and last of all the user calls
 * that may demote, disable or remove the account the suite signs in with.
 */
const last = ['cancelSubscription', 'deleteSubscription', 'deleteMonitor', 'updateUser', 'removeUser', 'changePassword'];
const lastRank = (name: string) => last.indexOf(name);
/**
 * Calls that change data, or are POSTed, but whose mutated examples cannot be stored here: they need a setup the
 * fresh demo lacks (a bank import, a failed mail, an invitation's token, a refund owed, a deleted subscription, a
 * family past its retention, a recognised organiser with attended days for the fiscal attests; their own API tests
 * store them), need the account's current password, or write nothing the digest holds (a session, a preview, a download).
 */
const storesNothingMutated = new Set([
  'login',
  'acceptInvite',
  'changePassword',
  'previewMailTemplate',
  'exportRefunds',
  'undoBankImport',
  'assignPayment',
  'ignorePayment',
  'requeuePayment',
  'retryMail',
  'createSubscription',
  'restoreSubscription',
  'markRefundPaid',
  'eraseFamily',
  'mailAttests',
  // The public booking site (issue 40): a family's sign-in writes a session; a link goes only to an account's address,
  // and signing in with it or confirming an address needs the mailed token; a booking needs an Idempotency-Key and
  // the family's own child (tests/api/public-site.test.ts stores each).
  'signIn',
  'requestSignInLink',
  'signInWithLink',
  'confirmEmail',
  'book',
  // The waiting list and a family's own cancellation (issue 34): each needs a full camp, a child waiting in it, an offer
  // mailed with its token or a booking of the family itself, none of which a mutated example can make
  // (tests/api/waiting-list.test.ts and tests/api/family-cancel.test.ts store each).
  'cancelBooking',
  'joinWaitingList',
  'leaveWaitingList',
  'acceptOffer',
  'declineOffer',
  // The same offer taken or declined from the family's page names the family's own waiting entry with an open offer.
  'acceptMyOffer',
  'declineMyOffer',
  'addToWaitingList',
  'moveWaitingEntry',
  'offerSeat',
  'removeWaitingEntry',
  // A family's request to correct a booked child's data (issue 34) needs a child of its own with a booking
  // (tests/api/family-page.test.ts stores it).
  'requestChildCorrection',
  // The safety sheet (issue 35): a family saves the sheet of its own child only, which the suite's family has none of
  // (tests/api/safety-sheets.test.ts stores it).
  'saveFamilySafetySheet',
]);
/** One seed for every run, so what the suite stores is the same each time; FUZZ_SEED explores other inputs. */
const seed = Number(process.env.FUZZ_SEED ?? 20261123);

/**
 * Every read call with its valid example over the data the mutated bodies stored: a stored text that merely looks
 * like a date once made a record's history answer 500 (getAuditLog), which the mutated reads alone rarely met.
 */
/** A token that may use the call: a family's for the public site's, a monitor user's for a monitor's own. */
let tokenFor: (c: Call) => string | null = () => null;

async function readEverything(t: TestApp): Promise<void> {
  for (const [name, c] of Object.entries(contract) as [string, Call][]) {
    if (c.method !== 'GET') continue;
    const query = c.example.query ? `?${queryString(c.example.query as Record<string, unknown>)}` : '';
    // Raw: every read of the table in one loop, by its example.
    const answer = await t.call('GET', `${c.path}${query}`, undefined, tokenFor(c));
    expect(answer.status, `${name} over the stored mutations: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(500);
  }
}

describe.each(backends)('mutated examples of every call on %s', (backend) => {
  let t: TestApp;
  const runsPerCall = backend === 'pglite' ? 20 : 10;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 3 });
    tokenFor = await callerOfEveryCall(t);
  });
  afterAll(async () => t?.close());

  it('answers no 5xx to a whole body that is no object (null, a list, a number, a text), refusing it with no change', async () => {
    // The fixed ones, and more of each kind from fast-check with the suite's seed.
    const fixed: unknown[] = [null, [], [1, 2, 3], 0, -1, 3.5, 1e21, '', 'tekst', true, false];
    const generated = fc.sample(
      fc.oneof(
        fc.constant(null),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer(),
        fc.string({ maxLength: 30 }),
        fc.boolean(),
      ),
      { numRuns: 6, seed },
    );
    let tried = 0;
    let refused = 0;
    for (const [name, c] of Object.entries(contract) as [string, Call][]) {
      // logout (signOut) takes no body and would end the session the suite uses.
      if (name === 'logout' || name === 'signOut') continue;
      const example = c.example.body ?? {};
      // A call without a body ignores it and runs (generateVoucher writes a voucher); one with a body must refuse.
      const digest = c.body ? await databaseDigest(t.db) : null;
      for (const body of [...fixed, [example], ...generated]) {
        tried++;
        const response = await t.app.inject({
          method: c.method,
          url: `${c.path}${c.example.query ? `?${queryString(c.example.query as Record<string, unknown>)}` : ''}`,
          payload: JSON.stringify(body),
          headers: {
            'content-type': 'application/json',
            ...(tokenFor(c) === null ? {} : { authorization: `Bearer ${tokenFor(c)}` }),
          },
        });
        const label = `${name} ${JSON.stringify(body).slice(0, 100)}: ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (!c.body) continue;
        refused++;
        expect(response.statusCode, label).toBe(400);
        expect(response.json().error, label).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/^Ongeldige invoer/) });
      }
      if (digest) expect(await databaseDigest(t.db), `${name} changed the database`).toEqual(digest);
    }
    console.log(
      `${backend}, seed ${seed}: ${tried} whole bodies that are no object, ${refused} to calls that take one (all 400, no change), 0 server errors`,
    );
  }, 300_000);

  it('never answers 5xx, refuses with the error shape and no change, and stores mutated bodies of every call that changes data', async () => {
    const calls = (Object.entries(contract) as [string, Call][])
      .filter(([name, c]) => name !== 'logout' && (c.body || c.query))
      .sort(([a], [b]) => lastRank(a) - lastRank(b));
    let tried = 0;
    let refused = 0;
    let stored = 0;
    let nested = 0;
    const storedBy = new Set<string>();
    let digest = await databaseDigest(t.db);
    let reread = false;
    for (const [name, c] of calls) {
      // Before the calls that remove records or the suite's own account: every read of what the mutations stored.
      if (!reread && last.includes(name)) {
        reread = true;
        await readEverything(t);
        // A family's copy of its data is a read that audits itself (exportMyData, issue 34).
        digest = await databaseDigest(t.db);
      }
      const inBody = Boolean(c.body);
      const example = ((inBody ? c.example.body : c.example.query) ?? {}) as Record<string, unknown>;
      const known = new Set(Object.keys(example));
      const paths = [
        ...valuePaths(example),
        ...fieldNames(inBody ? c.body : c.query)
          .filter((n) => !known.has(n))
          .map((n) => [n]),
      ];
      if (paths.length === 0) continue;
      nested += paths.filter((p) => p.length > 1).length;
      await fc.assert(
        fc.asyncProperty(mutations(example, paths), async (input) => {
          tried++;
          // Raw: malformed input on purpose, in the body or the query string.
          const answer = inBody
            ? await t.call(c.method, c.path, input, tokenFor(c))
            : await t.call(c.method, `${c.path}?${queryString(input)}`, undefined, tokenFor(c));
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
        { numRuns: runsPerCall, seed },
      );
    }
    console.log(
      `${backend}, seed ${seed}: ${tried} mutated examples over ${calls.length} calls (${nested} nested fields): ${refused} refused with the error shape and no change, ${stored} accepted and stored (by ${storedBy.size} calls: ${[...storedBy].join(', ')}), 0 server errors`,
    );
    const changing = calls.filter(([name, c]) => c.method !== 'GET' && !storesNothingMutated.has(name)).map(([name]) => name);
    expect(
      changing.filter((name) => !storedBy.has(name)),
      'calls that change data but stored no mutated body',
    ).toEqual([]);
  }, 900_000);
});
