/** The organiser works in Belgium: 'today' and 'this year' follow Brussels time, not the server's clock zone. */
const belgianDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Brussels as YYYY-MM-DD. */
export function todayInBelgium(now = new Date()): string {
  return belgianDate.format(now);
}

export function currentYearInBelgium(now = new Date()): number {
  return Number(todayInBelgium(now).slice(0, 4));
}
