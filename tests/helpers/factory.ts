import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_MAIL_TEMPLATES, GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { formatNationalNumber } from '@common/identity-numbers.js';
import { formatOgm } from '@common/ogm.js';
import type { Database } from '../../server/src/db/client.js';
import * as t from '../../server/src/db/schema.js';
import type { SubscriptionSource } from '@common/subscription-source.js';
import { defaultMailTemplates } from '../../server/src/mail/default-templates.js';

/**
 * One factory for every entity a test needs: each makes exactly the facts the test names, on rows of its
 * own, so no test depends on the ids or states the demo generator happened to produce. They work on an
 * empty database (seed 'none') as well as beside the demo data.
 */

let sequence = 0;
const next = () => ++sequence;

/** The fixed lookups every camp and subscription refers to (payment methods, mail templates); idempotent. */
export async function ensureLookups(db: Database): Promise<void> {
  await db
    .insert(t.paymentMethods)
    .values([
      { id: PAYMENT_METHOD.cash, description: 'Contante betaling' },
      { id: PAYMENT_METHOD.bankTransfer, description: 'Overschrijving' },
    ])
    .onConflictDoNothing();
  await db.insert(t.mailTemplates).values(defaultMailTemplates).onConflictDoNothing();
}

export async function createLocation(db: Database, facts: { name?: string; nameShort?: string } = {}): Promise<number> {
  const n = next();
  const [row] = await db
    .insert(t.locations)
    .values({ name: facts.name ?? `Testsporthal ${n}, Gent`, nameShort: facts.nameShort ?? `Test ${n}` })
    .returning({ id: t.locations.id });
  return row!.id;
}

export async function createTheme(db: Database, facts: { name?: string } = {}): Promise<number> {
  const [row] = await db
    .insert(t.themes)
    .values({ name: facts.name ?? `Testthema ${next()}` })
    .returning({ id: t.themes.id });
  return row!.id;
}

export async function createAgegroup(db: Database, facts: { name?: string } = {}): Promise<number> {
  const [row] = await db
    .insert(t.agegroups)
    .values({ name: facts.name ?? `Testgroep ${next()}` })
    .returning({ id: t.agegroups.id });
  return row!.id;
}

/** A week-long period starting on the given Monday (default: the first Monday of July this year). */
export async function createPeriod(db: Database, facts: { startDate?: string; name?: string } = {}): Promise<number> {
  const startDate = facts.startDate ?? firstMondayOfJuly(new Date().getFullYear());
  const end = new Date(`${startDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 4);
  const [row] = await db
    .insert(t.periods)
    .values({ name: facts.name ?? `Testweek ${next()}`, nameShort: 'Test', startDate, endDate: end.toISOString().slice(0, 10) })
    .returning({ id: t.periods.id });
  return row!.id;
}

function firstMondayOfJuly(year: number): string {
  const day = new Date(Date.UTC(year, 6, 1));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

export interface CampFacts {
  locationId?: number;
  periodId?: number;
  themeId?: number;
  agegroupId?: number;
  priceCents?: number;
  seatsAvailable?: number;
  closed?: boolean;
  /** MIN_BIRTHYEAR and MAX_BIRTHYEAR; by default 12 to 6 years before this year. */
  birthYears?: [number, number];
  /** ACTIVE_DAYS, a comma list of dates. */
  activeDays?: string;
  flexibleBooking?: boolean;
}

/** A camp on its own location, period, theme and age group unless the test names them. */
export async function createCamp(db: Database, facts: CampFacts = {}): Promise<number> {
  await ensureLookups(db);
  const year = new Date().getFullYear();
  const [row] = await db
    .insert(t.camps)
    .values({
      locationId: facts.locationId ?? (await createLocation(db)),
      periodId: facts.periodId ?? (await createPeriod(db)),
      themeId: facts.themeId ?? (await createTheme(db)),
      agegroupId: facts.agegroupId ?? (await createAgegroup(db)),
      minBirthyear: facts.birthYears?.[0] ?? year - 12,
      maxBirthyear: facts.birthYears?.[1] ?? year - 6,
      priceCents: facts.priceCents ?? 15000,
      seatsAvailable: facts.seatsAvailable ?? 40,
      closed: facts.closed ?? false,
      activeDays: facts.activeDays ?? '',
      flexibleBookingAllowed: facts.flexibleBooking ?? false,
      emailTemplateConfirm: DEFAULT_MAIL_TEMPLATES.confirm,
      emailTemplateCancel: DEFAULT_MAIL_TEMPLATES.cancel,
      emailTemplateConvertCash: DEFAULT_MAIL_TEMPLATES.convertCash,
      emailTemplateConvertBankTransfer: DEFAULT_MAIL_TEMPLATES.convertBankTransfer,
    })
    .returning({ id: t.camps.id });
  return row!.id;
}

export async function createMonitor(
  db: Database,
  facts: { firstname?: string; lastname?: string; email?: string; locationIds?: number[] } = {},
): Promise<number> {
  const n = next();
  const locations = facts.locationIds ?? [];
  const [row] = await db
    .insert(t.monitors)
    .values({
      firstname: facts.firstname ?? 'Testmonitor',
      lastname: facts.lastname ?? `Nummer ${n}`,
      email: facts.email ?? `monitor${n}@voorbeeld.be`,
      phone: '0475 12 34 56',
      campLocation1: locations[0] ?? null,
      campLocation2: locations[1] ?? null,
      campLocation3: locations[2] ?? null,
    })
    .returning({ id: t.monitors.id });
  return row!.id;
}

export interface SubscriptionFacts {
  campId?: number;
  priceCents?: number;
  discounts?: { kind: 'booking' | 'selected-days' | 'extra'; amountCents: number; remark?: string }[];
  paidAmountCents?: number;
  paid?: boolean;
  paymentDate?: string | null;
  paymentMethodId?: number;
  paidAccountNr?: string | null;
  cancelled?: boolean;
  childFirstname?: string;
  childLastname?: string;
  parentEmail?: string;
  parentPhone2?: string;
  childBirthdate?: string;
  lunchPreferenceId?: number | null;
  remark?: string | null;
  selectedDays?: string | null;
  /** Where the booking came from (issue 40); by phone when not named. */
  source?: SubscriptionSource;
}

export interface CreatedSubscription {
  subscriptionId: number;
  childId: number;
  parentId: number;
  campId: number;
  reference: string;
  ogm: string;
  childFirstname: string;
  childLastname: string;
  parentEmail: string;
}

/**
 * A subscription with exactly the money facts a test names, on a fresh child and parent. Defaults: a € 150
 * price, nothing paid, transfer, on the given camp (else the first camp there is, else a new one).
 */
export async function createSubscription(db: Database, facts: SubscriptionFacts = {}): Promise<CreatedSubscription> {
  const n = next();
  await ensureLookups(db);
  const campId =
    facts.campId ?? (await db.select({ id: t.camps.id }).from(t.camps).orderBy(asc(t.camps.id)).limit(1))[0]?.id ?? (await createCamp(db));
  const [{ nextId } = { nextId: 1 }] = await db
    .select({ nextId: sql<number>`coalesce(max(${t.subscriptions.id}), 0)::int + 1` })
    .from(t.subscriptions);
  const [parent] = await db
    .insert(t.parents)
    .values({
      firstname: 'Sofie',
      lastname: facts.childLastname ?? 'Testouder',
      street: 'Kerkstraat',
      housenr: '12',
      postalcode: '9000',
      city: 'Gent',
      country: 'België',
      phone: '0475 12 34 56',
      phone2: facts.parentPhone2 ?? '',
      email: facts.parentEmail ?? `ouder${n}@voorbeeld.be`,
      nationalnr: formatNationalNumber('1984-03-15', 100 + (n % 800)),
    })
    .returning({ id: t.parents.id });
  const [child] = await db
    .insert(t.children)
    .values({
      parentId: parent!.id,
      firstname: facts.childFirstname ?? 'Lotte',
      lastname: facts.childLastname ?? 'Testkind',
      genderId: GENDER_GIRL,
      birthdate: facts.childBirthdate ?? '2016-05-04',
      nationalnr: formatNationalNumber(facts.childBirthdate ?? '2016-05-04', 2 * (1 + (n % 400))),
    })
    .returning({ id: t.children.id });
  const reference = `TEST-${nextId}-${n}`;
  const ogm = formatOgm(7_000_000_000 + nextId * 1000 + (n % 1000));
  const [subscription] = await db
    .insert(t.subscriptions)
    .values({
      reference,
      ogm,
      campId,
      childId: child!.id,
      campPriceCents: facts.priceCents ?? 15000,
      paidAmountCents: facts.paidAmountCents ?? 0,
      paid: facts.paid ?? false,
      paymentDate: facts.paymentDate ?? null,
      paymentMethodId: facts.paymentMethodId ?? PAYMENT_METHOD.bankTransfer,
      paidAccountNr: facts.paidAccountNr ?? null,
      cancelled: facts.cancelled ?? false,
      cancellationDate: facts.cancelled ? new Date().toISOString() : null,
      lunchPreferenceId: facts.lunchPreferenceId ?? null,
      remark: facts.remark ?? null,
      selectedDays: facts.selectedDays ?? null,
      source: facts.source ?? 'phone',
    })
    .returning({ id: t.subscriptions.id });
  const subscriptionId = subscription!.id;
  if (facts.discounts?.length) {
    await db
      .insert(t.subscriptionDiscounts)
      .values(
        facts.discounts.map((d) => ({ subscriptionId, kind: d.kind, amountCents: d.amountCents, remark: d.remark ?? 'Testkorting' })),
      );
  }
  return {
    subscriptionId,
    childId: child!.id,
    parentId: parent!.id,
    campId,
    reference,
    ogm,
    childFirstname: facts.childFirstname ?? 'Lotte',
    childLastname: facts.childLastname ?? 'Testkind',
    parentEmail: facts.parentEmail ?? `ouder${n}@voorbeeld.be`,
  };
}

/** The stored row of a subscription, to read back what a call or a screen did. */
export async function readSubscription(db: Database, id: number) {
  const [row] = await db.select().from(t.subscriptions).where(eq(t.subscriptions.id, id));
  return row;
}

/** The mails queued for a subscription, oldest first. */
export function mailsOf(db: Database, subscriptionId: number) {
  return db
    .select({ recipient: t.mailOutbox.recipient, templateId: t.mailOutbox.templateId })
    .from(t.mailOutbox)
    .where(eq(t.mailOutbox.subscriptionId, subscriptionId))
    .orderBy(asc(t.mailOutbox.id));
}

/** The discounts of a subscription, oldest first. */
export function discountsOf(db: Database, subscriptionId: number) {
  return db
    .select({ amountCents: t.subscriptionDiscounts.amountCents, remark: t.subscriptionDiscounts.remark })
    .from(t.subscriptionDiscounts)
    .where(eq(t.subscriptionDiscounts.subscriptionId, subscriptionId))
    .orderBy(asc(t.subscriptionDiscounts.id));
}

/** A valid updateSubscriberParent payload for this parent: everything differs from the factory's parent. */
export const parentPayload = (parentId: number) => ({
  SUBSCRIBER_PARENT_ID: parentId,
  SUBSCRIBER_PARENT_FIRSTNAME: 'Annelies',
  SUBSCRIBER_PARENT_LASTNAME: 'De Smet',
  SUBSCRIBER_PARENT_STREET: 'Molenstraat',
  SUBSCRIBER_PARENT_HOUSENR: '7',
  SUBSCRIBER_PARENT_POSTALCODE: '3000',
  SUBSCRIBER_PARENT_CITY: 'Leuven',
  SUBSCRIBER_PARENT_COUNTRY: 'België',
  SUBSCRIBER_PARENT_PHONE: '+32 475 12 34 56',
  SUBSCRIBER_PARENT_PHONE2: '016/12.34.56',
  SUBSCRIBER_PARENT_EMAIL: 'annelies.desmet@voorbeeld.be',
});
