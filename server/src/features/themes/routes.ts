import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudThemeRequest, themeIdPayload, themePayload } from '@common/schemas/themes.js';
import { parsePayload } from '../../lib/validation.js';
import { currentAdminId } from '../../plugins/auth.js';
import { createTheme, deleteTheme, readTheme, renameTheme } from './service.js';

/**
 * POST crudTheme: { THEME_ID?, THEME_NAME, action? }. Without action, no id creates and an id updates;
 * answers { data: { themeId } } (read answers the theme as a list).
 */
const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/crudTheme', { schema: { tags: ['themes'], body: crudThemeRequest } }, async (request) => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const { action } = request.body;
    if (action === 'read') return { data: await readTheme(db, parsePayload(themeIdPayload, request.body).THEME_ID) };
    if (action === 'delete')
      return { data: { themeId: await deleteTheme(db, adminId, parsePayload(themeIdPayload, request.body).THEME_ID) } };
    const theme = parsePayload(themePayload, request.body);
    const updating = action === 'update' || (action === undefined && theme.THEME_ID !== undefined);
    if (updating)
      return { data: { themeId: await renameTheme(db, adminId, parsePayload(themeIdPayload, theme).THEME_ID, theme.THEME_NAME) } };
    return { data: { themeId: await createTheme(db, adminId, theme.THEME_NAME) } };
  });
};

export default themeRoutes;
