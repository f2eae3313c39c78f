import { z } from 'zod';
import { themeRecord } from '../schemas/themes.js';
import { agegroupRecord, locationRecord, paymentMethodRecord, periodRecord, taxonomyQuery } from '../schemas/taxonomy.js';
import { reads } from '../policies.js';
import { call, feature } from './define.js';

export const taxonomyCalls = feature('lookups', {
  getTaxonomy: call({
    method: 'GET',
    path: '/api/getTaxonomy',
    access: reads('season'),
    provides: ['season', 'theme'],
    summary: 'A lookup list by type: location, theme (or one with themeId), period (of a year), agegroup, paymentmethod',
    query: taxonomyQuery,
    response: z.union([
      z.array(locationRecord),
      z.array(themeRecord),
      z.array(periodRecord),
      z.array(agegroupRecord),
      z.array(paymentMethodRecord),
    ]),
    example: { query: { type: 'period', year: 2025 } },
  }),
});
