import { themeCalls } from '@common/contract/themes.js';
import { themeIdPayload, themePayload } from '@common/schemas/themes.js';
import { callRoutes } from '../../lib/calls.js';
import { parsePayload } from '../../lib/validation.js';
import { currentAdminId } from '../../plugins/auth.js';
import { createTheme, deleteTheme, readTheme, renameTheme } from './service.js';

/**
 * POST crudTheme: { THEME_ID?, THEME_NAME, action? }. Without action, no id creates and an id updates;
 * answers { data: { themeId } } (read answers the theme as a list).
 */
export default callRoutes(themeCalls, (app) => ({
  crudTheme: async (request) => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const { action } = request.body;
    if (action === 'read') return readTheme(db, parsePayload(themeIdPayload, request.body).THEME_ID);
    if (action === 'delete') return { themeId: await deleteTheme(db, adminId, parsePayload(themeIdPayload, request.body).THEME_ID) };
    const theme = parsePayload(themePayload, request.body);
    const updating = action === 'update' || (action === undefined && theme.THEME_ID !== undefined);
    if (updating) {
      const { THEME_ID } = parsePayload(themeIdPayload, theme);
      return { themeId: await renameTheme(db, adminId, THEME_ID, theme.THEME_NAME, theme.THEME_VERSION) };
    }
    return { themeId: await createTheme(db, adminId, theme.THEME_NAME) };
  },
}));
