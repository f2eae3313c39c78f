import type { BookAnswer, PublicCamp } from '@common/schemas/public.js';

/** One line of the basket: a camp, the child it is for, and the days of a flexible camp. */
export interface BasketItem {
  key: string;
  CAMP_ID: number;
  CHILD_ID: number | null;
  days: string[];
}

/** A voucher link's token and camp (`?voucher=…&camp=…`): kept for the visit until it has booked. */
export interface Voucher {
  token: string;
  campId: number;
}

/** What the confirmation page shows after 'Boeken': the answer, with the camp and child of each booking. */
export interface Confirmation {
  answer: BookAnswer;
  lines: { camp: PublicCamp; childName: string }[];
}

/** The visit's basket, voucher and last confirmation survive a reload of the tab (sessionStorage). */
function stored<T>(key: string) {
  return {
    read(): T | null {
      try {
        const text = sessionStorage.getItem(key);
        return text ? (JSON.parse(text) as T) : null;
      } catch {
        return null;
      }
    },
    write(value: T | null) {
      if (value === null) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, JSON.stringify(value));
    },
  };
}
export const basketStore = stored<BasketItem[]>('inschrijven.mand');
export const voucherStore = stored<Voucher>('inschrijven.voucher');
export const confirmationStore = stored<Confirmation>('inschrijven.bevestiging');
/** The token of the offer link this tab opened (`#aanbod=<token>`, issue 34), kept while its page is shown. */
export const offerStore = stored<string>('inschrijven.aanbod');
/** A confirmation link opened while signed out: confirmed right after signing in. */
export const pendingConfirmStore = stored<string>('inschrijven.bevestig');

/** The voucher of a link `?voucher=<token>&camp=<campId>`, then taken out of the address bar. */
export function voucherFromAddress(): Voucher | null {
  const params = new URLSearchParams(location.search);
  const token = params.get('voucher');
  const campId = Number(params.get('camp'));
  if (!token || !Number.isInteger(campId) || campId <= 0) return null;
  history.replaceState(null, '', `${location.pathname}${location.hash}`);
  return { token, campId };
}

/** Whether the camp can be booked now: not closed, booking opened, a seat open; a voucher for it skips seats and opening. */
export function bookable(camp: PublicCamp, now: number, voucher: Voucher | null): boolean {
  if (camp.CAMP_CLOSED) return false;
  if (voucher?.campId === camp.CAMP_ID) return true;
  return camp.SEATS_OPEN > 0 && (camp.BOOKING_OPENS_AT === null || Date.parse(camp.BOOKING_OPENS_AT) <= now);
}
