import { campCalls } from '@common/contract/camps.js';
import { campIdPayload, campPayload } from '@common/schemas/camps.js';
import { callRoutes } from '../../lib/calls.js';
import { notFound } from '../../lib/errors.js';
import { visibleCampLocations } from '../../lib/monitor-camps.js';
import { parsePayload } from '../../lib/validation.js';
import { currentAdminId } from '../../plugins/auth.js';
import { campSummary, listCamps } from './queries.js';
import { campMessages, createCamp, deleteCamp, updateCamp } from './service.js';

export default callRoutes(campCalls, (app) => ({
  /** A monitor user gets only the camps at their monitor's locations. */
  getCamps: async (request) => {
    const camps = await listCamps(app.database.db, request.query);
    const locations = await visibleCampLocations(app.database.db, request.user!);
    return locations === null ? camps : camps.filter((camp) => locations.includes(camp.LOCATION_ID));
  },

  getCampSummary: async (request) => {
    const summary = await campSummary(app.database.db, request.query.campId);
    if (!summary) throw notFound(campMessages.notFound);
    return [summary];
  },

  /** The camp object plus an optional action; without one, no CAMP_ID creates and a CAMP_ID updates. */
  crudCamp: async (request) => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const { action } = request.body;
    if (action === 'read') return listCamps(db, { campId: parsePayload(campIdPayload, request.body).CAMP_ID });
    if (action === 'delete') return { campId: await deleteCamp(db, adminId, parsePayload(campIdPayload, request.body).CAMP_ID) };
    const camp = parsePayload(campPayload, request.body);
    const updating = action === 'update' || (action === undefined && camp.CAMP_ID !== undefined);
    if (updating) return { campId: await updateCamp(db, adminId, parsePayload(campIdPayload, camp).CAMP_ID, camp) };
    return { campId: await createCamp(db, adminId, camp) };
  },
}));
