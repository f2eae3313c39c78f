/** Calendar arithmetic on ISO dates (YYYY-MM-DD) in UTC, so no time zone moves a day. */
const DAY_MS = 86_400_000;

const toTime = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);
const toIso = (time: number) => new Date(time).toISOString().slice(0, 10);

export function addDays(isoDate: string, days: number): string {
  return toIso(toTime(isoDate) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(isoDate: string): number {
  return new Date(toTime(isoDate)).getUTCDay();
}

/** Every day from start to end, both included. */
export function daysOfPeriod(start: string, end: string): string[] {
  const count = daysBetween(start, end) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(start, i));
}

/** The weekdays (Monday to Friday) of a period: the camp days a new camp starts with. */
export function weekdaysOfPeriod(start: string, end: string): string[] {
  return daysOfPeriod(start, end).filter((d) => weekday(d) !== 0 && weekday(d) !== 6);
}

/**
 * The same day `years` later on the same weekday: the date with its year moved, then to the nearest day
 * with the original weekday (at most three days away). A Monday 2025-07-07 becomes Monday 2027-07-05.
 */
export function sameWeekdayInYear(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // 29 February of a year without one becomes 28 February before the weekday is matched.
  const moved = new Date(Date.UTC(y + years, m - 1, Math.min(d, m === 2 ? 28 : d)));
  const shift = ((weekday(isoDate) - moved.getUTCDay() + 10) % 7) - 3;
  return toIso(moved.getTime() + shift * DAY_MS);
}

/** A comma list of dates, trimmed and without empties. */
export function parseDayList(commaList: string | null | undefined): string[] {
  return (commaList ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
}

/**
 * Days of a period when the period gets new dates (issue 39): every day moves by as many days as the start moved,
 * so it keeps its position in the period (and its weekday when the start moves by whole weeks). Answers the moved
 * days that lie within the new period, and those that fall outside it.
 */
export function movePeriodDays(
  days: readonly string[],
  from: { startDate: string },
  to: { startDate: string; endDate: string },
): { inside: string[]; outside: string[] } {
  const delta = daysBetween(from.startDate, to.startDate);
  const moved = [...new Set(days.map((d) => addDays(d, delta)))].sort();
  return {
    inside: moved.filter((d) => d >= to.startDate && d <= to.endDate),
    outside: moved.filter((d) => d < to.startDate || d > to.endDate),
  };
}
