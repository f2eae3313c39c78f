import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxonomyQuery } from '@common/schemas/taxonomy.js';
import { listTaxonomy } from './queries.js';

/** GET getTaxonomy?type=location|theme|period|agegroup|paymentmethod[&year][&themeId]: the lookups (decisions.md section 2). */
const taxonomyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/getTaxonomy', { schema: { tags: ['lookups'], querystring: taxonomyQuery } }, async (request) => {
    const { type, year, themeId } = request.query;
    return { data: await listTaxonomy(app.database.db, type, { year, themeId }) };
  });
};

export default taxonomyRoutes;
