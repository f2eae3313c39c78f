import { z } from 'zod';
import { isValidIban } from '../identity-numbers.js';
import { validationMessages as m } from '../messages.js';
import { idField, positiveIntField } from './fields.js';

/**
 * The waiting list of a full camp and a family's own cancellation (issue 34). A family's calls are under
 * /api/public/ (contract/public.ts), staff's under /api/ (contract/waiting-list.ts).
 */

/** joinWaitingList: the children (of the family) who wait for the camp; several wait together, for one offer for all. */
export const joinWaitingListPayload = z.object({
  CHILD_IDS: z.array(idField, { error: m.required }).min(1, m.required).max(10, m.tooLong),
  CAMP_ID: idField,
});
export type JoinWaitingListPayload = z.infer<typeof joinWaitingListPayload>;
export const joinWaitingListAnswer = z.object({
  WAITING_IDS: z.array(z.number()),
  /** The place in line of these children (1: the first). */
  PLACE: z.number(),
});

export const waitingIdPayload = z.object({ WAITING_ID: idField });

/** The token of the link in an offer mail (`PUBLIC_SITE_URL#aanbod=<token>`). */
export const offerTokenPayload = z.object({
  offerToken: z.string({ error: m.required }).trim().min(1, m.required).max(200, m.tooLong),
});

/**
 * getOffer: what the offer page shows from the mail's link, without signing in (the token is the key): the camp, the
 * children the seats are held for (first names), the camp's price per child and the deadline; STATE says whether it
 * can still be taken ('open'; an open offer past its deadline answers 'lapsed').
 */
export const OFFER_STATES = ['open', 'accepted', 'declined', 'lapsed', 'withdrawn'] as const;
export const offerAnswer = z.object({
  STATE: z.enum(OFFER_STATES),
  OFFER_EXPIRES_AT: z.string(),
  CAMP_ID: z.number(),
  THEME_NAME: z.string(),
  LOCATION_NAME: z.string(),
  PERIOD_NAME: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
  /** The camp's price for one child, before a discount for a further child of the family. */
  CAMP_PRICE: z.number(),
  /** The children's first names, in the order acceptOffer books them. */
  CHILDREN: z.array(z.string()),
});
export type OfferAnswer = z.infer<typeof offerAnswer>;

/** moveWaitingEntry: the entry (with the siblings waiting with it) to this place in line, 1 the first. */
export const moveWaitingEntryPayload = z.object({ WAITING_ID: idField, position: positiveIntField });

export const waitingListQuery = z.object({ campId: idField });

export const WAITING_STATES = ['waiting', 'offered'] as const;

/** One child on a camp's waiting list as staff see it: in line (PLACE) or offered a seat until OFFER_EXPIRES_AT. */
export const waitingEntryRecord = z.object({
  WAITING_ID: z.number(),
  GROUP_ID: z.number(),
  STATE: z.enum(WAITING_STATES),
  /** The place in line of its group; null while it has an offer. */
  PLACE: z.number().nullable(),
  OFFER_EXPIRES_AT: z.string().nullable(),
  CHILD_ID: z.number(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIBER_BIRTHDATE: z.string(),
  SUBSCRIBER_PARENT_ID: z.number(),
  SUBSCRIBER_PARENT_FIRSTNAME: z.string(),
  SUBSCRIBER_PARENT_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_EMAIL: z.string(),
  SUBSCRIBER_PARENT_PHONE: z.string(),
  CREATED_AT: z.string(),
});
export type WaitingEntryRecord = z.infer<typeof waitingEntryRecord>;

/**
 * getWaitingLists: one child on a waiting list of a camp year, for the subscriptions overview's 'Toon enkel de
 * wachtlijst' (issue 34): its state and place as on the camp's list, and the camp as the overview filters and writes it
 * (`campLabel`). Only what the row shows and the search finds: no birth date, e-mail address or phone number.
 */
export const yearWaitingEntryRecord = waitingEntryRecord
  .pick({
    WAITING_ID: true,
    GROUP_ID: true,
    STATE: true,
    PLACE: true,
    OFFER_EXPIRES_AT: true,
    CHILD_ID: true,
    SUBSCRIBER_FIRSTNAME: true,
    SUBSCRIBER_LASTNAME: true,
    SUBSCRIBER_PARENT_FIRSTNAME: true,
    SUBSCRIBER_PARENT_LASTNAME: true,
  })
  .extend({
    CAMP_ID: z.number(),
    THEME_ID: z.number(),
    THEME_NAME: z.string(),
    LOCATION_ID: z.number(),
    LOCATION_NAME_SHORT: z.string(),
    PERIOD_ID: z.number(),
    PERIOD_NAME_SHORT: z.string(),
    PERIOD_STARTDATE: z.string(),
    PERIOD_ENDDATE: z.string(),
  });
export type YearWaitingEntryRecord = z.infer<typeof yearWaitingEntryRecord>;

/**
 * getMyWaitingList: the family's children waiting, 'wachtlijst, plaats 3', or with an offer until its deadline
 * (children waiting together share their GROUP_ID, and one offer: acceptMyOffer or declineMyOffer with any of them).
 */
export const myWaitingAnswer = z.object({
  WAITING: z.array(
    z.object({
      WAITING_ID: z.number(),
      GROUP_ID: z.number(),
      CAMP_ID: z.number(),
      CHILD_ID: z.number(),
      SUBSCRIBER_FIRSTNAME: z.string(),
      THEME_NAME: z.string(),
      LOCATION_NAME: z.string(),
      PERIOD_NAME: z.string(),
      PERIOD_STARTDATE: z.string(),
      STATE: z.enum(WAITING_STATES),
      PLACE: z.number().nullable(),
      OFFER_EXPIRES_AT: z.string().nullable(),
    }),
  ),
});

/** cancelBooking: the family's own cancellation; IBAN where what was paid above the fee goes back (when none is known). */
export const cancelBookingPayload = z.object({
  SUBSCRIPTION_ID: idField,
  IBAN: z
    .string({ error: m.wrongFormat })
    .trim()
    .max(42, m.tooLong)
    .optional()
    .transform((v) => (v ? v.replace(/\s/g, '').toUpperCase() : undefined))
    .refine((v) => v === undefined || isValidIban(v), m.wrongFormat),
});
export type CancelBookingPayload = z.infer<typeof cancelBookingPayload>;

/** cancelBooking's answer: the fee that stays to pay, and what goes back (shown in staff's Terugbetalingen). */
export const cancelBookingAnswer = z.object({
  SUBSCRIPTION_ID: z.number(),
  CAMP_CANCELLATION_FEE: z.number(),
  SUBSCRIPTION_AMOUNT_TO_PAY: z.number(),
  REFUND_AMOUNT: z.number(),
});
