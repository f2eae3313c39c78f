import { z } from 'zod';
import {
  createSubscriptionPayload,
  deletedSubscriptionRecord,
  familiesAnswer,
  findFamiliesQuery,
  moveSubscriptionPayload,
  bookingOverrides,
} from '../schemas/registration.js';
import { subscriptionDetail, subscriptionIdPayload } from '../schemas/subscriptions.js';
import { campYearQuery } from '../schemas/taxonomy.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

/** Staff registration, moving a child to another camp and the trash of deleted subscriptions (issue 18). */
export const registrationCalls = feature('registration', {
  findFamilies: call({
    method: 'GET',
    path: '/api/findFamilies',
    access: reads('family'),
    provides: ['subscription'],
    summary:
      'Parents whose name, e-mail or national number matches, with their children (at most 20; no national numbers), and how many there are',
    query: findFamiliesQuery,
    response: familiesAnswer,
    example: { query: { search: 'Janssens' } },
  }),
  createSubscription: call({
    method: 'POST',
    path: '/api/createSubscription',
    access: changes('subscription'),
    invalidates: ['subscription', 'mail'],
    summary:
      "Staff's registration: a seat in the camp (409 CAMP_FULL, CAMP_CLOSED, AGE_OUT_OF_RANGE unless overCapacity, overClosed, overAgeRange), OGM, confirmation mail",
    body: createSubscriptionPayload,
    response: z.object({ SUBSCRIPTION_ID: z.number() }),
    refusals: ['NOT_FOUND', 'CONFLICT', 'CAMP_FULL', 'CAMP_CLOSED', 'AGE_OUT_OF_RANGE'],
    example: {
      body: {
        CAMP_ID: 1,
        SUBSCRIBER_PARENT_ID: 1,
        SUBSCRIBER_ID: 1,
        PAYMENTMETHOD_ID: 2,
        SUBSCRIPTION_LUNCH_PREFERENCE_ID: 1,
        SUBSCRIPTION_REMARK: 'Telefonisch ingeschreven',
        SUBSCRIPTION_SELECTED_DAYS: '',
        overCapacity: false,
        overAgeRange: false,
        overClosed: false,
      },
    },
  }),
  moveSubscription: call({
    method: 'POST',
    path: '/api/moveSubscription',
    access: changes('subscription'),
    invalidates: ['subscription', 'mail'],
    summary:
      "Moves the subscription to another camp of its year (the booking rules and overrides of createSubscription): the target's price, payments along, a 'verplaatsing' mail",
    body: moveSubscriptionPayload,
    response: subscriptionDetail,
    refusals: ['NOT_FOUND', 'CONFLICT', 'CAMP_FULL', 'CAMP_CLOSED', 'AGE_OUT_OF_RANGE'],
    example: { body: { SUBSCRIPTION_ID: 1, CAMP_ID: 2, overCapacity: false, overAgeRange: false, overClosed: false } },
  }),
  getDeletedSubscriptions: call({
    method: 'GET',
    path: '/api/getDeletedSubscriptions',
    access: reads('subscription'),
    provides: ['subscription'],
    summary: 'The trash: deleted subscriptions of a camp year (without campYear: the current one), newest first',
    query: campYearQuery,
    response: z.array(deletedSubscriptionRecord),
    example: { query: { campYear: 2025 } },
  }),
  restoreSubscription: call({
    method: 'POST',
    path: '/api/restoreSubscription',
    access: changes('subscription'),
    invalidates: ['subscription', 'mail'],
    summary:
      "'Terugzetten': the subscription exactly as it was, if its seat is still free, the camp open and the child of its age (409 unless overridden, as createSubscription)",
    body: subscriptionIdPayload.extend(bookingOverrides),
    response: z.object({ SUBSCRIPTION_ID: z.number() }),
    refusals: ['NOT_FOUND', 'CONFLICT', 'CAMP_FULL', 'CAMP_CLOSED', 'AGE_OUT_OF_RANGE'],
    example: { body: { SUBSCRIPTION_ID: 1, overCapacity: false } },
  }),
});
