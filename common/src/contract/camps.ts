import { z } from 'zod';
import { campIdQuery, campRecord, campSummaryRecord, crudCampRequest } from '../schemas/camps.js';
import { campsQuery } from '../schemas/taxonomy.js';
import { DEFAULT_MAIL_TEMPLATES } from '../constants.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

export const campCalls = feature('camps', {
  getCamps: call({
    method: 'GET',
    path: '/api/getCamps',
    access: reads('camp'),
    provides: ['camp', 'subscription'],
    summary: 'The camps of a camp year, or the one with campId, with seats and inherited booking settings',
    query: campsQuery,
    response: z.array(campRecord),
    example: { query: { campYear: 2025 } },
  }),
  getCampSummary: call({
    method: 'GET',
    path: '/api/getCampSummary',
    // Money: the payments' policy (a monitor sees nothing about money).
    access: reads('payment'),
    provides: ['camp', 'subscription', 'payment'],
    summary: 'Seats, counts per payment status and money totals of one camp',
    query: campIdQuery,
    response: z.array(campSummaryRecord),
    refusals: ['NOT_FOUND'],
    example: { query: { campId: 1 } },
  }),
  crudCamp: call({
    method: 'POST',
    path: '/api/crudCamp',
    access: changes('camp'),
    invalidates: ['camp', 'subscription'],
    summary:
      'The camp object plus an optional action (create, read, update, delete); without one, no CAMP_ID creates and a CAMP_ID updates. Read answers the camp as a list',
    body: crudCampRequest,
    response: z.union([z.object({ campId: z.number() }), z.array(campRecord)]),
    refusals: ['NOT_FOUND', 'CONFLICT', 'VERSION_CONFLICT'],
    example: {
      body: {
        LOCATION_ID: 2,
        PERIOD_ID: 1,
        THEME_ID: 1,
        AGEGROUP_ID: 1,
        MIN_BIRTHYEAR: 2014,
        MAX_BIRTHYEAR: 2017,
        PRICE: 145,
        SEATS_AVAILABLE: 24,
        CAMP_CLOSED: false,
        CAMP_ALLOW_BOOKING_FROM: '',
        CAMP_ALLOW_BOOKING_INFO: '',
        ACTIVE_DAYS: '2021-03-01,2021-03-02,2021-03-03,2021-03-04,2021-03-05',
        CAMP_DISCOUNT_ALLOWED: true,
        CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED: false,
        CAMP_FLEXIBLE_BOOKING_ALLOWED: true,
        CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS: 0,
        CAMP_MINIMUM_REQUIRED_CAMP_DAYS: 0,
        CAMP_MAXIMUM_ALLOWED_CAMP_DAYS: 0,
        CAMP_REDUCTION_TO_EARN: 0,
        CAMP_FISCAL_MAX_REDUCTION: 0,
        REMARK: 'Zwemgerief meebrengen',
        CAMP_EMAILTEMPLATE_CONFIRM: DEFAULT_MAIL_TEMPLATES.confirm,
        CAMP_EMAILTEMPLATE_CANCEL: DEFAULT_MAIL_TEMPLATES.cancel,
        CAMP_EMAILTEMPLATE_CONVERT_CASH: DEFAULT_MAIL_TEMPLATES.convertCash,
        CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER: DEFAULT_MAIL_TEMPLATES.convertBankTransfer,
      },
    },
  }),
});
