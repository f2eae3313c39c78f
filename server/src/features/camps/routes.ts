import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campIdPayload, campIdQuery, campPayload, crudCampRequest } from '@common/schemas/camps.js';
import { campsQuery } from '@common/schemas/taxonomy.js';
import { notFound } from '../../lib/errors.js';
import { parsePayload } from '../../lib/validation.js';
import { currentAdminId } from '../../plugins/auth.js';
import { campSummary, listCamps } from './queries.js';
import { campMessages, createCamp, deleteCamp, updateCamp } from './service.js';

const tags = ['camps'];

const campRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/getCamps', { schema: { tags, querystring: campsQuery } }, async (request) => ({
    data: await listCamps(app.database.db, request.query),
  }));

  app.get('/getCampSummary', { schema: { tags, querystring: campIdQuery } }, async (request) => {
    const summary = await campSummary(app.database.db, request.query.campId);
    if (!summary) throw notFound(campMessages.notFound);
    return { data: [summary] };
  });

  /** The camp object plus an optional action; without one, no CAMP_ID creates and a CAMP_ID updates. Answers { data: { campId } }. */
  app.post('/crudCamp', { schema: { tags, body: crudCampRequest } }, async (request) => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const { action } = request.body;
    if (action === 'read') {
      const [camp] = await listCamps(db, { campId: parsePayload(campIdPayload, request.body).CAMP_ID });
      return { data: camp ? [camp] : [] };
    }
    if (action === 'delete') return { data: { campId: await deleteCamp(db, adminId, parsePayload(campIdPayload, request.body).CAMP_ID) } };
    const camp = parsePayload(campPayload, request.body);
    const updating = action === 'update' || (action === undefined && camp.CAMP_ID !== undefined);
    if (updating) return { data: { campId: await updateCamp(db, adminId, parsePayload(campIdPayload, camp).CAMP_ID, camp) } };
    return { data: { campId: await createCamp(db, adminId, camp) } };
  });
};

export default campRoutes;
