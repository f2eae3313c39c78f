import { themeCalls } from '@common/contract/themes.js';
import { callRoutes } from '../../lib/calls.js';
import { currentAdminId } from '../../lib/session-user.js';
import { createTheme, deleteTheme, readTheme, renameTheme } from './service.js';

/**
 * POST crudTheme: { THEME_ID?, THEME_NAME, action? }, checked at the door (crudThemeRequest). Without action, no id
 * creates and an id updates; answers { data: { themeId } } (read answers the theme as a list).
 */
export default callRoutes(themeCalls, (app) => ({
  crudTheme: async (request) => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const theme = request.body;
    if (theme.action === 'read') return readTheme(db, theme.THEME_ID);
    if (theme.action === 'delete') return { themeId: await deleteTheme(db, adminId, theme.THEME_ID) };
    // THEME_ID is required for update, and without an action it makes one.
    if (theme.THEME_ID !== undefined && theme.action !== 'create') {
      return { themeId: await renameTheme(db, adminId, theme.THEME_ID, theme.THEME_NAME, theme.THEME_VERSION) };
    }
    return { themeId: await createTheme(db, adminId, theme.THEME_NAME) };
  },
}));
