import { userCalls } from '@common/contract/users.js';
import { callRoutes } from '../../lib/calls.js';
import { currentAdminId } from '../../lib/session-user.js';
import { settingsDefaults } from '../../lib/settings.js';
import { acceptInvite, changeOwnPassword, inviteUser, listUsers, removeUser, updateUser } from './users.js';

/** 'Gebruikers' (beheerder), the invite link and 'Mijn account' (issue 20). */
export default callRoutes(userCalls, (app) => {
  const db = () => app.database.db;
  const defaults = settingsDefaults(app.config);
  return {
    getUsers: async () => listUsers(db()),

    /** The link points at the address the beheerder uses the app at. */
    inviteUser: async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      return inviteUser(db(), app.clock, currentAdminId(request), request.body, origin, {
        settingsDefaults: defaults,
        relay: app.mailRelay,
      });
    },

    // A changed role, monitor or disabled state, a removal and a new password end or change sessions:
    // this process forgets the ones it keeps at once (the others hear the database's notice).
    updateUser: async (request) => {
      const user = await updateUser(db(), app.clock, currentAdminId(request), request.body);
      app.sessionCache.drop();
      return user;
    },

    removeUser: async (request) => {
      await removeUser(db(), currentAdminId(request), request.body.userId);
      app.sessionCache.drop();
      return { userId: request.body.userId };
    },

    acceptInvite: async (request) =>
      acceptInvite(db(), app.clock, app.authSettings, { token: request.body.token, password: request.body.password, address: request.ip }),

    changePassword: async (request) => {
      await changeOwnPassword(db(), app.clock, app.authSettings, request.user!, {
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        address: request.ip,
      });
      app.sessionCache.drop();
      return { changed: true as const };
    },
  };
});
