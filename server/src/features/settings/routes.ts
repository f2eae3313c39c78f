import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsPayload } from '@common/schemas/settings.js';
import { currentAdminId } from '../../plugins/auth.js';
import { readSettings, settingsDefaults, updateSettings } from './settings.js';

/** GET getSettings answers the organiser's settings as a one-record list; POST updateSettings saves them all. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const defaults = settingsDefaults(app.config);
  app.get('/getSettings', { schema: { tags: ['settings'] } }, async () => ({ data: [await readSettings(app.database.db, defaults)] }));

  app.post('/updateSettings', { schema: { tags: ['settings'], body: settingsPayload } }, async (request) => ({
    data: [await updateSettings(app.database.db, currentAdminId(request), request.body, defaults)],
  }));
};

export default settingsRoutes;
