const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as the value of a datetime-local input, in the browser's own time zone. */
export function dateTimeInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The local date and time of a datetime-local input as an ISO timestamp in UTC, or null when empty. */
export function isoFromDateTimeInput(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}
