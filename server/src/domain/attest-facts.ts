import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  attestMessages,
  attestSheets,
  childAttestPeriods,
  type AttestDebtor,
  type AttestPeriod,
  type AttestSheet,
  type SubscriptionVerdict,
} from '@common/fiscal-attests.js';
import { isValidNationalNumber } from '@common/identity-numbers.js';
import { subscriptionAmounts } from '@common/money.js';
import { subscriptionDays } from '@common/participants.js';
import { compareByLastThenFirstName } from '@common/sort.js';
import { discountCentsSql, subscriptionsWithCampFamilyAndDiscounts } from './subscription-money.js';
import { readRows, type Executor } from '../db/client.js';
import { fiscalAttestChildren, fiscalAttests } from '../db/schema.js';
import { startsInYear } from '../db/sql.js';

/**
 * The facts of the fiscal attests of an income year, read from the subscriptions, attendance and payments
 * and decided by common's rules (common/src/fiscal-attests.ts): per child its periods, its attests (with
 * their numbers) or the reason it gets none.
 */

const factRow = z.object({
  subscriptionId: z.number(),
  childId: z.number(),
  cancelled: z.boolean(),
  campPriceCents: z.number(),
  discountCents: z.number(),
  paidAmountCents: z.number(),
  selectedDays: z.string().nullable(),
  activeDays: z.string(),
  flexibleBooking: z.boolean(),
  themeName: z.string(),
  locationName: z.string(),
  periodName: z.string(),
  attended: z.string(),
  childFirstname: z.string(),
  childLastname: z.string(),
  childBirthdate: z.string(),
  childNationalnr: z.string().nullable(),
  parentFirstname: z.string(),
  parentLastname: z.string(),
  parentStreet: z.string(),
  parentHousenr: z.string(),
  parentPostalcode: z.string(),
  parentCity: z.string(),
  parentCountry: z.string(),
  parentEmail: z.string(),
  parentNationalnr: z.string().nullable(),
});
type FactRow = z.output<typeof factRow>;

export interface AttestChildFacts {
  childId: number;
  firstname: string;
  lastname: string;
  birthdate: string;
  nationalNumber: string | null;
  /** The child lives with the parent of its subscriptions: the attest's child address. */
  address: { street: string; postalcode: string; city: string; country: string };
  parentEmail: string;
  severeDisability: boolean;
  ownDebtors: boolean;
  debtors: AttestDebtor[];
  periods: AttestPeriod[];
  verdicts: SubscriptionVerdict[];
  /** The attests that can be issued (a debtor without a valid national number gets none). */
  sheets: NumberedSheet[];
  missingReason: string | null;
}

export interface NumberedSheet extends AttestSheet {
  number: number;
}

/**
 * The days a subscription `s` was present, as a comma list: only days that have been (up to `today`, issue 39),
 * so presence registered ahead certifies nothing. Every attest reads attended days through this.
 */
export const attendedDaysUpTo = (today: string) =>
  sql`coalesce((select string_agg(a.day::text, ',' order by a.day) from attendance a
                where a.subscription_id = s.id and a.present and a.day <= ${today}::date), '')`;

/** The subscriptions of the camps of a year (optionally of one child), with attended days and money. */
async function readFacts(db: Executor, year: number, today: string, childId?: number): Promise<FactRow[]> {
  return readRows(
    db,
    sql`select s.id as "subscriptionId", s.child_id as "childId", s.cancelled, s.camp_price_cents as "campPriceCents",
          ${discountCentsSql} as "discountCents", s.paid_amount_cents as "paidAmountCents",
          s.selected_days as "selectedDays", c.active_days as "activeDays", c.flexible_booking_allowed as "flexibleBooking",
          th.name as "themeName", l.name as "locationName", p.name as "periodName",
          ${attendedDaysUpTo(today)} as attended,
          ch.firstname as "childFirstname", ch.lastname as "childLastname", ch.birthdate::text as "childBirthdate", ch.nationalnr as "childNationalnr",
          pa.firstname as "parentFirstname", pa.lastname as "parentLastname", pa.street as "parentStreet", pa.housenr as "parentHousenr",
          pa.postalcode as "parentPostalcode", pa.city as "parentCity", pa.country as "parentCountry", pa.email as "parentEmail",
          pa.nationalnr as "parentNationalnr"
        from ${subscriptionsWithCampFamilyAndDiscounts}
        where ${startsInYear('p.start_date', year)} ${childId === undefined ? sql`` : sql`and s.child_id = ${childId}`}
        order by s.id`,
    factRow,
  );
}

const parentDebtor = (row: FactRow): AttestDebtor => ({
  lastname: row.parentLastname,
  firstname: row.parentFirstname,
  nationalNumber: row.parentNationalnr,
  street: `${row.parentStreet} ${row.parentHousenr}`.trim(),
  postalcode: row.parentPostalcode,
  city: row.parentCity,
  country: row.parentCountry,
  sharePercent: 100,
});

const hasValidNationalNumber = (debtor: AttestDebtor) => debtor.nationalNumber !== null && isValidNationalNumber(debtor.nationalNumber);

/** Why a child with subscriptions gets no attest: the reason of its first subscription, or the debtor's missing number. */
function missingReasonOf(periods: AttestPeriod[], verdicts: SubscriptionVerdict[], sheets: AttestSheet[]): string | null {
  if (sheets.length > 0) return null;
  if (periods.length > 0) return attestMessages.noDebtorNationalNumber;
  return verdicts.find((v) => v.reason)?.reason ?? attestMessages.noAttendedDays;
}

/**
 * The attests of every child of the year (or of one child), in name order, numbered: a number is given the
 * first time an attest is made and kept, unique per income year (docs/decisions.md, 'Attests').
 */
export async function readYearAttests(db: Executor, year: number, today: string, childId?: number): Promise<AttestChildFacts[]> {
  const children = await yearAttestFacts(db, year, today, childId);
  const numbers = await attestNumbers(
    db,
    year,
    children.flatMap((c) => c.unnumbered.map((s) => ({ childId: c.childId, debtorIndex: s.debtorIndex, sheetIndex: s.sheetIndex }))),
  );
  return children.map(({ unnumbered, ...child }) => ({
    ...child,
    sheets: unnumbered.map((sheet) => ({ ...sheet, number: numbers.get(sheetKey(child.childId, sheet))! })),
  }));
}

/**
 * A child's attests of the year as staff made them, read without numbering anything: null when it gets none, or when
 * one of its attests has no number yet (staff have not made the year's attests since it stands as it does). What a
 * family downloads itself (issue 34): a family never gives an attest its number.
 */
export async function readIssuedAttests(db: Executor, year: number, today: string, childId: number): Promise<AttestChildFacts | null> {
  const [child] = await yearAttestFacts(db, year, today, childId);
  if (!child || child.unnumbered.length === 0) return null;
  const numbers = new Map(
    (await readDeclarations(db, year)).filter((r) => r.childId === childId).map((r) => [sheetKey(r.childId, r), r.number]),
  );
  if (!child.unnumbered.every((sheet) => numbers.has(sheetKey(childId, sheet)))) return null;
  const { unnumbered, ...facts } = child;
  return { ...facts, sheets: unnumbered.map((sheet) => ({ ...sheet, number: numbers.get(sheetKey(childId, sheet))! })) };
}

/** The attest facts of every child of the year (or of one child), in name order, their sheets not yet numbered. */
async function yearAttestFacts(db: Executor, year: number, today: string, childId?: number) {
  const rows = (await readFacts(db, year, today, childId)).filter((row) => !row.cancelled);
  const overrides = await db
    .select()
    .from(fiscalAttestChildren)
    .where(
      childId === undefined
        ? eq(fiscalAttestChildren.year, year)
        : and(eq(fiscalAttestChildren.year, year), eq(fiscalAttestChildren.childId, childId)),
    );
  const overrideOf = new Map(overrides.map((o) => [o.childId, o]));
  const byChild = new Map<number, FactRow[]>();
  for (const row of rows) byChild.set(row.childId, [...(byChild.get(row.childId) ?? []), row]);

  const children = [...byChild.values()].map((subscriptions) => {
    const first = subscriptions[0]!;
    const override = overrideOf.get(first.childId);
    const severeDisability = override?.severeDisability ?? false;
    const debtors = override?.debtors?.length ? override.debtors : [parentDebtor(first)];
    const { periods, verdicts } = childAttestPeriods(
      { birthdate: first.childBirthdate, severeDisability },
      subscriptions.map((s) => {
        const amounts = subscriptionAmounts({
          campPriceCents: s.campPriceCents,
          discountsCents: [s.discountCents],
          paidAmountCents: s.paidAmountCents,
        });
        return {
          subscriptionId: s.subscriptionId,
          campLabel: `${s.themeName} - ${s.locationName} - ${s.periodName}`,
          bookedDays: subscriptionDays({ activeDays: s.activeDays, flexibleBooking: s.flexibleBooking }, s.selectedDays),
          attendedDays: s.attended ? s.attended.split(',') : [],
          amountToPayCents: amounts.amountToPayCents,
          paidAmountCents: s.paidAmountCents,
          cancelled: s.cancelled,
        };
      }),
      year,
    );
    const sheets = attestSheets(periods, debtors).filter((sheet) => hasValidNationalNumber(sheet.debtor));
    return {
      childId: first.childId,
      firstname: first.childFirstname,
      lastname: first.childLastname,
      birthdate: first.childBirthdate,
      nationalNumber: first.childNationalnr,
      address: {
        street: `${first.parentStreet} ${first.parentHousenr}`.trim(),
        postalcode: first.parentPostalcode,
        city: first.parentCity,
        country: first.parentCountry,
      },
      parentEmail: first.parentEmail,
      severeDisability,
      ownDebtors: !!override?.debtors?.length,
      debtors,
      periods,
      verdicts,
      unnumbered: sheets,
      missingReason: missingReasonOf(periods, verdicts, sheets),
    };
  });
  children.sort(
    compareByLastThenFirstName(
      (c) => c.lastname,
      (c) => c.firstname,
    ),
  );
  return children;
}

export const sheetKey = (childId: number, sheet: { debtorIndex: number; sheetIndex: number }) =>
  `${childId}/${sheet.debtorIndex}/${sheet.sheetIndex}`;

type SheetId = { childId: number; debtorIndex: number; sheetIndex: number };

/**
 * The numbers of these attests, giving the next free numbers of the year (in the order asked) to those that
 * have none yet. An advisory lock per year makes two requests wait for each other instead of colliding.
 */
async function attestNumbers(db: Executor, year: number, wanted: SheetId[]): Promise<Map<string, number>> {
  const known = async (tx: Executor) =>
    new Map(
      (await tx.select().from(fiscalAttests).where(eq(fiscalAttests.year, year))).map((r) => [sheetKey(r.childId, r), r.number] as const),
    );
  let numbers = await known(db);
  if (wanted.every((w) => numbers.has(sheetKey(w.childId, w)))) return numbers;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(2816, ${year})`);
    numbers = await known(tx);
    let next = Math.max(0, ...numbers.values()) + 1;
    const missing = wanted.filter((w) => !numbers.has(sheetKey(w.childId, w)));
    if (missing.length > 0) {
      await tx.insert(fiscalAttests).values(missing.map((w) => ({ year, number: next++, ...w })));
    }
    return known(tx);
  });
}

/** The fiscal attest rows of the year: number, the sheet they stand for, and what Belcotax last received. */
export async function readDeclarations(db: Executor, year: number) {
  return db.select().from(fiscalAttests).where(eq(fiscalAttests.year, year));
}
