import { taxonomyCalls } from '@common/contract/taxonomy.js';
import { callRoutes } from '../../lib/calls.js';
import { listTaxonomy } from './queries.js';

/** GET getTaxonomy?type=location|theme|period|agegroup|paymentmethod[&year][&themeId]: the lookups (decisions.md section 2). */
export default callRoutes(taxonomyCalls, (app) => ({
  getTaxonomy: async (request) => {
    const { type, year, themeId } = request.query;
    return listTaxonomy(app.database.db, type, { year, themeId });
  },
}));
