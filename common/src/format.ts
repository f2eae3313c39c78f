/** Belgian-Dutch display formats for dates and account numbers. */

function dateParts(isoDate: string): { year: string; month: string; day: string } {
  const [year = '', month = '', day = ''] = isoDate.slice(0, 10).split('-');
  return { year, month, day };
}

/** '2025-07-14' → '14/07' (periods in tables). */
export function formatDayMonth(isoDate: string): string {
  const { month, day } = dateParts(isoDate);
  return `${day}/${month}`;
}

/** '2025-07-14' → '14/07/2025'. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const { year, month, day } = dateParts(isoDate);
  return `${day}/${month}/${year}`;
}

const brusselsDateTime = new Intl.DateTimeFormat('nl-BE', {
  timeZone: 'Europe/Brussels',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A timestamp in Belgian local time: '14/07/2025, 10:30'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return brusselsDateTime.format(new Date(iso));
}

/** A waiting child's open offer (issue 34), on the camp's waiting list and the overview's waiting rows: 'Plaats aangeboden tot 14/07/2026, 10:00'. */
export const formatOfferedUntil = (expiresAt: string | null | undefined) => `Plaats aangeboden tot ${formatDateTime(expiresAt)}`;

/** Period option in the camp form: '{name} | {start} tot {end}' with Belgian-Dutch month/day numerals. */
export function formatPeriodOption(name: string, startDate: string, endDate: string): string {
  return `${name} | ${formatDate(startDate)} tot ${formatDate(endDate)}`;
}

/** A count with its noun in the right number: '1 dag', '2 dagen' (issue 39: no 'dag(en)'). */
export function countText(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** 'BE68539007547034' → 'BE68 5390 0754 7034'. */
export function formatAccountNumber(accountNr: string | null | undefined): string {
  if (!accountNr) return '';
  return accountNr.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Comma list of dates → readable list, for the selected days of a flexible-booking camp. */
export function formatDateList(commaList: string | null | undefined): string[] {
  if (!commaList) return [];
  return commaList
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .map(formatDate);
}

/** A moment in words, in Belgium: 'maandag 2 maart 2026 om 09:00' (when booking opens, issue 40). */
export function formatMoment(iso: string): string {
  // Made here, not at the module's top, so that a bundle that never calls it drops it (the staff app's budgets).
  return new Intl.DateTimeFormat('nl-BE', {
    timeZone: 'Europe/Brussels',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}
