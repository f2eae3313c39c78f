import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsRecord } from '@common/schemas/settings.js';

/** The settings the web app shows or builds links from; guarded like every other call. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/getSettings', { schema: { tags: ['settings'] } }, async () => {
    const settings: SettingsRecord = { PUBLIC_SITE_URL: app.config.PUBLIC_SITE_URL };
    return { data: [settings] };
  });
};

export default settingsRoutes;
