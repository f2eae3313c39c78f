import { formatDate } from './format.js';

/**
 * When a payment reminder may go (issue 19): only while money is open on a subscription that is not
 * cancelled, no more than `maxCount` in all, and not within `intervalDays` of the previous one.
 */
export interface ReminderFacts {
  cancelled: boolean;
  saldoCents: number;
  remindersSent: number;
  /** ISO timestamp of the last reminder, or null. */
  lastReminderAt: string | null;
}

export interface ReminderLimits {
  intervalDays: number;
  maxCount: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Dutch reason a reminder is refused now, or null when it may be sent. */
export function reminderRefusal(facts: ReminderFacts, limits: ReminderLimits, now: Date): string | null {
  if (facts.cancelled) return 'Inschrijving geannuleerd';
  if (facts.saldoCents <= 0) return 'Er staat niets meer open';
  if (facts.remindersSent >= limits.maxCount)
    return `Al ${facts.remindersSent} herinnering${facts.remindersSent === 1 ? '' : 'en'} verstuurd (maximum ${limits.maxCount})`;
  if (facts.lastReminderAt !== null) {
    const next = Date.parse(facts.lastReminderAt) + limits.intervalDays * DAY_MS;
    if (now.getTime() < next)
      return `Vorige herinnering op ${formatDate(facts.lastReminderAt.slice(0, 10))}: nog geen ${limits.intervalDays} dagen geleden`;
  }
  return null;
}

/** Whole days from a moment to now (0 on the day itself). */
export function daysSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / DAY_MS));
}
