import { authCalls } from '@common/contract/auth.js';
import { callRoutes } from '../../lib/calls.js';
import { login, logout } from './service.js';

export default callRoutes(authCalls, (app) => ({
  login: async (request) => {
    const { username, password } = request.body;
    // On the priority lane: a sign-in must not wait behind the staff's work for its few short statements.
    return login(app.database.priorityDb, app.authSettings, app.clock, username, password, request.ip);
  },
  logout: async (request) => {
    await logout(app.database.db, request.user!.sessionId);
    app.sessionCache.drop();
    return { loggedOut: true as const };
  },
  me: async (request) => ({ email: request.user!.email, role: request.user!.role }),
}));
