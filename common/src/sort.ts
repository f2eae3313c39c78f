/** Dutch collation ignoring punctuation: De Smet, D'Hondt, Van den Broeck and Çelik sort as a Fleming expects. */
const collator = new Intl.Collator('nl-BE', { sensitivity: 'base', ignorePunctuation: true, numeric: true });

export function compareDutch(a: string, b: string): number {
  return collator.compare(a, b);
}

export function compareByLastThenFirstName<T>(lastName: (row: T) => string, firstName: (row: T) => string): (a: T, b: T) => number {
  return (a, b) => compareDutch(lastName(a), lastName(b)) || compareDutch(firstName(a), firstName(b));
}

/** Periods in lists and selects: by start date, then name (issue 17: 'Krokus' before 'Herfst'). */
export function comparePeriodsByStart(
  a: { PERIOD_STARTDATE: string; PERIOD_NAME: string },
  b: { PERIOD_STARTDATE: string; PERIOD_NAME: string },
): number {
  return a.PERIOD_STARTDATE.localeCompare(b.PERIOD_STARTDATE) || compareDutch(a.PERIOD_NAME, b.PERIOD_NAME);
}
