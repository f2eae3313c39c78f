import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agegroupIdPayload,
  agegroupPayload,
  copySeasonPayload,
  locationIdPayload,
  locationPayload,
  lunchPreferenceIdPayload,
  lunchPreferencePayload,
  periodIdPayload,
  periodPayload,
  periodsQuery,
} from '@common/schemas/season.js';
import { registerCrudRoute } from '../../lib/crud-route.js';
import { currentAdminId } from '../../plugins/auth.js';
import { copySeason } from './copy-season.js';
import * as lists from './lists.js';

const tag = 'season';

/**
 * Setting up a season (issue 17): the admin lists with their crud calls, and copying last year's camps.
 * getTaxonomy keeps answering the spec's lookups as before; these reads carry what the admin screens need.
 */
const seasonRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get('/getLocations', { schema: { tags: [tag] } }, async () => ({ data: await lists.listLocations(db()) }));
  app.get('/getPeriods', { schema: { tags: [tag], querystring: periodsQuery } }, async (request) => ({
    data: await lists.listPeriods(db(), { year: request.query.year }),
  }));
  app.get('/getAgegroups', { schema: { tags: [tag] } }, async () => ({ data: await lists.listAgegroups(db()) }));

  registerCrudRoute(app, {
    path: 'crudLocation',
    tag,
    payload: locationPayload,
    idPayload: locationIdPayload,
    idOf: (v) => v.LOCATION_ID,
    payloadId: (v) => v.LOCATION_ID,
    answerKey: 'locationId',
    read: (d, id) => lists.listLocations(d, id),
    ...lists.locationService,
  });
  registerCrudRoute(app, {
    path: 'crudPeriod',
    tag,
    payload: periodPayload,
    idPayload: periodIdPayload,
    idOf: (v) => v.PERIOD_ID,
    payloadId: (v) => v.PERIOD_ID,
    answerKey: 'periodId',
    read: (d, id) => lists.listPeriods(d, { periodId: id }),
    ...lists.periodService,
  });
  registerCrudRoute(app, {
    path: 'crudAgegroup',
    tag,
    payload: agegroupPayload,
    idPayload: agegroupIdPayload,
    idOf: (v) => v.AGEGROUP_ID,
    payloadId: (v) => v.AGEGROUP_ID,
    answerKey: 'agegroupId',
    read: (d, id) => lists.listAgegroups(d, id),
    ...lists.agegroupService,
  });
  registerCrudRoute(app, {
    path: 'crudLunchPreference',
    tag,
    payload: lunchPreferencePayload,
    idPayload: lunchPreferenceIdPayload,
    idOf: (v) => v.LUNCHPREFERENCE_ID,
    payloadId: (v) => v.LUNCHPREFERENCE_ID,
    answerKey: 'lunchPreferenceId',
    read: lists.readLunchPreference,
    ...lists.lunchPreferenceService,
  });

  /** Answers what the copy created (or would create, on a dry run) and what it skipped. */
  app.post('/copySeason', { schema: { tags: [tag], body: copySeasonPayload } }, async (request) => ({
    data: await copySeason(db(), currentAdminId(request), request.body),
  }));
};

export default seasonRoutes;
