import { changes, reads } from '../policies.js';
import {
  joinWaitingListAnswer,
  joinWaitingListPayload,
  moveWaitingEntryPayload,
  waitingEntryRecord,
  waitingIdPayload,
  waitingListQuery,
  yearWaitingEntryRecord,
} from '../schemas/waiting-list.js';
import { campYearQuery } from '../schemas/taxonomy.js';
import { z } from 'zod';
import { call, feature } from './define.js';

/**
 * Staff's side of a full camp's waiting list (issue 34): the list per camp in its order, a family put on it at the
 * desk, a child moved up or down, offered a seat by hand, or removed. The family's side is under /api/public/.
 */
export const waitingListCalls = feature('waitingList', {
  getWaitingList: call({
    method: 'GET',
    provides: ['subscription', 'camp'],
    path: '/api/getWaitingList',
    access: reads('subscription'),
    summary: "A camp's waiting list in its order: the children in line with their place, then those offered a seat",
    query: waitingListQuery,
    response: z.array(waitingEntryRecord),
    example: { query: { campId: 1 } },
  }),
  getWaitingLists: call({
    method: 'GET',
    provides: ['subscription', 'camp'],
    path: '/api/getWaitingLists',
    access: reads('subscription'),
    summary:
      "Every child on a waiting list of a camp year (without campYear: the current one), for the subscriptions overview's 'Toon enkel de wachtlijst': per camp (by its period's start, theme and location) the camp's list in its order, the children in line with their place, then those offered a seat with the offer's deadline",
    query: campYearQuery,
    response: z.array(yearWaitingEntryRecord),
    example: { query: { campYear: 2025 } },
  }),
  addToWaitingList: call({
    method: 'POST',
    invalidates: ['subscription', 'camp', 'mail'],
    path: '/api/addToWaitingList',
    access: changes('subscription'),
    summary: "Puts children of one family on a full camp's waiting list (several: together, one offer for all)",
    body: joinWaitingListPayload,
    response: joinWaitingListAnswer,
    refusals: ['NOT_FOUND', 'CAMP_NOT_FULL', 'CAMP_CLOSED', 'AGE_OUT_OF_RANGE', 'ALREADY_WAITING'],
    example: { body: { CHILD_IDS: [1], CAMP_ID: 1 } },
  }),
  moveWaitingEntry: call({
    method: 'POST',
    invalidates: ['subscription', 'camp'],
    path: '/api/moveWaitingEntry',
    access: changes('subscription'),
    summary: 'Moves a child (with the siblings waiting with it) to a place in line, 1 the first; audited',
    body: moveWaitingEntryPayload,
    response: z.array(waitingEntryRecord),
    refusals: ['NOT_FOUND'],
    example: { body: { WAITING_ID: 1, position: 1 } },
  }),
  offerSeat: call({
    method: 'POST',
    invalidates: ['subscription', 'camp', 'mail'],
    path: '/api/offerSeat',
    access: changes('subscription'),
    summary: 'Offers free seats to a waiting child (and its siblings waiting with it) now, out of turn',
    body: waitingIdPayload,
    response: z.array(waitingEntryRecord),
    refusals: ['NOT_FOUND', 'CAMP_FULL'],
    example: { body: { WAITING_ID: 1 } },
  }),
  removeWaitingEntry: call({
    method: 'POST',
    invalidates: ['subscription', 'camp', 'mail'],
    path: '/api/removeWaitingEntry',
    access: changes('subscription'),
    summary: 'Takes a child off the waiting list; a seat it was offered goes on to the next at once',
    body: waitingIdPayload,
    response: z.array(waitingEntryRecord),
    refusals: ['NOT_FOUND'],
    example: { body: { WAITING_ID: 1 } },
  }),
});
