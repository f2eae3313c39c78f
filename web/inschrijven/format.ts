import { countText } from '@common/format.js';

/** Dates and moments as a parent reads them, in Belgium: 'ma 6 jul.', 'maandag 6 juli 2026'. */
const shortDay = new Intl.DateTimeFormat('nl-BE', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('nl-BE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const utcDate = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
export const dayText = (isoDate: string) => shortDay.format(utcDate(isoDate));
export const longDayText = (isoDate: string) => longDay.format(utcDate(isoDate));
export const periodText = (start: string, end: string) =>
  start === end ? longDayText(start) : `${dayText(start)} tot ${longDayText(end)}`;

/** 'nog 2 dagen, 3 uur en 5 minuten'; under a minute the seconds. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  if (total < 60) return `nog ${countText(total, 'seconde', 'seconden')}`;
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const parts = [
    days > 0 ? countText(days, 'dag', 'dagen') : '',
    hours > 0 ? `${hours} uur` : '',
    minutes > 0 ? countText(minutes, 'minuut', 'minuten') : '',
  ].filter(Boolean);
  return `nog ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}` : parts[0]}`;
}

/** 'nog 3 plaatsen', 'nog 1 plaats', 'volzet'. */
export const seatsText = (open: number) => (open <= 0 ? 'volzet' : `nog ${countText(open, 'plaats', 'plaatsen')}`);
