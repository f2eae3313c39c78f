import { setImmediate } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { centsToEuro, type Cents } from '@common/money.js';
import { z } from 'zod';
import {
  subscriptionDiscountRecord,
  type SubscriptionDiscountRecord,
  type SubscriptionListRow,
  type SubscriptionSelection,
  type SubscriptionSelectionRow,
} from '@common/schemas/subscriptions.js';
import { lunchPreferenceRecord, type LunchPreferenceRecord } from '@common/schemas/taxonomy.js';
import { matchesSearch, type SearchQuery } from '@common/search.js';
import {
  matchesFamilySearch,
  nationalNumberPartWords,
  nationalNumberWords,
  parentMatchesSomeWord,
  subscriptionSearchEntry,
} from '@common/subscription-overview.js';
import type { Role } from '@common/roles.js';
import { queryRows, readRows, type Database, type Executor } from '../../db/client.js';
import { mayFindByPartOfNationalNumber } from '../../domain/policies.js';
import { bookingDay, inList, isoTimestamp, nationalNumberDigits, startsInYear } from '../../db/sql.js';
import { moneyFields, type MoneyFields } from '../../domain/subscription-detail.js';
import { subscriptionListVersion } from '../../lib/year-answers.js';
import { discountCentsSql, joinDiscountTotals } from '../../domain/subscription-money.js';

/**
 * Reads of the subscriptions feature, in raw SQL so that each answer is one query with its joins,
 * the same on PGlite and PostgreSQL: dates and timestamps are cast to text in SQL, since the two
 * drivers parse them differently.
 */

/** The columns of a list row that travel as they are, in the order of the JSON array each row is sent as. */
const listColumns: Record<keyof Omit<SubscriptionListRow, keyof MoneyFields>, SQL> = {
  SUBSCRIPTION_ID: sql`s.id`,
  SUBSCRIPTION_REFERENCE: sql`s.reference`,
  SUBSCRIPTION_OGM: sql`s.ogm`,
  SUBSCRIPTION_PAID: sql`s.paid`,
  SUBSCRIPTION_CANCELLED: sql`s.cancelled`,
  SUBSCRIPTION_CANCELLATION_DATE: isoTimestamp('s.cancellation_date'),
  SUBSCRIPTION_SOURCE: sql`s.source`,
  PAYMENTMETHOD_ID: sql`s.payment_method_id`,
  CAMP_ID: sql`c.id`,
  THEME_ID: sql`th.id`,
  THEME_NAME: sql`th.name`,
  LOCATION_ID: sql`l.id`,
  LOCATION_NAME_SHORT: sql`l.name_short`,
  PERIOD_ID: sql`p.id`,
  PERIOD_NAME_SHORT: sql`p.name_short`,
  PERIOD_STARTDATE: sql`p.start_date`,
  PERIOD_ENDDATE: sql`p.end_date`,
  SUBSCRIBER_FIRSTNAME: sql`ch.firstname`,
  SUBSCRIBER_LASTNAME: sql`ch.lastname`,
};
const listColumnNames = Object.keys(listColumns);
/** The four money facts lead each array; the columns above follow. */
const MONEY_FACT_COUNT = 4;

function listRow(values: unknown[]): SubscriptionListRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < listColumnNames.length; i++) row[listColumnNames[i]!] = values[i + MONEY_FACT_COUNT];
  const facts = {
    CAMP_PRICE_CENTS: values[0] as Cents,
    DISCOUNT_CENTS: values[1] as Cents,
    PAID_AMOUNT_CENTS: values[2] as Cents,
    CANCELLATION_FEE_CENTS: values[3] as Cents,
  };
  return Object.assign(
    row as Omit<SubscriptionListRow, keyof MoneyFields>,
    moneyFields(facts, row.SUBSCRIPTION_PAID as boolean, row.SUBSCRIPTION_CANCELLED as boolean),
  );
}

/**
 * Every subscription of a camp year, cancelled ones included (the overview filters them): one query
 * with its joins and the discounts summed, no N+1. Each row leaves the database as one JSON array
 * text: fetching 50,000 rows of 23 columns field by field costs PGlite about twice as long. Every child
 * has a parent (a not-null foreign key), so the list does not join parents. Exported apart so that the
 * benchmark reads this same query as getSubscriptions' floor.
 */
export function subscriptionsOfYearQuery(year: number): SQL {
  return sql`
      select json_build_array(
        s.camp_price_cents, ${discountCentsSql}, s.paid_amount_cents, c.cancellation_fee_cents,
        ${sql.join(Object.values(listColumns), sql`, `)}
      )::text as row
      from periods p
      join camps c on c.period_id = p.id
      join subscriptions s on s.camp_id = c.id
      join themes th on th.id = c.theme_id
      join locations l on l.id = c.location_id
      join children ch on ch.id = s.child_id
      ${joinDiscountTotals({ campYear: year })}
      where ${startsInYear('p.start_date', year)}
      order by s.id`;
}

/**
 * Rows per fetch when a year is read. The embedded database's WASM heap grows to hold what one statement
 * answers and never gives that memory back, and the server would hold a whole year's rows, text and
 * JSON at once: a year of 50,000 read in one piece left the server 170 MB larger (docs/decisions.md).
 */
export const YEAR_CHUNK_ROWS = 2000;

const yearRow = z.object({ row: z.string() });

/**
 * Fetches a year's rows `YEAR_CHUNK_ROWS` at a time from a cursor over `subscriptionsOfYearQuery`: the chunks of
 * JSON array texts in the order of the list, and the version of the lists they were read at. One read-only
 * transaction in repeatable read, so the version and every chunk belong to one snapshot and a cached answer is
 * never labelled newer than its rows (lib/year-answers.ts). Every chunk is fetched before any is mapped, so the
 * transaction (on the embedded database: its one session, which a sign-in may be waiting for) lasts only as long
 * as the fetches. Exported apart so that the benchmark times these same fetches as getSubscriptions' floor.
 */
export async function fetchSubscriptionsOfYear(db: Database, year: number): Promise<{ chunks: string[][]; version: number }> {
  return db.transaction(
    async (tx) => {
      const version = await subscriptionListVersion(tx);
      await tx.execute(sql`declare year_rows no scroll cursor for ${subscriptionsOfYearQuery(year)}`);
      const chunks: string[][] = [];
      for (;;) {
        const chunk = await readRows(tx, sql.raw(`fetch ${YEAR_CHUNK_ROWS} from year_rows`), yearRow);
        if (chunk.length > 0) chunks.push(chunk.map((r) => r.row));
        if (chunk.length < YEAR_CHUNK_ROWS) return { chunks, version };
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Rows mapped and handed on at a time, between which the server's thread turns to its other calls: a fetched chunk of
 * 2,000 rows mapped, checked and written at once held it ~30 ms under an opening rush, each of the overview's
 * recomputes five times (a health check or a booking's next statement waited that long; issue 37).
 */
const YEAR_SLICE_ROWS = 250;

/**
 * A year's rows a slice at a time, in the order of the list, each slice handed to `onChunk` (and let go) before
 * the next is mapped, other work let in between; answers the version of the lists they were read at.
 */
export async function readSubscriptionsOfYear(
  db: Database,
  year: number,
  onChunk: (rows: SubscriptionListRow[]) => Promise<void> | void,
): Promise<number> {
  const { chunks, version } = await fetchSubscriptionsOfYear(db, year);
  let first = true;
  for (let texts = chunks.shift(); texts; texts = chunks.shift()) {
    for (let at = 0; at < texts.length; at += YEAR_SLICE_ROWS) {
      if (!first) await setImmediate();
      first = false;
      await onChunk((JSON.parse(`[${texts.slice(at, at + YEAR_SLICE_ROWS).join(',')}]`) as unknown[][]).map(listRow));
    }
  }
  return version;
}

/** A year's rows all at once, and the version of the lists they were read at. */
export async function readWholeYear(db: Database, year: number): Promise<{ rows: SubscriptionListRow[]; version: number }> {
  const rows: SubscriptionListRow[] = [];
  const version = await readSubscriptionsOfYear(db, year, (chunk) => void rows.push(...chunk));
  return { rows, version };
}

export async function listSubscriptionsOfYear(db: Database, year: number): Promise<SubscriptionListRow[]> {
  return (await readWholeYear(db, year)).rows;
}

/**
 * searchSubscriptions: the subscriptions of a camp year the query finds through a national number. For a medewerker
 * (who may not read numbers in full) only rows whose child's or parent's number is one of the query's whole-number words can be such a
 * match; otherwise (a beheerder, who may see every number) a digits-only word may be any part of a number, as in
 * the spec's search. The database picks the candidates; the one search rule of common/ then checks every word.
 */
export async function findSubscriptionsByNationalNumber(db: Executor, year: number, query: SearchQuery, role: Role): Promise<number[]> {
  // Only who may see every number finds a part of one (the national numbers' policy; docs/decisions.md).
  const wholeOnly = !mayFindByPartOfNationalNumber(role);
  const numbers = wholeOnly ? nationalNumberWords(query) : nationalNumberPartWords(query);
  if (numbers.length === 0) return [];
  const childNumber = nationalNumberDigits(sql`ch.nationalnr`);
  const parentNumber = nationalNumberDigits(sql`pa.nationalnr`);
  const wanted = sql.join(
    numbers.map((n) => sql`${n}`),
    sql`, `,
  );
  const candidate = wholeOnly
    ? sql`(${childNumber} in (${wanted}) or ${parentNumber} in (${wanted}))`
    : sql`(${sql.join(
        numbers.map((n) => sql`strpos(${childNumber}, ${n}) > 0 or strpos(${parentNumber}, ${n}) > 0`),
        sql` or `,
      )})`;
  const rows = await readRows(
    db,
    sql`
      select s.id as "SUBSCRIPTION_ID", ch.firstname as "SUBSCRIBER_FIRSTNAME", ch.lastname as "SUBSCRIBER_LASTNAME",
        s.reference as "SUBSCRIPTION_REFERENCE", s.ogm as "SUBSCRIPTION_OGM",
        ${childNumber} as child_number, ${parentNumber} as parent_number
      from periods p
      join camps c on c.period_id = p.id
      join subscriptions s on s.camp_id = c.id
      join children ch on ch.id = s.child_id
      join parents pa on pa.id = ch.parent_id
      where ${startsInYear('p.start_date', year)} and ${candidate}
      order by s.id`,
    z.object({
      SUBSCRIPTION_ID: z.number(),
      SUBSCRIBER_FIRSTNAME: z.string(),
      SUBSCRIBER_LASTNAME: z.string(),
      SUBSCRIPTION_REFERENCE: z.string(),
      SUBSCRIPTION_OGM: z.string(),
      child_number: z.string(),
      parent_number: z.string(),
    }),
  );
  return rows
    .filter((row) => {
      const numbers = [row.child_number, row.parent_number];
      return wholeOnly
        ? matchesSearch(subscriptionSearchEntry(row), query, numbers)
        : matchesSearch(subscriptionSearchEntry(row, numbers), query);
    })
    .map((row) => row.SUBSCRIPTION_ID);
}

/**
 * The subscriptions of a camp year the query finds through the family (issue 39): the parent's name, e-mail address or
 * phone number in any notation, with the child's name, reference and OGM for the other words (`matchesFamilySearch`,
 * the rule of common/). The overview's rows do not carry the parent, so the server searches them. A row the list finds
 * by itself has every word in the child's fields, so only parents with a word of the query in their own fields
 * (`parentMatchesSomeWord`) are candidates. The parents are read as one JSON text and chosen with common's rule (in
 * SQL, compacting 50,000 texts takes PGlite seconds), then their subscriptions of the year are read.
 */
export async function findSubscriptionsByFamily(db: Executor, year: number, query: SearchQuery): Promise<number[]> {
  const [{ parents } = { parents: null }] = await queryRows<{ parents: string | null }>(
    db,
    // Every parent, not only those of the year: choosing them in SQL first costs more than reading them all.
    sql`select string_agg(json_build_array(pa.id, pa.firstname, pa.lastname, pa.email, pa.phone, pa.phone2)::text, ',') as parents
        from parents pa`,
  );
  const candidates = (JSON.parse(`[${parents ?? ''}]`) as [number, string, string, string, string, string][])
    .filter(([, firstname, lastname, email, phone, phone2]) =>
      parentMatchesSomeWord(
        {
          SUBSCRIBER_PARENT_FIRSTNAME: firstname,
          SUBSCRIBER_PARENT_LASTNAME: lastname,
          SUBSCRIBER_PARENT_EMAIL: email,
          SUBSCRIBER_PARENT_PHONE: phone,
          SUBSCRIBER_PARENT_PHONE2: phone2,
        },
        query,
      ),
    )
    .map(([id]) => id);
  if (candidates.length === 0) return [];
  const rows = await readRows(
    db,
    sql`
      select s.id as "SUBSCRIPTION_ID", ch.firstname as "SUBSCRIBER_FIRSTNAME", ch.lastname as "SUBSCRIBER_LASTNAME",
        s.reference as "SUBSCRIPTION_REFERENCE", s.ogm as "SUBSCRIPTION_OGM",
        pa.firstname as "SUBSCRIBER_PARENT_FIRSTNAME", pa.lastname as "SUBSCRIBER_PARENT_LASTNAME", pa.email as "SUBSCRIBER_PARENT_EMAIL",
        pa.phone as "SUBSCRIBER_PARENT_PHONE", pa.phone2 as "SUBSCRIBER_PARENT_PHONE2"
      from parents pa
      join children ch on ch.parent_id = pa.id
      join subscriptions s on s.child_id = ch.id
      join camps c on c.id = s.camp_id
      join periods p on p.id = c.period_id
      where ${inList(sql`pa.id`, candidates, 'int')} and ${startsInYear('p.start_date', year)}
      order by s.id`,
    familySearchRow,
  );
  return rows.filter((row) => matchesFamilySearch(row, query)).map((row) => row.SUBSCRIPTION_ID);
}

const familySearchRow = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIPTION_REFERENCE: z.string(),
  SUBSCRIPTION_OGM: z.string(),
  SUBSCRIBER_PARENT_FIRSTNAME: z.string(),
  SUBSCRIBER_PARENT_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_EMAIL: z.string(),
  SUBSCRIBER_PARENT_PHONE: z.string(),
  SUBSCRIBER_PARENT_PHONE2: z.string(),
});

/**
 * searchSubscriptions (and the overview's export): the ids the overview's search finds only on the server, through a
 * national number or through the family (issue 39), in id order.
 */
export async function searchSubscriptionsOnServer(db: Executor, year: number, query: SearchQuery, role: Role): Promise<number[]> {
  const byNumber = await findSubscriptionsByNationalNumber(db, year, query, role);
  const byFamily = await findSubscriptionsByFamily(db, year, query);
  return [...new Set([...byNumber, ...byFamily])].sort((a, b) => a - b);
}

/**
 * getSubscriptionSelection: the subscriptions of a camp year (cancelled ones included, as getSubscriptions) booked
 * within the days named and given a discount whose text is the reason named, each with the sum of those discounts.
 * The overview keeps only these rows while such a filter is on; exportSubscriptions selects with it too.
 */
export async function selectSubscriptions(
  db: Executor,
  year: number,
  selection: SubscriptionSelection,
): Promise<SubscriptionSelectionRow[]> {
  const day = bookingDay('s.created_at');
  const conditions = [startsInYear('p.start_date', year)];
  if (selection.bookedFrom !== undefined) conditions.push(sql`${day} >= ${selection.bookedFrom}::date`);
  if (selection.bookedTo !== undefined) conditions.push(sql`${day} <= ${selection.bookedTo}::date`);
  const reason = selection.discountReason;
  const rows = await readRows(
    db,
    sql`
      select s.id as "SUBSCRIPTION_ID", ${reason === undefined ? sql`0` : sql`d.cents`}::int as cents
      from periods p
      join camps c on c.period_id = p.id
      join subscriptions s on s.camp_id = c.id
      ${
        reason === undefined
          ? sql``
          : sql`join (
              select subscription_id, sum(amount_cents) as cents from subscription_discounts where remark = ${reason}
              group by subscription_id
            ) d on d.subscription_id = s.id`
      }
      where ${sql.join(conditions, sql` and `)}
      order by s.id`,
    z.object({ SUBSCRIPTION_ID: z.number(), cents: z.number() }),
  );
  return rows.map((row) => ({ SUBSCRIPTION_ID: row.SUBSCRIPTION_ID, DISCOUNT_AMOUNT: centsToEuro(row.cents) }));
}

/** The discounts of one subscription, or of all when no id is given; oldest first. */
export async function listDiscounts(db: Executor, subscriptionId?: number): Promise<SubscriptionDiscountRecord[]> {
  const rows = await readRows(
    db,
    sql`
      select
        id as "SUBSCRIPTION_DISCOUNT_ID",
        subscription_id as "SUBSCRIPTION_ID",
        amount_cents as "AMOUNT_CENTS",
        remark as "SUBSCRIPTION_DISCOUNT_REMARK",
        kind as "SUBSCRIPTION_DISCOUNT_KIND",
        ${isoTimestamp('created_at')} as "SUBSCRIPTION_DISCOUNT_CREATION_DATE"
      from subscription_discounts
      ${subscriptionId === undefined ? sql`` : sql`where subscription_id = ${subscriptionId}`}
      order by subscription_id, id`,
    subscriptionDiscountRecord.omit({ SUBSCRIPTION_DISCOUNT_AMOUNT: true }).extend({ AMOUNT_CENTS: z.number() }),
  );
  return rows.map(({ AMOUNT_CENTS, ...rest }) => ({ ...rest, SUBSCRIPTION_DISCOUNT_AMOUNT: centsToEuro(AMOUNT_CENTS) }));
}

export async function listLunchPreferences(db: Executor): Promise<LunchPreferenceRecord[]> {
  return readRows(
    db,
    sql`select id as "LUNCHPREFERENCE_ID", description as "LUNCHPREFERENCE_DESCRIPTION" from lunch_preferences order by id`,
    lunchPreferenceRecord,
  );
}
