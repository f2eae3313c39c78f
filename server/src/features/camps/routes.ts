import { campCalls } from '@common/contract/camps.js';
import { campIdPayload, campPayload } from '@common/schemas/camps.js';
import { callRoutes } from '../../lib/calls.js';
import { notFound } from '../../lib/errors.js';
import { parsePayload } from '../../lib/validation.js';
import { currentAdminId } from '../../plugins/auth.js';
import { campSummary, listCamps } from './queries.js';
import { campMessages, createCamp, deleteCamp, updateCamp } from './service.js';

export default callRoutes(campCalls, (app) => ({
  getCamps: async (request) => listCamps(app.database.db, request.query),

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
