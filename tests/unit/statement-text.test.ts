import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { statementOf } from '../../server/src/db/client.js';
import * as t from '../../server/src/db/schema.js';

/** Drizzle's builders, for the statements they make: nothing here is sent to a database. */
const db = drizzle({ client: {} as never, schema: t });
const drizzleText = (query: SQL) => new PgDialect().sqlToQuery(query);

/**
 * statementOf (server/src/db/client.ts) writes the statements of this codebase without drizzle's general compiler
 * (issue 37): whatever it writes must be what drizzle writes, text and parameters, or the database runs another
 * statement than the one the code says.
 */
describe("a statement's text and parameters, as drizzle writes them (issue 37)", () => {
  // A new builder each time: drizzle's `returning()` changes the builder it is called on.
  const subscriptionInsert = () =>
    db.insert(t.subscriptions).values({
      id: 9,
      reference: '2027-9',
      ogm: '000/0000/00909',
      campId: 1,
      childId: 2,
      campPriceCents: 12500,
      paymentMethodId: 2,
    } as never);
  const statements: [string, SQL][] = [
    [
      'raw SQL with plain values, null and nested SQL',
      sql`select ${1} as a, ${'b'} as b, ${null} as c, ${true} as d where x in (${sql`select ${2}`})`,
    ],
    ['a list of values in raw SQL', sql`select * from camps where id in ${[3, 4, 5]}`],
    [
      "an insert by drizzle's builder: typed values, json, null, and defaults for what it leaves out",
      db
        .insert(t.auditLog)
        .values({
          adminId: null,
          action: 'bookOnline',
          entity: 'subscription',
          entityId: 7,
          before: null,
          after: { a: 1, b: 'x"y' },
        } as never)
        .getSQL(),
    ],
    [
      'two inserts, one of two rows, in one statement (writeTogether)',
      sql`with w0 as (${subscriptionInsert().getSQL()}) ${db
        .insert(t.subscriptionDiscounts)
        .values([
          { subscriptionId: 9, kind: 'sibling', amountCents: 500 },
          { subscriptionId: 9, kind: 'days', amountCents: 250, remark: 'drie dagen' },
        ] as never)
        .getSQL()}`,
    ],
    [
      'an insert returning its id, with a date the column maps',
      db
        .insert(t.vouchers)
        .values({ token: 'v-1', campId: 1, type: 'rush', expiresAt: new Date('2027-07-01T08:00:00Z') })
        .onConflictDoNothing()
        .returning({ id: t.vouchers.id })
        .getSQL(),
    ],
    ["an insert returning every column (a booking's insert, writeBooking)", subscriptionInsert().returning().getSQL()],
    [
      'an update with columns in its condition',
      db
        .update(t.mailOutbox)
        .set({ status: 'sent', sentAt: '2027-07-01T08:00:00.000Z', error: null })
        .where(and(eq(t.mailOutbox.id, 4), inArray(t.mailOutbox.status, ['outbox', 'failed'])))
        .getSQL(),
    ],
    ['a select by the builder', db.select({ id: t.camps.id }).from(t.camps).where(eq(t.camps.closed, false)).getSQL()],
    ['a date as a plain value (drizzle compiles it)', sql`select ${new Date('2027-07-01T08:00:00Z')} as at`],
    [
      'an aliased table (drizzle compiles it)',
      (() => {
        const other = alias(t.camps, 'other');
        return db.select({ id: other.id }).from(other).where(eq(other.id, 1)).getSQL();
      })(),
    ],
    ['inlined values (drizzle compiles them)', sql`select ${sql`${'a'}`.inlineParams()} as a`],
  ];

  // Drizzle's answer carries the parameters' `typings` as well, which node-postgres does not read: a statement that
  // statementOf writes itself is its text and parameters only, one it leaves to drizzle is drizzle's whole answer.
  it.each(statements.slice(0, 8))('%s', (_, statement) => {
    const { sql: text, params } = drizzleText(statement);
    expect(statementOf(statement)).toStrictEqual({ sql: text, params });
  });
  it.each(statements.slice(8))('%s', (_, statement) => {
    expect(statementOf(statement)).toStrictEqual(drizzleText(statement));
  });
});
