import { settingsCalls } from '@common/contract/settings.js';
import { callRoutes } from '../../lib/calls.js';
import { visibleFields } from '../../domain/policies.js';
import { currentAdminId, currentRole } from '../../lib/session-user.js';
import { readSettingsWithImages, settingsDefaults, updateSettings, withVolunteerCaps } from '../../lib/settings.js';

/** GET getSettings answers the organiser's settings as a one-record list; POST updateSettings saves them all. */
export default callRoutes(settingsCalls, (app) => {
  const defaults = settingsDefaults(app.config);
  return {
    getSettings: async (request) =>
      visibleFields('settings', currentRole(request), [
        await withVolunteerCaps(app.database.db, await readSettingsWithImages(app.database.db, defaults)),
      ]),
    updateSettings: async (request) => [
      await withVolunteerCaps(app.database.db, await updateSettings(app.database.db, currentAdminId(request), request.body, defaults)),
    ],
  };
});
