import { z } from 'zod';
import {
  agegroupAdminRecord,
  copySeasonPayload,
  copySeasonResult,
  crudAgegroupRequest,
  crudLocationRequest,
  crudLunchPreferenceRequest,
  crudPeriodRequest,
  locationAdminRecord,
  periodAdminRecord,
  periodsQuery,
} from '../schemas/season.js';
import { lunchPreferenceRecord } from '../schemas/taxonomy.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

/** A crud call of an admin list: `{ [idKey]: id }`, or the record as a list for read. */
const crudAnswer = <R extends z.ZodType>(idKey: string, record: R) => z.union([z.object({ [idKey]: z.number() }), z.array(record)]);

export const seasonCalls = feature('season', {
  getLocations: call({
    method: 'GET',
    path: '/api/getLocations',
    access: reads('season'),
    provides: ['season'],
    summary: 'Every location with what the admin screen needs (how many camps use it)',
    response: z.array(locationAdminRecord),
    example: {},
  }),
  getPeriods: call({
    method: 'GET',
    path: '/api/getPeriods',
    access: reads('season'),
    provides: ['season'],
    summary: 'The periods (of a year), by start date',
    query: periodsQuery,
    response: z.array(periodAdminRecord),
    example: { query: { year: 2025 } },
  }),
  getAgegroups: call({
    method: 'GET',
    path: '/api/getAgegroups',
    access: reads('season'),
    provides: ['season'],
    summary: 'Every age group with its ages',
    response: z.array(agegroupAdminRecord),
    example: {},
  }),
  crudLocation: call({
    method: 'POST',
    path: '/api/crudLocation',
    access: changes('season'),
    invalidates: ['season', 'camp'],
    summary: 'A location plus an optional action, as crudCamp',
    body: crudLocationRequest,
    response: crudAnswer('locationId', locationAdminRecord),
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { LOCATION_NAME: 'Sporthal De Bres', LOCATION_NAME_SHORT: 'De Bres', LOCATION_ADDRESS: 'Bresstraat 1, 9000 Gent' } },
  }),
  crudPeriod: call({
    method: 'POST',
    path: '/api/crudPeriod',
    access: changes('season'),
    invalidates: ['season', 'camp'],
    summary: 'A period plus an optional action, as crudCamp',
    body: crudPeriodRequest,
    response: crudAnswer('periodId', periodAdminRecord),
    refusals: ['NOT_FOUND', 'CONFLICT', 'VERSION_CONFLICT'],
    example: {
      body: {
        PERIOD_NAME: 'Allerheiligen extra',
        PERIOD_NAME_SHORT: 'Allerheiligen',
        PERIOD_STARTDATE: '2025-10-27',
        PERIOD_ENDDATE: '2025-10-31',
      },
    },
  }),
  crudAgegroup: call({
    method: 'POST',
    path: '/api/crudAgegroup',
    access: changes('season'),
    invalidates: ['season', 'camp'],
    summary: 'An age group plus an optional action, as crudCamp',
    body: crudAgegroupRequest,
    response: crudAnswer('agegroupId', agegroupAdminRecord),
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { AGEGROUP_NAME: 'Kleuters', AGEGROUP_MIN_AGE: 3, AGEGROUP_MAX_AGE: 5 } },
  }),
  crudLunchPreference: call({
    method: 'POST',
    path: '/api/crudLunchPreference',
    access: changes('season'),
    invalidates: ['season'],
    summary: 'A lunch preference plus an optional action, as crudCamp',
    body: crudLunchPreferenceRequest,
    response: crudAnswer('lunchPreferenceId', lunchPreferenceRecord),
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { LUNCHPREFERENCE_DESCRIPTION: 'Glutenvrij' } },
  }),
  copySeason: call({
    method: 'POST',
    path: '/api/copySeason',
    access: changes('season'),
    invalidates: ['season', 'camp', 'mailSchedule'],
    summary: "Copies a year's camps to another year (closed, shifted); a dry run writes nothing",
    body: copySeasonPayload,
    response: copySeasonResult,
    example: { body: { fromYear: 2025, toYear: 2026, priceIncreasePercent: 3, dryRun: true } },
  }),
});
