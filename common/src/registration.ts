import { countText } from './format.js';
import { validationMessages } from './messages.js';
import { centsToEuro } from './money.js';

/**
 * The price rule of a staff registration (issue 18, docs/decisions.md 'Staff registration'): a flexible
 * booking pays for its days only. The days not booked are a 'selected-days' discount of the camp's price per
 * active day, as the public booking site records them; the web shows the same figure before saving.
 */
export function selectedDaysDiscountCents(campPriceCents: number, activeDays: readonly string[], selectedDays: readonly string[]): number {
  const missing = activeDays.length - selectedDays.length;
  if (activeDays.length === 0 || missing <= 0) return 0;
  return Math.round((campPriceCents / activeDays.length) * missing);
}

/** What a registration of these days costs before any other discount, in euro. */
export function registrationPrice(
  campPrice: number,
  flexible: boolean,
  activeDays: readonly string[],
  selectedDays: readonly string[],
): number {
  const priceCents = Math.round(campPrice * 100);
  return centsToEuro(priceCents - (flexible ? selectedDaysDiscountCents(priceCents, activeDays, selectedDays) : 0));
}

/** The remark of a selected-days discount. */
export const selectedDaysRemark = (missing: number) => `${countText(missing, 'dag', 'dagen')} minder`;

/** The remark of the organiser's own discount at booking: a further child of the same family in the camp year. */
export const SIBLING_DISCOUNT_REMARK = 'Korting broer of zus';

/** A live booking of a family in one camp year, as the sibling discount reads it. */
export interface FamilyBooking {
  /** The camp gives the organiser's own discount (CAMP_DISCOUNT_ALLOWED). */
  discountAllowed: boolean;
  /** CAMP_REDUCTION_TO_EARN, in cents. */
  reductionToEarnCents: number;
}

/**
 * The sibling discount follows the family's live bookings (issue 39): of a family's bookings in one camp year that
 * are not cancelled, in booking order, the first earns nothing and each further one holds its camp's
 * CAMP_REDUCTION_TO_EARN when the camp gives the organiser's discount. Answers, per booking in the same order,
 * whether it holds the discount. A new booking is always the last, so at registration this is 'the family already
 * has a live booking that year'.
 */
export function siblingDiscountsDue(bookingsInOrder: readonly FamilyBooking[]): boolean[] {
  return bookingsInOrder.map((booking, index) => index > 0 && booking.discountAllowed && booking.reductionToEarnCents > 0);
}

/** Reference and OGM of a subscription follow its id, as the booking site makes them: KB2026-010478, +++200/0010/47881+++. */
export const REFERENCE_OGM_BASE = 2_000_000_000;
export const subscriptionReference = (campYear: number, subscriptionId: number) =>
  `KB${campYear}-${String(subscriptionId).padStart(6, '0')}`;

/** A camp's age range: the oldest children are born in MIN_BIRTHYEAR, the youngest in MAX_BIRTHYEAR. */
export interface CampBirthYears {
  MIN_BIRTHYEAR: number;
  MAX_BIRTHYEAR: number;
}

/**
 * The age rule of a booking (issue 39): a child fits a camp when its birth year (of a birth date yyyy-mm-dd)
 * lies within the camp's birth years, both included. Staff may book outside it with 'Toch inschrijven (buiten
 * leeftijd)'; the public booking site may not.
 */
export function birthYearFits(camp: CampBirthYears, birthdate: string): boolean {
  const year = Number(birthdate.slice(0, 4));
  return Number.isInteger(year) && year >= camp.MIN_BIRTHYEAR && year <= camp.MAX_BIRTHYEAR;
}

/** A camp's period: its first and last day, ISO dates. */
export interface CampPeriod {
  start: string;
  end: string;
}

/**
 * Whether two periods share a day, both ends included: a child cannot be in both camps. The database's check of a
 * child's booked camps (clashSql in server/src/domain/booking.ts) applies the same rule in SQL.
 */
export function periodsOverlap(a: CampPeriod, b: CampPeriod): boolean {
  return a.start <= b.end && a.end >= b.start;
}

/** 'geboortejaren 2015–2018' (one year: 'geboortejaar 2016'), as every camp choice shows it. */
export function birthYearsText(camp: CampBirthYears): string {
  return camp.MIN_BIRTHYEAR === camp.MAX_BIRTHYEAR
    ? `geboortejaar ${camp.MIN_BIRTHYEAR}`
    : `geboortejaren ${camp.MIN_BIRTHYEAR}–${camp.MAX_BIRTHYEAR}`;
}

const birthRangeText = (camp: CampBirthYears) =>
  camp.MIN_BIRTHYEAR === camp.MAX_BIRTHYEAR
    ? `kinderen geboren in ${camp.MIN_BIRTHYEAR}`
    : `kinderen geboren van ${camp.MIN_BIRTHYEAR} tot en met ${camp.MAX_BIRTHYEAR}`;

/** The refusal of a child outside the camp's birth years (409 AGE_OUT_OF_RANGE), naming the range. */
export function ageOutOfRangeMessage(child: string, birthdate: string, camp: CampBirthYears): string {
  return `${child} is geboren in ${birthdate.slice(0, 4)}; dit kamp is voor ${birthRangeText(camp)}.`;
}

/**
 * The refusal of a corrected birth date that puts a child outside the birth years of camps it is still booked into
 * (409 AGE_OUT_OF_RANGE, issue 39), naming each camp and its range.
 */
export function correctionOutOfRangeMessage(
  child: string,
  birthdate: string,
  camps: readonly (CampBirthYears & { name: string })[],
): string {
  const ranges = camps.map((camp) => `${camp.name} is voor ${birthRangeText(camp)}`).join('; ');
  return `Met deze geboortedatum is ${child} geboren in ${birthdate.slice(0, 4)}; ${ranges}.`;
}

/** The refusal of a booking into a closed camp (409 CAMP_CLOSED) unless staff override it. */
export const CAMP_CLOSED_MESSAGE = 'Dit kamp is gesloten: er kan niet meer ingeschreven worden.';

/** A camp's day rules as a booking of some of its days reads them (0: no limit). */
export interface CampDayRules {
  activeDays: readonly string[];
  minimumRequiredDays: number;
  maximumAllowedDays: number;
  minimumContiguousDays: number;
}

/**
 * The day rule of a flexible booking (issue 18 at the desk, issue 40 on the public site): some of the camp's own
 * days, at least CAMP_MINIMUM_REQUIRED_CAMP_DAYS and at most CAMP_MAXIMUM_ALLOWED_CAMP_DAYS, and every run of days
 * that follow each other in the camp's days at least CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS long. Answers why the days
 * are refused, in Dutch, or null when they are fine.
 */
export function daysRuleProblem(camp: CampDayRules, selected: readonly string[]): string | null {
  if (selected.length === 0) return validationMessages.required;
  const index = selected.map((day) => camp.activeDays.indexOf(day));
  if (index.some((i) => i < 0)) return 'Kies enkel dagen van het kamp.';
  if (camp.minimumRequiredDays > 0 && selected.length < camp.minimumRequiredDays)
    return `Kies minstens ${countText(camp.minimumRequiredDays, 'dag', 'dagen')}.`;
  if (camp.maximumAllowedDays > 0 && selected.length > camp.maximumAllowedDays)
    return `Kies hoogstens ${countText(camp.maximumAllowedDays, 'dag', 'dagen')}.`;
  if (camp.minimumContiguousDays > 1) {
    const sorted = [...index].sort((a, b) => a - b);
    let run = 1;
    for (let i = 1; i <= sorted.length; i++) {
      if (i < sorted.length && sorted[i] === sorted[i - 1]! + 1) run++;
      else {
        if (run < camp.minimumContiguousDays)
          return `Kies telkens minstens ${countText(camp.minimumContiguousDays, 'dag', 'dagen')} na elkaar.`;
        run = 1;
      }
    }
  }
  return null;
}
