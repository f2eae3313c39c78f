import { count, eq, getTableColumns, max, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { todayInBelgium } from '@common/calendar.js';
import {
  DEFAULT_MAIL_TEMPLATES,
  FIRST_CAMP_YEAR,
  GENDER_BOY,
  GENDER_GIRL,
  PAYMENT_METHOD,
  REMINDER_MAIL_TEMPLATE,
} from '@common/constants.js';
import { belgianIban, formatNationalNumber } from '@common/identity-numbers.js';
import { formatOgm } from '@common/ogm.js';
import { REFERENCE_OGM_BASE, selectedDaysRemark, subscriptionReference } from '@common/registration.js';
import { queryRows, type Database, type Executor, type Transaction } from '../db/client.js';
import { jsonParam } from '../db/sql.js';
import { seatsTakenPerCamp } from '../domain/seats.js';
import * as t from '../db/schema.js';
import { loadConfig } from '../config.js';
import { addAdmin } from '../features/auth/service.js';
import { settingsDefaults, type OrganiserSettings } from '../lib/settings.js';
import { defaultMailTemplates } from '../mail/default-templates.js';

/** The demo administrator that `npm start` prints on a database it filled itself. */
export const DEMO_ADMIN = { email: 'admin@kampbeheer.be', password: 'kampbeheer-demo' };

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same demo data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, maxInclusive: number) => min + Math.floor(next() * (maxInclusive - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof createRandom>;

const LOCATIONS = [
  { name: 'Sporthal De Brug, Gent', nameShort: 'Gent' },
  { name: 'Sportcentrum Olympia, Brugge', nameShort: 'Brugge' },
  { name: 'Sportoase Philipssite, Leuven', nameShort: 'Leuven' },
  { name: 'Sportpark Wilrijkse Plein, Antwerpen', nameShort: 'Antwerpen' },
  { name: 'Sporthal De Nekker, Mechelen', nameShort: 'Mechelen' },
  { name: 'Sportcampus Lange Munte, Kortrijk', nameShort: 'Kortrijk' },
];
const THEMES = ['Multisport', 'Voetbal', 'Zwemmen & spel', 'Dans & beweging', 'Tennis', 'Avonturensport', 'Circus', 'Balsporten'];
const AGEGROUPS = ['Kleuters (3-5 jaar)', 'Kinderen (6-8 jaar)', 'Kinderen (9-12 jaar)', 'Tieners (12-15 jaar)'];
const AGE_RANGES: [number, number][] = [
  [3, 5],
  [6, 8],
  [9, 12],
  [12, 15],
];
const LUNCH_PREFERENCES = ['Eigen lunchpakket', 'Warme maaltijd', 'Vegetarische maaltijd', 'Halal maaltijd'];
const GIRLS = [
  'Emma',
  'Céline',
  'Louise',
  'Olivia',
  'Mila',
  'Noor',
  'Elise',
  'Marie',
  'Lotte',
  'Fien',
  'Hanne',
  'Zoë',
  'Lena',
  'Amélie',
  'Nora',
  'Yasmina',
  'Julie',
  'Ella',
];
const BOYS = [
  'Noah',
  'Liam',
  'Arthur',
  'Lucas',
  'Louis',
  'Jules',
  'Finn',
  'Mats',
  'Vic',
  'Warre',
  'Stan',
  'Lars',
  'Rayan',
  'Senne',
  'Wout',
  'Emre',
  'Lowie',
  'Ferre',
];
const ADULTS = [
  'Sarah',
  'Tom',
  'Annelies',
  'Pieter',
  'Katrien',
  'Bart',
  'Sofie',
  'Jeroen',
  'Leen',
  'Kristof',
  'Nathalie',
  'Mohamed',
  'Fatma',
  'Wim',
  'Evelien',
  'Dries',
];
const LAST_NAMES = [
  'Peeters',
  'Janssens',
  'Maes',
  'Jacobs',
  'Mertens',
  'Willems',
  'Claes',
  'Goossens',
  'Wouters',
  'De Smet',
  "D'Hondt",
  'Van den Broeck',
  'Çelik',
  'De Vos',
  'Vermeulen',
  'Van Damme',
  'Dubois',
  'Lambert',
  'El Amrani',
  'Yilmaz',
  'De Clercq',
  'Verhoeven',
  'Van de Velde',
  "D'Haese",
  'Vandenberghe',
  'Desmet',
  'Coppens',
  'Pauwels',
  'Hermans',
  'Van Acker',
  'Verbeke',
  'Lemmens',
  'Smets',
  'Declercq',
  'Martens',
  'Öztürk',
  'Van Looy',
  'Aerts',
];
const STREETS = [
  'Kerkstraat',
  'Stationsstraat',
  'Dorpsstraat',
  'Molenstraat',
  'Schoolstraat',
  'Nieuwstraat',
  'Kapelstraat',
  'Veldstraat',
  'Beekstraat',
  'Lindenlaan',
];
const CITIES: [string, string][] = [
  ['9000', 'Gent'],
  ['8000', 'Brugge'],
  ['3000', 'Leuven'],
  ['2000', 'Antwerpen'],
  ['2800', 'Mechelen'],
  ['8500', 'Kortrijk'],
  ['9300', 'Aalst'],
  ['3500', 'Hasselt'],
  ['9100', 'Sint-Niklaas'],
  ['2300', 'Turnhout'],
];
const EXTRA_DISCOUNT_REASONS = ['Eigen lunchpakket', 'Axibonnen', 'Moni korting', 'Vrijetijdspas', 'Halve dag'];

const iso = (d: Date) => d.toISOString().slice(0, 10);
function mondayOnOrAfter(year: number, month: number, day: number): Date {
  const d = new Date(Date.UTC(year, month - 1, day));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The holiday periods of one year, each Monday to Friday. */
function periodsOfYear(year: number) {
  const weeks: { name: string; nameShort: string; start: Date }[] = [
    { name: 'Krokusvakantie', nameShort: 'Krokus', start: mondayOnOrAfter(year, 2, 23) },
    { name: 'Paasvakantie week 1', nameShort: 'Pasen 1', start: mondayOnOrAfter(year, 4, 1) },
    { name: 'Paasvakantie week 2', nameShort: 'Pasen 2', start: addDays(mondayOnOrAfter(year, 4, 1), 7) },
    ...Array.from({ length: 8 }, (_, i) => ({
      name: `Zomer week ${i + 1}`,
      nameShort: `Zomer ${i + 1}`,
      start: addDays(mondayOnOrAfter(year, 7, 1), 7 * i),
    })),
    { name: 'Herfstvakantie', nameShort: 'Herfst', start: mondayOnOrAfter(year, 10, 27) },
  ];
  return weeks.map((w) => ({ name: w.name, nameShort: w.nameShort, startDate: iso(w.start), endDate: iso(addDays(w.start, 4)) }));
}

/** Families living abroad (near the border, as real camps have them): Belcotax knows each country. */
const ABROAD = [
  { street: 'Ginnekenweg', postalcode: '4811 AB', city: 'Breda', country: 'Nederland', phone: '+31 6 12 34 56 78' },
  { street: 'Rue Nationale', postalcode: '59000', city: 'Lille', country: 'Frankrijk', phone: '+33 6 12 34 56 78' },
  { street: 'Rue de la Gare', postalcode: 'L-1611', city: 'Luxemburg', country: 'Luxemburg', phone: '+352 621 123 456' },
  { street: 'Pontstraße', postalcode: '52062', city: 'Aachen', country: 'Duitsland', phone: '+49 151 2345 6789' },
];

/**
 * One family in 40 lives abroad, chosen by its subscription's number (so the other demo values stay as they were):
 * a foreign address and phone. The parent keeps a Belgian national number (a border worker taxed in Belgium), so the
 * child's attest and the Belcotax file carry a foreign address.
 */
function abroad(number: number) {
  if (number % 40 !== 7) return {};
  const place = ABROAD[Math.floor(number / 40) % ABROAD.length]!;
  return { ...place, phone2: '' };
}

function phoneNumber(random: Random): string {
  return `04${random.int(70, 99)} ${random.int(10, 99)} ${random.int(10, 99)} ${random.int(10, 99)}`;
}

export interface SeedOptions {
  /** Subscriptions per camp year; the demo has a few thousand a year. */
  subscriptionsPerYear?: number;
  years?: number[];
  seed?: number;
  /**
   * The environment's first-start settings (sender, public site, account), which the demo's saved settings keep;
   * by default those of the process's environment.
   */
  settings?: OrganiserSettings;
}

/**
 * Lookups, templates, monitors and the demo administrator; then camps and subscriptions for every year.
 * One transaction: a process that dies half-way leaves the database as empty as it found it.
 */
export async function seedDemoData(db: Executor, options: SeedOptions = {}): Promise<void> {
  await db.transaction((tx) => fillDemoData(tx, options));
}

async function fillDemoData(db: Transaction, options: SeedOptions): Promise<void> {
  const random = createRandom(options.seed ?? 20250701);
  const currentYear = new Date().getFullYear();
  const years = options.years ?? Array.from({ length: currentYear + 1 - FIRST_CAMP_YEAR + 1 }, (_, i) => FIRST_CAMP_YEAR + i);

  await db.insert(t.paymentMethods).values([
    { id: PAYMENT_METHOD.cash, description: 'Contante betaling' },
    { id: PAYMENT_METHOD.bankTransfer, description: 'Overschrijving' },
  ]);
  await db.insert(t.mailTemplates).values(defaultMailTemplates).onConflictDoNothing();
  await db.insert(t.locations).values(
    LOCATIONS.map((l, i) => ({
      ...l,
      // One location opens bookings on a fixed date with an explanation: its camps inherit both.
      allowBookingFrom: i === 0 ? `${currentYear + 1}-02-01T08:00:00.000Z` : null,
      allowBookingInfo: i === 0 ? 'Inschrijvingen openen op 1 februari om 9 uur.' : null,
    })),
  );
  await db.insert(t.themes).values(THEMES.map((name) => ({ name })));
  await db.insert(t.agegroups).values(AGEGROUPS.map((name, i) => ({ name, minAge: AGE_RANGES[i]![0], maxAge: AGE_RANGES[i]![1] })));
  await db.insert(t.lunchPreferences).values(LUNCH_PREFERENCES.map((description) => ({ description })));
  await db.insert(t.periods).values(years.flatMap(periodsOfYear));
  await seedMonitors(db, random);
  await addAdmin(db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const year of years) await seedSubscriptions(db, { year, count: options.subscriptionsPerYear ?? 2000, random });
  await seedSeasonLife(db, options.settings ?? settingsDefaults(loadConfig()));
}

async function seedMonitors(db: Executor, random: Random) {
  const locationRows = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id);
  // One e-mail address per monitor (the server refuses a second): a repeated name gets a number.
  const emailsInUse = new Set<string>();
  const uniqueEmail = (name: string) => {
    let email = `${name}@monitor.be`;
    for (let n = 2; emailsInUse.has(email); n++) email = `${name}${n}@monitor.be`;
    emailsInUse.add(email);
    return email;
  };
  const monitors = Array.from({ length: 30 }, (_, i) => {
    const girl = i % 2 === 0;
    const firstname = random.pick(girl ? GIRLS : BOYS);
    const lastname = random.pick(LAST_NAMES);
    const [postalcode, city] = random.pick(CITIES);
    const birthdate = `${random.int(1995, 2007)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    const locs = [...locationRows].sort(() => random.next() - 0.5).slice(0, random.int(1, 3));
    return {
      firstname,
      lastname,
      email: uniqueEmail(
        `${firstname}.${lastname}`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z.]/g, ''),
      ),
      phone: phoneNumber(random),
      remark: random.chance(0.5)
        ? random.pick(['Heeft EHBO-attest', 'Enkel in de zomer', 'Hoofdmonitor', 'Animator in opleiding', 'Zwemredder'])
        : null,
      birthdate,
      nationalnr: formatNationalNumber(birthdate, random.int(1, 996)),
      accountNr: random.chance(0.7) ? belgianIban(random.int(1, 9_999_999_999)) : null,
      street: random.pick(STREETS),
      housenr: String(random.int(1, 180)),
      postalcode,
      city,
      campLocation1: locs[0]?.id ?? null,
      campLocation2: locs[1]?.id ?? null,
      campLocation3: locs[2]?.id ?? null,
    };
  });
  await db.insert(t.monitors).values(monitors);
}

/**
 * Adds `count` subscriptions to camps of `year` (creating the year's periods and camps when missing),
 * in every payment state, some cancelled. The benchmark uses it for years of 10,000 and 50,000.
 */
/**
 * Inserts rows of a table (each with the same fields) as one JSON parameter and answers their ids in the order of
 * `rows`. A `values()` of 500 rows binds thousands of parameters, which on PGlite took 3 to 4 times as long
 * (10,000 parents: 3.1–5.8 s against 1.0–1.4 s).
 */
async function insertRows<T extends PgTable>(db: Executor, table: T, rows: T['$inferInsert'][]): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const fields = Object.keys(rows[0]!);
  const names = sql.raw(fields.map((field) => `"${columns[field]!.name}"`).join(', '));
  const records = rows.map((row) =>
    Object.fromEntries(fields.map((field) => [columns[field]!.name, (row as Record<string, unknown>)[field] ?? null])),
  );
  const inserted = await queryRows<{ id: number }>(
    db,
    sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${jsonParam(records)}) returning id`,
  );
  return inserted.map((row) => row.id);
}

export async function seedSubscriptions(db: Executor, options: { year: number; count: number; random?: Random }): Promise<void> {
  const random = options.random ?? createRandom(options.year * 7919 + options.count);
  const { year } = options;
  let periodRows = await db
    .select()
    .from(t.periods)
    .where(sql`extract(year from ${t.periods.startDate}) = ${year}`);
  if (periodRows.length === 0) periodRows = await db.insert(t.periods).values(periodsOfYear(year)).returning();
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const locationRows = await db.select().from(t.locations).orderBy(t.locations.id);
  const themeRows = await db.select().from(t.themes).orderBy(t.themes.id);
  const agegroupRows = await db.select().from(t.agegroups).orderBy(t.agegroups.id);
  const lunchRows = await db.select().from(t.lunchPreferences).orderBy(t.lunchPreferences.id);

  // Enough camps that most have a few open seats; a handful end up full.
  const campsNeeded = Math.max(6, Math.ceil(options.count / 32));
  // The server refuses a second camp with the same location, period, theme and age group: a drawn twin moves on
  // to the next free age group and theme (only when every one is taken does a twin remain, in huge benchmark years).
  const campKeys = new Set((await db.select().from(t.camps)).map((c) => `${c.locationId}/${c.periodId}/${c.themeId}/${c.agegroupId}`));
  const freeThemeAndAgegroup = (locationId: number, periodId: number, themeIndex: number, agegroupIndex: number) => {
    for (let step = 0; step < themeRows.length * agegroupRows.length; step++) {
      const a = (agegroupIndex + step) % agegroupRows.length;
      const th = (themeIndex + Math.floor((agegroupIndex + step) / agegroupRows.length)) % themeRows.length;
      const key = `${locationId}/${periodId}/${themeRows[th]!.id}/${agegroupRows[a]!.id}`;
      if (!campKeys.has(key)) {
        campKeys.add(key);
        return [th, a] as const;
      }
    }
    return [themeIndex, agegroupIndex] as const;
  };
  const campValues = Array.from({ length: campsNeeded }, (_, i) => {
    const period = periodRows[i % periodRows.length]!;
    const drawnAgegroup = random.int(0, agegroupRows.length - 1);
    const flexible = random.chance(0.25);
    const days = Array.from({ length: 5 }, (_, d) => iso(addDays(new Date(`${period.startDate}T00:00:00Z`), d)));
    const locationId = locationRows[Math.floor(i / periodRows.length) % locationRows.length]!.id;
    const drawnTheme = themeRows.indexOf(random.pick(themeRows));
    const [themeIndex, agegroupIndex] = freeThemeAndAgegroup(locationId, period.id, drawnTheme, drawnAgegroup);
    const [minAge, maxAge] = AGE_RANGES[agegroupIndex] ?? [6, 12];
    return {
      locationId,
      periodId: period.id,
      themeId: themeRows[themeIndex]!.id,
      agegroupId: agegroupRows[agegroupIndex]!.id,
      minBirthyear: year - maxAge,
      maxBirthyear: year - minAge,
      priceCents: random.pick([9500, 11000, 12500, 13500, 14500, 16000, 17500]),
      seatsAvailable: random.pick([30, 36, 40, 44, 48]),
      closed: random.chance(0.08),
      activeDays: days.join(','),
      discountAllowed: random.chance(0.5),
      discountSelectedDaysAllowed: flexible,
      flexibleBookingAllowed: flexible,
      minimumContiguousDays: flexible ? 2 : 0,
      minimumRequiredDays: flexible ? 2 : 0,
      maximumAllowedDays: flexible ? 5 : 0,
      reductionToEarnCents: 500,
      fiscalMaxReductionCents: 1500,
      remark: random.chance(0.2) ? 'Zwemgerief meebrengen op woensdag.' : null,
      emailTemplateConfirm: DEFAULT_MAIL_TEMPLATES.confirm,
      emailTemplateCancel: DEFAULT_MAIL_TEMPLATES.cancel,
      emailTemplateConvertCash: DEFAULT_MAIL_TEMPLATES.convertCash,
      emailTemplateConvertBankTransfer: DEFAULT_MAIL_TEMPLATES.convertBankTransfer,
    };
  });
  const campRows = await db.insert(t.camps).values(campValues).returning();
  const taken = new Map<number, number>();

  const [{ lastId } = { lastId: 0 }] = await db.select({ lastId: max(t.subscriptions.id) }).from(t.subscriptions);
  let sequence = (lastId ?? 0) + 1;
  const batchSize = 500;
  for (let start = 0; start < options.count; start += batchSize) {
    const size = Math.min(batchSize, options.count - start);
    const people = Array.from({ length: size }, (_, j) => {
      const lastname = random.pick(LAST_NAMES);
      const [postalcode, city] = random.pick(CITIES);
      const parentBirth = `${random.int(1975, 1992)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
      const parentFirst = random.pick(ADULTS);
      const parent = {
        firstname: parentFirst,
        lastname,
        street: random.pick(STREETS),
        housenr: String(random.int(1, 220)) + (random.chance(0.1) ? random.pick(['A', 'B', ' bus 2']) : ''),
        postalcode,
        city,
        country: 'België',
        phone: phoneNumber(random),
        phone2: random.chance(0.5) ? phoneNumber(random) : '',
        email:
          `${parentFirst}.${lastname}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z.]/g, '') + `${random.int(1, 99)}@voorbeeld.be`,
        nationalnr: formatNationalNumber(parentBirth, random.int(1, 996)),
      };
      return { parent: { ...parent, ...abroad(sequence + j) }, lastname };
    });
    const parentIds = await insertRows(
      db,
      t.parents,
      people.map((p) => p.parent),
    );

    const campOfRow = people.map(() => {
      // Fill camps unevenly, but never beyond their seats while another camp has room. A seat counts as taken when
      // it is picked, not when its batch is written: else a batch of 500 booked a nearly full camp beyond its seats.
      let camp: (typeof campRows)[number] | undefined;
      for (let attempt = 0; attempt < 10 && !camp; attempt++) {
        const picked = random.pick(campRows);
        if ((taken.get(picked.id) ?? 0) < picked.seatsAvailable) camp = picked;
      }
      camp ??= campRows.reduce((a, b) => ((taken.get(a.id) ?? 0) - a.seatsAvailable <= (taken.get(b.id) ?? 0) - b.seatsAvailable ? a : b));
      taken.set(camp.id, (taken.get(camp.id) ?? 0) + 1);
      return camp;
    });
    const childValues = people.map((p, i) => {
      const camp = campOfRow[i]!;
      const girl = random.chance(0.5);
      const birthdate = `${random.int(camp.minBirthyear, camp.maxBirthyear)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
      const seq = random.int(1, 498) * 2 - (girl ? 0 : 1);
      return {
        parentId: parentIds[i]!,
        firstname: random.pick(girl ? GIRLS : BOYS),
        lastname: p.lastname,
        genderId: girl ? GENDER_GIRL : GENDER_BOY,
        birthdate,
        nationalnr: formatNationalNumber(birthdate, seq),
      };
    });
    const childIds = await insertRows(db, t.children, childValues);

    const discounts: { index: number; kind: 'booking' | 'selected-days' | 'extra'; amountCents: number; remark: string }[] = [];
    const subscriptionValues = childIds.map((childId, i) => {
      const camp = campOfRow[i]!;
      const cancelled = random.chance(0.05);
      // A cancelled booking frees the seat its pick counted.
      if (cancelled) taken.set(camp.id, taken.get(camp.id)! - 1);
      let discountCents = 0;
      let selectedDays: string | null = null;
      if (camp.flexibleBookingAllowed) {
        const days = camp.activeDays.split(',');
        const chosen = days.filter(() => random.chance(0.7));
        selectedDays = (chosen.length >= 2 ? chosen : days.slice(0, 2)).join(',');
        const missing = days.length - selectedDays.split(',').length;
        if (missing > 0) {
          const amount = Math.round((camp.priceCents / days.length) * missing);
          discounts.push({ index: i, kind: 'selected-days', amountCents: amount, remark: selectedDaysRemark(missing) });
          discountCents += amount;
        }
      }
      if (camp.discountAllowed && random.chance(0.2)) {
        discounts.push({ index: i, kind: 'booking', amountCents: 1000, remark: 'Korting broer of zus' });
        discountCents += 1000;
      }
      if (random.chance(0.06)) {
        const amount = random.pick([500, 1000, 1500]);
        discounts.push({ index: i, kind: 'extra', amountCents: amount, remark: random.pick(EXTRA_DISCOUNT_REASONS) });
        discountCents += amount;
      }
      const amountToPay = camp.priceCents - discountCents;
      const cash = random.chance(0.15);
      const state = random.next();
      // 60% paid exactly, 22% not paid, 10% partly paid, 4% paid too much, 4% paid without the flag.
      const [paid, paidAmount] =
        state < 0.6
          ? [true, amountToPay]
          : state < 0.82
            ? [false, 0]
            : state < 0.92
              ? [true, Math.round(amountToPay / 2)]
              : state < 0.96
                ? [true, amountToPay + random.pick([500, 1000, 2500])]
                : [false, amountToPay];
      const base = REFERENCE_OGM_BASE + sequence;
      const reference = subscriptionReference(year, sequence);
      sequence++;
      const period = periodRows.find((p) => p.id === camp.periodId)!;
      const created = addDays(new Date(`${period.startDate}T09:00:00Z`), -random.int(10, 120));
      return {
        reference,
        ogm: formatOgm(base),
        createdAt: created.toISOString(),
        campId: camp.id,
        childId,
        campPriceCents: camp.priceCents,
        paidAmountCents: paidAmount,
        paid,
        paymentDate: paidAmount > 0 ? iso(addDays(created, random.int(0, 14))) : null,
        paidAccountNr: paidAmount > 0 && !cash ? belgianIban(random.int(1, 9_999_999_999)) : null,
        paymentMethodId: cash ? PAYMENT_METHOD.cash : PAYMENT_METHOD.bankTransfer,
        cancelled,
        cancellationDate: cancelled ? addDays(created, random.int(1, 9)).toISOString() : null,
        remark: random.chance(0.1)
          ? random.pick(['Allergisch voor noten', 'Wordt opgehaald door oma', 'Mag niet zwemmen', 'Komt samen met broer'])
          : null,
        lunchPreferenceId: random.pick(lunchRows).id,
        selectedDays,
        // Staff's bookings, one in three at the desk (issue 40); from the sequence, so the random draws stay as they were.
        source: base % 3 === 0 ? ('desk' as const) : ('phone' as const),
      };
    });
    const subscriptionIds = await insertRows(db, t.subscriptions, subscriptionValues);
    if (discounts.length > 0) {
      await insertRows(
        db,
        t.subscriptionDiscounts,
        discounts.map((d) => ({
          subscriptionId: subscriptionIds[d.index]!,
          kind: d.kind,
          amountCents: d.amountCents,
          remark: d.remark,
          createdAt: discountDate(d.kind, new Date(subscriptionValues[d.index]!.createdAt)).toISOString(),
        })),
      );
    }
  }
}

/**
 * Discounts given at booking (the organiser's own and the one for fewer days) carry the booking's date; an
 * extra discount from staff comes a week later, never after today.
 */
function discountDate(kind: 'booking' | 'selected-days' | 'extra', booked: Date): Date {
  if (kind !== 'extra') return booked;
  const later = addDays(booked, 7);
  return later.getTime() < Date.now() ? later : booked;
}

/** Any number: the key of the advisory lock that lets one process at a time decide whether to seed. */
const SEED_LOCK_KEY = 20_250_701;

/**
 * Fills a database that has no data yet; answers the demo login when the demo administrator exists.
 * Several processes starting at once on one PostgreSQL wait for each other, so only one of them seeds.
 */
export async function ensureDemoData(db: Database, settings?: OrganiserSettings): Promise<typeof DEMO_ADMIN | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(t.locations);
    const [admins] = await tx.select({ n: count() }).from(t.admins);
    if (n === 0 && (admins?.n ?? 0) === 0) {
      console.log('Lege database: demogegevens aanmaken…');
      await seedDemoData(tx, settings ? { settings } : {});
    }
    const [demo] = await tx.select({ id: t.admins.id }).from(t.admins).where(eq(t.admins.email, DEMO_ADMIN.email));
    return demo ? DEMO_ADMIN : null;
  });
}

/**
 * The organiser as a newcomer's demo should show it (issue 39): recognised by the city, with every setting the
 * attests and the Belcotax file need. Sender, public site and account stay the environment's.
 */
export const DEMO_ORGANISER = {
  ORGANISER_ADDRESS: 'Sportlaan 5, 9000 Gent',
  ORGANISER_COMPANY_NUMBER: '0123.456.749',
  ORGANISER_BIC: 'GKCCBEBB',
  RECOGNITION_CODE: '2',
  CERTIFYING_AUTHORITY: 'Stad Gent',
  CERTIFYING_AUTHORITY_ADDRESS: 'Botermarkt 1, 9000 Gent',
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: '0207.451.227',
  SIGNATORY_NAME: 'Jan Peeters',
  SIGNATORY_CAPACITY: 'Voorzitter',
  /** The daily maxima the product's own examples name (common/src/fiscal-attests.ts), in cents. */
  FISCAL_DAILY_MAXIMUMS: { '2023': 1570, '2024': 1610 },
  BELCOTAX_CONTACT_NAME: 'An De Smet',
  BELCOTAX_CONTACT_PHONE: '09 123 45 67',
  BELCOTAX_CONTACT_EMAIL: 'boekhouding@sportkampen.be',
} as const;

/** How many credits of the demo's bank statement are booked on a subscription, and how many wait in 'Te koppelen'. */
const DEMO_BANK_MATCHED = 25;
const DEMO_BANK_UNMATCHED = [
  { payerName: 'Familie Peeters-Claes', communication: 'kamp zomer Lotte en Mats', amountCents: 25000 },
  { payerName: 'S. Janssens', communication: 'inschrijving sportkamp', amountCents: 12500 },
  { payerName: 'Ouderraad De Regenboog', communication: 'bijdrage kampen 3 kinderen', amountCents: 37500 },
];

/**
 * What a season leaves behind, so that every screen of the demo shows something real (issue 39): the organiser's
 * settings; attendance on every camp day that has been (never a later one: the server refuses those too), a child
 * absent now and then; the money of most paid cancellations refunded; one bank statement import (the latest payments) with
 * booked and unmatched credits; payment reminders planned on camps that are still to come; children waiting on the
 * lists of full camps still to come. Set-based SQL over what `seedSubscriptions` made, so the demo stays as fast to
 * make as it was.
 */
async function seedSeasonLife(db: Executor, defaults: OrganiserSettings): Promise<void> {
  const today = todayInBelgium();
  await db.insert(t.settings).values({
    id: 1,
    organiserName: defaults.ORGANISER_NAME,
    organiserIban: defaults.ORGANISER_IBAN,
    mailFrom: defaults.MAIL_FROM,
    publicSiteUrl: defaults.PUBLIC_SITE_URL,
    organiserAddress: DEMO_ORGANISER.ORGANISER_ADDRESS,
    organiserCompanyNumber: DEMO_ORGANISER.ORGANISER_COMPANY_NUMBER,
    organiserBic: DEMO_ORGANISER.ORGANISER_BIC,
    recognitionCode: DEMO_ORGANISER.RECOGNITION_CODE,
    certifyingAuthority: DEMO_ORGANISER.CERTIFYING_AUTHORITY,
    certifyingAuthorityAddress: DEMO_ORGANISER.CERTIFYING_AUTHORITY_ADDRESS,
    certifyingAuthorityCompanyNumber: DEMO_ORGANISER.CERTIFYING_AUTHORITY_COMPANY_NUMBER,
    signatoryName: DEMO_ORGANISER.SIGNATORY_NAME,
    signatoryCapacity: DEMO_ORGANISER.SIGNATORY_CAPACITY,
    fiscalDailyMaximums: { ...DEMO_ORGANISER.FISCAL_DAILY_MAXIMUMS },
    belcotaxContactName: DEMO_ORGANISER.BELCOTAX_CONTACT_NAME,
    belcotaxContactPhone: DEMO_ORGANISER.BELCOTAX_CONTACT_PHONE,
    belcotaxContactEmail: DEMO_ORGANISER.BELCOTAX_CONTACT_EMAIL,
  });

  // Attendance: the booked days (a flexible booking's chosen ones) before today; about one day in 17 absent.
  await db.execute(sql`
    insert into ${t.attendance} (subscription_id, day, present, registered_at)
    select s.id, d.day::date, (s.id * 7 + extract(day from d.day::date)::int) % 17 <> 0,
           (d.day::date + time '17:00') at time zone 'Europe/Brussels'
    from ${t.subscriptions} s
    join ${t.camps} c on c.id = s.camp_id
    cross join lateral unnest(string_to_array(
      case when c.flexible_booking_allowed and coalesce(s.selected_days, '') <> '' then s.selected_days else c.active_days end, ','
    )) as d(day)
    where not s.cancelled and d.day::date < ${today}::date`);

  // Refunds: two paid cancellations in three got their money back (less the camp's fee), ten days after the
  // cancellation; the others still wait on Terugbetalingen.
  const refunded = await queryRows<{ id: number; cents: number; day: string }>(
    db,
    sql`select s.id, s.paid_amount_cents - c.cancellation_fee_cents as cents,
               to_char(least((s.cancellation_date at time zone 'Europe/Brussels')::date + 10, ${today}::date), 'YYYY-MM-DD') as day
        from ${t.subscriptions} s join ${t.camps} c on c.id = s.camp_id
        where s.cancelled and s.paid_amount_cents > c.cancellation_fee_cents and s.id % 3 <> 0
          and (s.cancellation_date at time zone 'Europe/Brussels')::date < ${today}::date`,
  );
  if (refunded.length > 0) {
    await insertRows(
      db,
      t.payments,
      refunded.map((r) => ({
        source: 'refund' as const,
        state: 'booked' as const,
        subscriptionId: r.id,
        amountCents: -r.cents,
        valueDate: r.day,
      })),
    );
    await db.execute(sql`
      update ${t.subscriptions} s set paid_amount_cents = c.cancellation_fee_cents
      from ${t.camps} c
      where c.id = s.camp_id and s.id in (select (value)::int from json_array_elements_text(${jsonParam(refunded.map((r) => r.id))}))`);
  }

  await seedBankImport(db, defaults, today);
  await seedWaitingLists(db, today);

  // Planned mails: on the camps still to come, a reminder to the families that have not paid two weeks before the start.
  await db.execute(sql`
    insert into ${t.mailSchedules} (camp_id, template_id, trigger, days, target)
    select c.id, ${REMINDER_MAIL_TEMPLATE}, 'beforeStart', 14, 'unpaid'
    from ${t.camps} c join ${t.periods} p on p.id = c.period_id
    where p.start_date > ${today}::date and c.id % 3 = 0`);
}

/** How many full camps still to come have a waiting list in the demo, and how many children wait on each. */
const DEMO_WAITING_CAMPS = 2;
const DEMO_WAITING_CHILDREN = 3;

/**
 * Children waiting on the lists of full camps still to come (issue 34), in weeks of their own periods, each in line on
 * their own since some days: a child of the camp's birth years with no booking in that period, as the waiting list's
 * own rules let staff or a family put it there (`joinWaitingList`, domain/waiting-list.ts). No seat is free in these
 * camps, so the list offers none at start.
 */
async function seedWaitingLists(db: Executor, today: string): Promise<void> {
  await db.execute(sql`
    with full_camps as (
      select distinct on (c.period_id) c.id, c.period_id, c.min_birthyear, c.max_birthyear, p.start_date
      from ${t.camps} c join ${t.periods} p on p.id = c.period_id
      left join ${seatsTakenPerCamp()} taken on taken.camp_id = c.id
      where p.start_date > ${today}::date and not c.closed and coalesce(taken.taken, 0) >= c.seats_available
      order by c.period_id, c.id
    ), chosen_camps as (
      select * from full_camps order by start_date, id limit ${DEMO_WAITING_CAMPS}
    ), candidates as (
      select fc.id as camp_id, ch.id as child_id, ch.parent_id,
        -- Children spread over the years' families (ids in a scrambled order), not the first ones seeded.
        row_number() over (partition by fc.id order by (ch.id * 7919) % 1009, ch.id)::int as place
      from chosen_camps fc
      join ${t.children} ch on extract(year from ch.birthdate)::int between fc.min_birthyear and fc.max_birthyear
      where not exists (
        select 1 from ${t.subscriptions} s join ${t.camps} sc on sc.id = s.camp_id
        where s.child_id = ch.id and not s.cancelled and sc.period_id = fc.period_id)
    )
    insert into ${t.waitingEntries} (camp_id, child_id, parent_id, group_id, position, state, created_at)
    select camp_id, child_id, parent_id, 0, place, 'waiting', ${today}::date - (12 - 3 * place) * interval '1 day' + time '20:15'
    from candidates where place <= ${DEMO_WAITING_CHILDREN}`);
  // Each waits on its own: its group is itself (siblings who wait together would share the first one's id).
  await db.execute(sql`update ${t.waitingEntries} set group_id = id where group_id = 0`);
}

/**
 * The latest bank statement as imported from a CODA file: credits of paid transfers booked on their subscription
 * (their amount is already in the paid amount, so undoing the import takes it back out), a few credits nobody could
 * match, waiting in 'Te koppelen', and two debits ignored.
 */
async function seedBankImport(db: Executor, defaults: OrganiserSettings, today: string): Promise<void> {
  const credits = await queryRows<{ id: number; cents: number; day: string; account: string | null; payer: string; ogm: string }>(
    db,
    sql`select s.id, s.paid_amount_cents as cents, to_char(s.payment_date, 'YYYY-MM-DD') as day, s.paid_account_nr as account,
               p.firstname || ' ' || p.lastname as payer, s.ogm
        from ${t.subscriptions} s
        join ${t.children} ch on ch.id = s.child_id
        join ${t.parents} p on p.id = ch.parent_id
        where not s.cancelled
          and s.payment_method_id = ${PAYMENT_METHOD.bankTransfer} and s.paid_amount_cents > 0 and s.payment_date < ${today}::date
        order by s.payment_date desc, s.id
        limit ${DEMO_BANK_MATCHED}`,
  );
  if (credits.length === 0) return;
  const statementDate = credits[0]!.day;
  const [importRow] = await db
    .insert(t.bankImports)
    .values({
      fileName: `rekeninguittreksel-${statementDate}.cod`,
      format: 'coda',
      statements: [
        {
          account: defaults.ORGANISER_IBAN.replace(/\s/g, ''),
          date: statementDate,
          sequence: '042',
          movements: credits.length + DEMO_BANK_UNMATCHED.length + 2,
          currency: 'EUR',
        },
      ],
      movements: credits.length + DEMO_BANK_UNMATCHED.length + 2,
      matched: credits.length,
      alreadyImported: 0,
      unmatched: DEMO_BANK_UNMATCHED.length,
      ignoredDebits: 2,
      createdAt: `${statementDate}T09:30:00.000Z`,
    })
    .returning({ id: t.bankImports.id });
  const bank = (movement: number) => ({
    source: 'bank' as const,
    importId: importRow!.id,
    statementDate,
    statementSequence: '042',
    movementKey: `demo-${statementDate}-042-${movement}`,
  });
  await insertRows(db, t.payments, [
    ...credits.map((c, i) => ({
      ...bank(i + 1),
      state: 'booked' as const,
      subscriptionId: c.id,
      amountCents: c.cents,
      valueDate: c.day,
      accountNr: c.account,
      payerName: c.payer,
      communication: null,
      structuredCommunication: c.ogm.replace(/\D/g, ''),
      queueReason: null,
    })),
    ...DEMO_BANK_UNMATCHED.map((u, i) => ({
      ...bank(credits.length + i + 1),
      state: 'unmatched' as const,
      subscriptionId: null,
      amountCents: u.amountCents,
      valueDate: statementDate,
      accountNr: belgianIban(4_000_000_000 + i),
      payerName: u.payerName,
      communication: u.communication,
      structuredCommunication: null,
      queueReason: 'no-match' as const,
    })),
  ]);
}
