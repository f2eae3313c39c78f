/**
 * Section 8 of the benchmark: a family's booking on the public site (issue 40). `POST /api/public/book` of one
 * child into one camp, to the last byte, against its transaction (`bookBasket`: the camp's row lock, the rules, the
 * writes, the sibling discounts, the audit and the confirmation mail in the outbox) run directly in the same process
 * through the same driver: what the call adds is HTTP, the family's session, the Idempotency-Key kept with its answer,
 * and the answer read back with its EPC QR code.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { bookPayload } from '@common/schemas/public.js';
import { queryRows, type Database } from '../server/src/db/client.js';
import { camps, children, locations } from '../server/src/db/schema.js';
import { bookBasket } from '../server/src/features/public/booking.js';
import { settingsDefaults } from '../server/src/lib/settings.js';
import type { Config } from '../server/src/config.js';
import { familyParentFields } from '../tests/helpers/family.js';
import { mark, mediansInTurns, timed } from './measure.js';

const RUNS = 15;
/** The target of issue 40: the call at most this many times its transaction run directly. */
export const BOOKING_TARGET_RATIO = 2;

export interface BookingFigures {
  backend: string;
  apiMs: number;
  transactionMs: number;
  ratio: number;
}

function post(url: string, token: string, body: unknown): Promise<{ ms: number; status: number }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
          'accept-encoding': 'br, gzip',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ ms: performance.now() - start, status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * A family signed up through the call, children of its own to book one by one (a child is booked once), and a camp of
 * the seeded data's first period with seats for all of them, open, for their birth year; then the call and its
 * transaction in turns, each booking the next child.
 */
export async function measurePublicBooking(backend: string, db: Database, config: Config, baseUrl: string): Promise<BookingFigures> {
  const email = `bench-${randomUUID()}@thuis.be`;
  const signUp = await fetch(`${baseUrl}/api/public/signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'zomerkamp aan zee 2027',
      ...familyParentFields(' Bench'),
    }),
  });
  if (signUp.status !== 200) throw new Error(`signUp answered ${signUp.status}`);
  const { token } = ((await signUp.json()) as { data: { token: string } }).data;
  const [account] = await queryRows<{ accountId: number; parentId: number; sessionId: number }>(
    db,
    sql`select a.id as "accountId", a.parent_id as "parentId", s.id as "sessionId"
        from family_accounts a join family_sessions s on s.account_id = a.id where a.email = ${email}`,
  );
  if (!account) throw new Error('no family account');

  const [template] = await db.select().from(camps).orderBy(camps.id).limit(1);
  const [location] = await db.insert(locations).values({ name: 'Benchlocatie', nameShort: 'Bench' }).returning({ id: locations.id });
  const [camp] = await db
    .insert(camps)
    .values({
      ...template!,
      id: undefined,
      locationId: location!.id,
      minBirthyear: 2010,
      maxBirthyear: 2020,
      seatsAvailable: 100_000,
      closed: false,
      allowBookingFrom: null,
      flexibleBookingAllowed: false,
    })
    .returning({ id: camps.id });
  const kids = await db
    .insert(children)
    .values(
      Array.from({ length: 2 * (RUNS + 1) }, (_, i) => ({
        parentId: account.parentId,
        firstname: `Kind${i}`,
        lastname: 'Bench',
        genderId: GENDER_GIRL,
        birthdate: '2016-05-04',
        nationalnr: '',
      })),
    )
    .returning({ id: children.id });
  const next = () => kids.pop()!.id;
  const body = (childId: number) => ({ items: [{ CHILD_ID: childId, CAMP_ID: camp!.id }], PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer });
  const deps = { db, settingsDefaults: settingsDefaults(config), relay: { nudge: () => {} } };
  const family = { accountId: account.accountId, sessionId: account.sessionId, parentId: account.parentId };

  const figures = await mediansInTurns(RUNS, {
    api: async () => {
      const answer = await post(`${baseUrl}/api/public/book`, token, body(next()));
      if (answer.status !== 200) throw new Error(`book answered ${answer.status}`);
      return answer.ms;
    },
    transaction: () => timed(() => bookBasket(deps, family, bookPayload.parse(body(next())), new Date())),
  });
  return { backend, apiMs: figures.api, transactionMs: figures.transaction, ratio: figures.api / figures.transaction };
}

export function publicBookingSection(date: string, figures: BookingFigures[]): string[] {
  return [
    `## 8. A family's booking on the public site (issue 40; target: the API at most ${BOOKING_TARGET_RATIO} × its transaction run directly)`,
    '',
    `Measured ${date}; medians of ${RUNS} bookings each, the call and its transaction in turns after a warm-up of each. \`POST /api/public/book\` books one child into one camp (to the last byte, with a new Idempotency-Key); the floor is the call's transaction (\`bookBasket\`: the camp's row lock, the rules, the booking with its discounts, audit and confirmation mail in the outbox) run in the same process through the same driver. The call adds HTTP, the family's session, the kept Idempotency-Key and the answer read back with its EPC QR code.`,
    '',
    '| backend | API (ms) | its transaction (ms) | ratio | target |',
    '|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.backend} | ${f.apiMs.toFixed(1)} | ${f.transactionMs.toFixed(1)} | ${f.ratio.toFixed(2)} | ${mark(f.ratio <= BOOKING_TARGET_RATIO)} |`,
    ),
    '',
  ];
}
