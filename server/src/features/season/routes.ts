import { seasonCalls } from '@common/contract/season.js';
import {
  agegroupIdPayload,
  agegroupPayload,
  locationIdPayload,
  locationPayload,
  lunchPreferenceIdPayload,
  lunchPreferencePayload,
  periodIdPayload,
  periodPayload,
} from '@common/schemas/season.js';
import { callRoutes } from '../../lib/calls.js';
import { crudHandler } from '../../lib/crud-route.js';
import { currentAdminId } from '../../lib/session-user.js';
import { copySeason } from './copy-season.js';
import * as lists from './lists.js';

/**
 * Setting up a season (issue 17): the admin lists with their crud calls, and copying last year's camps.
 * getTaxonomy keeps answering the spec's lookups as before; these reads carry what the admin screens need.
 */
export default callRoutes(seasonCalls, (app) => {
  const db = () => app.database.db;
  return {
    getLocations: async () => lists.listLocations(db()),
    getPeriods: async (request) => lists.listPeriods(db(), { year: request.query.year }),
    getAgegroups: async () => lists.listAgegroups(db()),
    crudLocation: crudHandler(app, {
      payload: locationPayload,
      idPayload: locationIdPayload,
      idOf: (v) => v.LOCATION_ID,
      payloadId: (v) => v.LOCATION_ID,
      answerKey: 'locationId',
      read: (d, id) => lists.listLocations(d, id),
      ...lists.locationService,
    }),
    crudPeriod: crudHandler(app, {
      payload: periodPayload,
      idPayload: periodIdPayload,
      idOf: (v) => v.PERIOD_ID,
      payloadId: (v) => v.PERIOD_ID,
      answerKey: 'periodId',
      read: (d, id) => lists.listPeriods(d, { periodId: id }),
      ...lists.periodService,
    }),
    crudAgegroup: crudHandler(app, {
      payload: agegroupPayload,
      idPayload: agegroupIdPayload,
      idOf: (v) => v.AGEGROUP_ID,
      payloadId: (v) => v.AGEGROUP_ID,
      answerKey: 'agegroupId',
      read: (d, id) => lists.listAgegroups(d, id),
      ...lists.agegroupService,
    }),
    crudLunchPreference: crudHandler(app, {
      payload: lunchPreferencePayload,
      idPayload: lunchPreferenceIdPayload,
      idOf: (v) => v.LUNCHPREFERENCE_ID,
      payloadId: (v) => v.LUNCHPREFERENCE_ID,
      answerKey: 'lunchPreferenceId',
      read: lists.readLunchPreference,
      ...lists.lunchPreferenceService,
    }),
    /** Answers what the copy created (or would create, on a dry run) and what it skipped. */
    copySeason: async (request) => copySeason(db(), currentAdminId(request), request.body, app.clock.now()),
  };
});
