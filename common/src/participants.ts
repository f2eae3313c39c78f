import { z } from 'zod';
import { PAYMENT_STATUSES } from './payment-status.js';
import { PHOTO_CONSENTS, SAFETY_LEVELS, SHEET_STATUSES } from './safety-sheet.js';
import { compareDutch } from './sort.js';

/**
 * Participants of a camp per day, and their attendance: the rules the participant page, its exports and
 * the server share.
 */

/** Registered attendance of one child on one day: present, absent, or nothing registered yet. */
export type Attendance = boolean | null;

/** One row of getCampParticipants. */
export const campParticipant = z.object({
  SUBSCRIPTION_ID: z.number(),
  /** Not for a monitor, nor the birth date, the parent's e-mail and the money (MONITOR_PARTICIPANT_FIELDS). */
  SUBSCRIPTION_REFERENCE: z.string().optional(),
  SUBSCRIBER_ID: z.number(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIBER_BIRTHDATE: z.string().optional(),
  /** Age in whole years on the first camp day. */
  SUBSCRIBER_AGE: z.number(),
  SUBSCRIPTION_LUNCH_PREFERENCE_ID: z.number().nullable(),
  LUNCHPREFERENCE_DESCRIPTION: z.string().nullable(),
  SUBSCRIPTION_REMARK: z.string().nullable(),
  SUBSCRIBER_PARENT_FIRSTNAME: z.string(),
  SUBSCRIBER_PARENT_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_PHONE: z.string(),
  SUBSCRIBER_PARENT_PHONE2: z.string(),
  SUBSCRIBER_PARENT_EMAIL: z.string().optional(),
  PAYMENT_STATUS: z.enum(PAYMENT_STATUSES).optional(),
  SUBSCRIPTION_SALDO: z.number().optional(),
  SUBSCRIPTION_AMOUNT_TO_PAY: z.number().optional(),
  /** The camp days this child comes (for flexible booking: the booked ones), within the asked date. */
  DAYS: z.array(z.string()),
  /** Per day of DAYS: true, false or null. */
  ATTENDANCE: z.record(z.string(), z.boolean().nullable()),
  /**
   * From the safety sheet (issue 35), only for whoever may read the camp's sheets now (server/src/domain/policies.ts):
   * whether it is filled in, its warnings (level and short text, never the whole sheet), who may collect the child, photo consent.
   */
  SAFETY_SHEET_STATUS: z.enum(SHEET_STATUSES).optional(),
  SAFETY_WARNINGS: z.array(z.object({ LEVEL: z.enum(SAFETY_LEVELS), TEXT: z.string() })).optional(),
  PICKUP_ALLOWED: z.array(z.object({ NAME: z.string(), RELATION: z.string(), PHONE: z.string() })).optional(),
  PICKUP_REFUSED: z.array(z.object({ NAME: z.string(), RELATION: z.string() })).optional(),
  GOES_HOME_ALONE: z.boolean().optional(),
  PHOTO_CONSENT: z.enum(PHOTO_CONSENTS).nullable().optional(),
});
export type CampParticipant = z.infer<typeof campParticipant>;

/** ACTIVE_DAYS ('2025-08-11,2025-08-12') as a sorted list without doubles. */
export function campDays(activeDays: string | null | undefined): string[] {
  const days = (activeDays ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  return [...new Set(days)].sort();
}

/**
 * The camp days a subscription comes: every camp day, or for a flexible-booking camp the selected days
 * that are camp days. A flexible subscription without selected days booked the whole camp.
 */
export function subscriptionDays(camp: { activeDays: string; flexibleBooking: boolean }, selectedDays: string | null): string[] {
  const days = campDays(camp.activeDays);
  if (!camp.flexibleBooking) return days;
  const selected = new Set(campDays(selectedDays));
  return selected.size === 0 ? days : days.filter((day) => selected.has(day));
}

/** Age in whole years on a day: a child born on 2016-07-14 is 9 on 2025-07-14, 8 the day before. */
export function ageOn(birthdate: string, day: string): number {
  const [by, bm, bd] = birthdate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [y, mo, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return y - by - (mo < bm || (mo === bm && d < bd) ? 1 : 0);
}

/** The children who come on a day. */
export function participantsOn<T extends Pick<CampParticipant, 'DAYS'>>(participants: readonly T[], day: string): T[] {
  return participants.filter((p) => p.DAYS.includes(day));
}

export interface AttendanceCounts {
  present: number;
  absent: number;
  unregistered: number;
}

/** How many of a day's children are present, absent and not yet registered. */
export function attendanceCounts(participants: readonly CampParticipant[], day: string): AttendanceCounts {
  const counts: AttendanceCounts = { present: 0, absent: 0, unregistered: 0 };
  for (const p of participantsOn(participants, day)) {
    const value = p.ATTENDANCE[day] ?? null;
    if (value === true) counts.present++;
    else if (value === false) counts.absent++;
    else counts.unregistered++;
  }
  return counts;
}

export const NO_LUNCH_PREFERENCE = 'Geen voorkeur';

export interface LunchCount {
  label: string;
  count: number;
}

/** The kitchen's counts: per lunch preference (in the order of the preference list), children without one last. */
export function lunchCounts(
  participants: readonly Pick<CampParticipant, 'SUBSCRIPTION_LUNCH_PREFERENCE_ID' | 'LUNCHPREFERENCE_DESCRIPTION'>[],
): LunchCount[] {
  const counts = new Map<number | null, LunchCount>();
  for (const p of participants) {
    const id = p.SUBSCRIPTION_LUNCH_PREFERENCE_ID;
    const entry = counts.get(id) ?? { label: p.LUNCHPREFERENCE_DESCRIPTION ?? NO_LUNCH_PREFERENCE, count: 0 };
    entry.count++;
    counts.set(id, entry);
  }
  return [...counts.entries()].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b)).map(([, entry]) => entry);
}

/** 'ma 14/07': the short name of a camp day for tabs and grid columns. */
export function dayLabel(day: string): string {
  const weekday = new Intl.DateTimeFormat('nl-BE', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return `${weekday} ${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** 'maandag 14 juli 2025': a camp day written out, for the title of a printed day list. */
export function longDayLabel(day: string): string {
  return new Intl.DateTimeFormat('nl-BE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

const weekdayAndDay = new Intl.DateTimeFormat('nl-BE', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** 'a', 'a en b', 'a, b en c': a Dutch enumeration. */
export function joinInDutch(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;
}

/**
 * The days a child comes, written out for a parent: three or more days in a row as a range, others one by one,
 * the year once at the end when they share it. 'maandag 6 juli tot en met vrijdag 10 juli 2026'; four of five days:
 * 'maandag 6 juli, dinsdag 7 juli, donderdag 9 juli en vrijdag 10 juli 2026'.
 */
export function daysInWords(days: readonly string[]): string {
  const sorted = campDays(days.join(','));
  if (sorted.length === 0) return '';
  const oneYear = sorted[0]!.slice(0, 4) === sorted.at(-1)!.slice(0, 4);
  const word = (day: string) => {
    const text = weekdayAndDay.format(new Date(`${day}T00:00:00Z`));
    return oneYear ? text : `${text} ${day.slice(0, 4)}`;
  };
  const runs: string[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && nextDay(run.at(-1)!) === day) run.push(day);
    else runs.push([day]);
  }
  const parts = runs.flatMap((run) => (run.length >= 3 ? [`${word(run[0]!)} tot en met ${word(run.at(-1)!)}`] : run.map(word)));
  return oneYear ? `${joinInDutch(parts)} ${sorted[0]!.slice(0, 4)}` : joinInDutch(parts);
}

/** Sorted by the child's last name, then first name, with the Dutch collation. */
export function compareParticipants(a: CampParticipant, b: CampParticipant): number {
  return (
    compareDutch(a.SUBSCRIBER_LASTNAME, b.SUBSCRIBER_LASTNAME) ||
    compareDutch(a.SUBSCRIBER_FIRSTNAME, b.SUBSCRIBER_FIRSTNAME) ||
    a.SUBSCRIPTION_ID - b.SUBSCRIPTION_ID
  );
}

/**
 * A child can be present only on a day that has come (issue 39): today in Belgium or before. An absence may
 * be registered ahead (a parent calls in sick); attests count only presence on days that have been.
 */
export const presenceAllowedOn = (day: string, today: string): boolean => day <= today;

export const participantMessages = {
  notACampDay: 'Deze dag is geen kampdag van deze inschrijving.',
  notACampDayOfCamp: 'Deze dag is geen kampdag van dit kamp.',
  cancelled: 'Deze inschrijving is geannuleerd.',
  futurePresence: (day: string) =>
    `Aanwezig zetten kan pas vanaf de dag zelf: ${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} is nog niet gekomen.`,
  futureDay: 'Deze dag is nog niet gekomen: aanwezig zetten kan pas vanaf de dag zelf. Een afwezigheid kan je al registreren.',
};
