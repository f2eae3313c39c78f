import { parseEuroAmount, type Cents } from './money.js';
import { ageOn } from './participants.js';

/**
 * The fiscal attest for childcare costs (form 281.86, issue 16): which camp days of a child count, at which
 * daily tariff, and how they are spread over attests (at most four periods each) and debtors. The server
 * reads the facts, these rules decide; docs/decisions.md ('Attests') says why each rule is as it is.
 */

/** Who recognises, subsidises or controls the organiser: the code of zone f86_2031 in the Belcotax XML. */
export const RECOGNITION_CODES = ['1', '2', '3', '4'] as const;
export type RecognitionCode = (typeof RECOGNITION_CODES)[number];
export const recognitionLabels: Record<RecognitionCode, string> = {
  '1': 'Kind en Gezin (of ONE, Kind und Familie)',
  '2': 'Een openbare overheid (gemeente, gemeenschap, gewest)',
  '3': 'Een buitenlandse openbare overheid',
  '4': 'Een school',
};

/** A form holds at most this many periods; more give a second attest for the same child and debtor. */
export const PERIODS_PER_ATTEST = 4;
/** The days before this birthday count; with a severe disability, those before the 21st. */
export const AGE_LIMIT = 14;
export const AGE_LIMIT_SEVERE_DISABILITY = 21;

export const attestMessages = {
  notRecognised:
    'Geen fiscaal attest: de organisator is niet erkend, gesubsidieerd of gecontroleerd door een openbare overheid, Kind en Gezin of een school (Beheer › Instellingen).',
  notFullyPaid: 'Niet volledig betaald',
  free: 'Gratis deelname',
  noAttendedDays: 'Geen aanwezige dagen',
  tooOld: 'Ouder dan 14 jaar',
  tooOldDisability: 'Ouder dan 21 jaar',
  noDebtorNationalNumber: 'Geen rijksregisternummer van de schuldenaar',
  sharesNot100: 'De aandelen van de schuldenaars samen moeten 100 % zijn.',
  noAttest: 'Voor dit kind is er geen fiscaal attest in dat jaar.',
} as const;

/** Why a child's attest cannot go into a Belcotax file yet (the attests page lists them, the export refuses with them). */
export const belcotaxBlockMessages = {
  childNationalNumber: 'Geen geldig rijksregisternummer van het kind',
  unknownCountry: (name: string, country: string) =>
    `Belcotax kent het land niet van ${name} (${country || 'leeg'}): schrijf het land voluit, zoals België, Nederland of Frankrijk`,
  address: (name: string) =>
    `Het adres van ${name} is onvolledig: straat en nummer, postcode en gemeente zijn nodig (een Belgische postcode heeft 4 cijfers)`,
} as const;

export type MissingReason =
  | typeof attestMessages.notFullyPaid
  | typeof attestMessages.free
  | typeof attestMessages.noAttendedDays
  | typeof attestMessages.tooOld
  | typeof attestMessages.tooOldDisability
  | typeof attestMessages.noDebtorNationalNumber;

/** One subscription of the child in a camp of the income year, with the facts the attest needs. */
export interface AttestSubscription {
  subscriptionId: number;
  /** The camp as the attest names it, e.g. 'Zwemmen - Gent - Week 1'. */
  campLabel: string;
  /** The camp days the child booked (subscriptionDays). */
  bookedDays: readonly string[];
  /** The days registered present. */
  attendedDays: readonly string[];
  /** Camp price minus every discount ('Eigen lunchpakket' included): what the parents owe. */
  amountToPayCents: Cents;
  paidAmountCents: Cents;
  cancelled: boolean;
}

export interface AttestChild {
  birthdate: string;
  severeDisability: boolean;
}

/** One line of Vak II: consecutive counted days of one camp at one daily tariff. */
export interface AttestPeriod {
  subscriptionId: number;
  campLabel: string;
  startDate: string;
  endDate: string;
  days: number;
  dailyTariffCents: Cents;
  /** days × daily tariff, as the form requires. */
  amountCents: Cents;
}

export interface SubscriptionVerdict {
  subscriptionId: number;
  campLabel: string;
  period: AttestPeriod | null;
  /** Why this subscription gives no period (null when it gives one). */
  reason: MissingReason | null;
}

/**
 * The daily tariff of a subscription: what the parents owe spread over the booked days, rounded down to the
 * cent, so that the counted days × tariff never exceed what was paid.
 */
export function dailyTariffCents(amountToPayCents: Cents, bookedDayCount: number): Cents {
  if (bookedDayCount <= 0 || amountToPayCents <= 0) return 0;
  return Math.floor(amountToPayCents / bookedDayCount);
}

/**
 * What one subscription gives in an income year: a period of the attended, booked days within the year
 * before the age limit, when the subscription is fully paid and not free; otherwise the reason.
 */
export function subscriptionVerdict(child: AttestChild, subscription: AttestSubscription, year: number): SubscriptionVerdict {
  const base = { subscriptionId: subscription.subscriptionId, campLabel: subscription.campLabel };
  const none = (reason: MissingReason): SubscriptionVerdict => ({ ...base, period: null, reason });
  if (subscription.amountToPayCents <= 0) return none(attestMessages.free);
  if (subscription.cancelled || subscription.paidAmountCents < subscription.amountToPayCents) return none(attestMessages.notFullyPaid);
  const booked = new Set(subscription.bookedDays);
  const attended = [...new Set(subscription.attendedDays)].filter((day) => booked.has(day) && day.startsWith(`${year}-`)).sort();
  if (attended.length === 0) return none(attestMessages.noAttendedDays);
  const limit = child.severeDisability ? AGE_LIMIT_SEVERE_DISABILITY : AGE_LIMIT;
  const counted = attended.filter((day) => ageOn(child.birthdate, day) < limit);
  if (counted.length === 0) return none(child.severeDisability ? attestMessages.tooOldDisability : attestMessages.tooOld);
  const tariff = dailyTariffCents(subscription.amountToPayCents, booked.size);
  return {
    ...base,
    reason: null,
    period: {
      ...base,
      startDate: counted[0]!,
      endDate: counted[counted.length - 1]!,
      days: counted.length,
      dailyTariffCents: tariff,
      amountCents: counted.length * tariff,
    },
  };
}

/** Every subscription's verdict, the periods in date order. */
export function childAttestPeriods(
  child: AttestChild,
  subscriptions: readonly AttestSubscription[],
  year: number,
): { periods: AttestPeriod[]; verdicts: SubscriptionVerdict[] } {
  const verdicts = subscriptions.map((s) => subscriptionVerdict(child, s, year));
  const periods = verdicts
    .flatMap((v) => (v.period ? [v.period] : []))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.subscriptionId - b.subscriptionId);
  return { periods, verdicts };
}

/** Who paid, as the attest names them: the parent of the subscription unless staff set other debtors. */
export interface AttestDebtor {
  lastname: string;
  firstname: string;
  nationalNumber: string | null;
  street: string;
  postalcode: string;
  city: string;
  country: string;
  /** Whole percent of the costs this debtor paid; the debtors of a child together pay 100. */
  sharePercent: number;
}

/** One attest (one form 281.86): a debtor's share of up to four periods. */
export interface AttestSheet {
  /** Which debtor (0 for the first) and which attest of that debtor (0 for the first four periods). */
  debtorIndex: number;
  sheetIndex: number;
  debtor: AttestDebtor;
  periods: AttestPeriod[];
  totalCents: Cents;
}

export function sharesAreComplete(debtors: readonly Pick<AttestDebtor, 'sharePercent'>[]): boolean {
  return debtors.length > 0 && debtors.reduce((sum, d) => sum + d.sharePercent, 0) === 100;
}

/**
 * A debtor's part of a period: the daily tariff split by the shares (rounded down, the last debtor gets
 * what is left), so each debtor's amount is still days × tariff and the parts add up to the whole.
 */
function sharePeriod(period: AttestPeriod, debtors: readonly AttestDebtor[], index: number): AttestPeriod {
  const tariffs = debtors.map((d) => Math.floor((period.dailyTariffCents * d.sharePercent) / 100));
  tariffs[tariffs.length - 1] = period.dailyTariffCents - tariffs.slice(0, -1).reduce((sum, t) => sum + t, 0);
  const tariff = tariffs[index]!;
  return { ...period, dailyTariffCents: tariff, amountCents: tariff * period.days };
}

/** The attests of a child: per debtor (with a share above 0), the periods in groups of at most four. */
export function attestSheets(periods: readonly AttestPeriod[], debtors: readonly AttestDebtor[]): AttestSheet[] {
  if (periods.length === 0 || !sharesAreComplete(debtors)) return [];
  const sheets: AttestSheet[] = [];
  debtors.forEach((debtor, debtorIndex) => {
    if (debtor.sharePercent <= 0) return;
    const shared = periods.map((p) => sharePeriod(p, debtors, debtorIndex)).filter((p) => p.amountCents > 0);
    for (let start = 0, sheetIndex = 0; start < shared.length; start += PERIODS_PER_ATTEST, sheetIndex++) {
      const group = shared.slice(start, start + PERIODS_PER_ATTEST);
      sheets.push({ debtorIndex, sheetIndex, debtor, periods: group, totalCents: group.reduce((sum, p) => sum + p.amountCents, 0) });
    }
  });
  return sheets;
}

/**
 * The daily maximum per income year as staff write it in the settings: a line per year, '2023: 15,70'.
 * null when a line is not such a pair or a year appears twice.
 */
export function parseDailyMaximums(text: string): Record<string, Cents> | null {
  const result: Record<string, Cents> = {};
  for (const line of text
    .split(/[\n;]/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const match = /^(\d{4})\s*[:=]\s*(?:€\s*)?(\S+)$/.exec(line);
    const cents = match ? parseEuroAmount(match[2]!) : null;
    if (!match || cents === null || cents <= 0 || Object.hasOwn(result, match[1]!)) return null;
    result[match[1]!] = cents;
  }
  return result;
}

/** The other way round, oldest year first: '2023: 15,70\n2024: 16,10'. */
export function formatDailyMaximums(maximums: Record<string, Cents>): string {
  return Object.keys(maximums)
    .sort()
    .map((year) => `${year}: ${(maximums[year]! / 100).toFixed(2).replace('.', ',')}`)
    .join('\n');
}
