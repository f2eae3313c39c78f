import type { Cents } from './money.js';

/**
 * Monitor planning's pure rules (issue 36): how many monitors a camp needs, and the Belgian volunteer allowance
 * ('forfaitaire kostenvergoeding', law of 3 July 2005 on volunteers' rights) against its daily and yearly caps. The
 * caps change every year (indexed), so they are settings per year; these are the defaults.
 */

/** The kinds of volunteer the law caps differently: the raised yearly cap is for sports trainers, coaches, referees, … */
export const VOLUNTEER_KINDS = ['gewoon', 'verhoogd'] as const;
export type VolunteerKind = (typeof VOLUNTEER_KINDS)[number];
export const volunteerKindLabels: Record<VolunteerKind, string> = {
  gewoon: 'Gewone vrijwilliger',
  verhoogd: 'Sportlesgever of -trainer (verhoogd jaarplafond)',
};

/** Caps per calendar year ('2024') and kind of volunteer, in cents. */
export type VolunteerCapsCents = Record<string, Record<VolunteerKind, Cents>>;

/**
 * The official figures found (README, 'Monitor planning'; FOD Sociale Zekerheid, as published by Vlaanderen
 * Vrijwilligt and Sport Vlaanderen): 2022 € 36,84 a day, € 1.473,37 a year, raised € 2.705,97; 2024 € 41,48 a day,
 * € 1.659,29 a year, raised € 3.047,43. The daily cap is the same for both kinds.
 */
export const DEFAULT_VOLUNTEER_DAILY_CAPS: VolunteerCapsCents = {
  '2022': { gewoon: 3684, verhoogd: 3684 },
  '2024': { gewoon: 4148, verhoogd: 4148 },
};
export const DEFAULT_VOLUNTEER_YEARLY_CAPS: VolunteerCapsCents = {
  '2022': { gewoon: 147337, verhoogd: 270597 },
  '2024': { gewoon: 165929, verhoogd: 304743 },
};

/** The saved caps over the defaults, year by year (a saved year replaces the default of that year). */
export const mergeCaps = (defaults: VolunteerCapsCents, saved: VolunteerCapsCents): VolunteerCapsCents => ({ ...defaults, ...saved });

/**
 * The cap of a year and kind: that year's, else the latest earlier year's (the caps only rise with the index, so an
 * older figure is the safe one until staff enter the year's), else the earliest known.
 */
export function capOf(caps: VolunteerCapsCents, year: number, kind: VolunteerKind): Cents | null {
  const years = Object.keys(caps)
    .map(Number)
    .sort((a, b) => a - b);
  if (years.length === 0) return null;
  const chosen = [...years].reverse().find((y) => y <= year) ?? years[0]!;
  return caps[String(chosen)]?.[kind] ?? null;
}

export interface AllowanceCheck {
  /** The days whose allowance is above the daily cap. */
  daysOverDailyCap: string[];
  yearTotalCents: Cents;
  dailyCapCents: Cents | null;
  yearlyCapCents: Cents | null;
  overYearlyCap: boolean;
}

/** The allowances of one monitor and calendar year (every day of the register after the change) against the caps. */
export function checkAllowances(
  days: { day: string; amountCents: Cents }[],
  caps: { daily: VolunteerCapsCents; yearly: VolunteerCapsCents },
  year: number,
  kind: VolunteerKind,
): AllowanceCheck {
  const dailyCapCents = capOf(caps.daily, year, kind);
  const yearlyCapCents = capOf(caps.yearly, year, kind);
  const yearTotalCents = days.reduce((sum, d) => sum + d.amountCents, 0);
  return {
    daysOverDailyCap: dailyCapCents === null ? [] : days.filter((d) => d.amountCents > dailyCapCents).map((d) => d.day),
    yearTotalCents,
    dailyCapCents,
    yearlyCapCents,
    overYearlyCap: yearlyCapCents !== null && yearTotalCents > yearlyCapCents,
  };
}

/** Children per monitor when an age group has no ratio of its own (the '1 per 12 above' the toddlers). */
export const DEFAULT_CHILDREN_PER_MONITOR = 12;

/** The monitors a camp needs for its booked children: every started group of `perMonitor` children one. */
export const monitorsNeeded = (childrenBooked: number, perMonitor: number): number =>
  childrenBooked <= 0 ? 0 : Math.ceil(childrenBooked / Math.max(1, perMonitor));

/** Calendar weeks (Monday to Sunday) a period touches, as the Monday of each: '2026-07-06'. */
function mondaysOf(start: string, end: string): string[] {
  const monday = (iso: string) => {
    const d = new Date(`${iso}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d;
  };
  const result: string[] = [];
  for (let d = monday(start); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 7))
    result.push(d.toISOString().slice(0, 10));
  return result;
}

/** Whether two periods touch a common calendar week: a monitor works one camp a week (docs/decisions.md, 'Issue 36'). */
export function periodsShareWeek(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  const weeks = new Set(mondaysOf(a.start, a.end));
  return mondaysOf(b.start, b.end).some((w) => weeks.has(w));
}

/** The days a camp's register may hold: its camp days (ACTIVE_DAYS), else the weekdays of its period. */
export function allowanceDays(activeDays: string, start: string, end: string): string[] {
  const days = [
    ...new Set(
      activeDays
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  ].sort();
  if (days.length > 0) return days;
  const result: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) result.push(d.toISOString().slice(0, 10));
  return result;
}

/** Whether a qualification valid until `validUntil` (null: no expiry) covers a camp that ends on `campEnd`. */
export const validThrough = (validUntil: string | null, campEnd: string): boolean => validUntil === null || validUntil >= campEnd;

export const planningMessages = {
  notAvailable: 'Deze monitor is in die periode niet beschikbaar.',
  doubleWeek: 'Deze monitor staat die week al op een ander kamp.',
  qualificationMissing: (names: string) =>
    `Dit kamp vraagt een monitor met ${names} (geldig tot het einde van het kamp), en die staat nog niet op het kamp.`,
  stillPlanned: 'Deze monitor staat in die periode ingepland; haal de monitor eerst van het kamp.',
  notAssigned: 'Deze monitor staat niet op dit kamp.',
  dailyCap: (day: string, cap: string) => `De vergoeding van ${day} is hoger dan het dagplafond van ${cap}.`,
  yearlyCap: (total: string, cap: string) => `Daarmee komt de vergoeding dit jaar op ${total}, boven het jaarplafond van ${cap}.`,
  qualificationInUse: 'Deze kwalificatie is nog aan monitoren of kampen gekoppeld.',
};
