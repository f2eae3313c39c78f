import { apiMessages } from '@common/messages.js';
import { publicCalls } from '@common/contract/public.js';
import { callRoutes } from '../../lib/calls.js';
import { AppError } from '../../lib/errors.js';
import { settingsDefaults } from '../../lib/settings.js';
import * as accounts from './accounts.js';
import { book, getMyBookings } from './booking.js';
import { getFamily, getPublicCamps, saveChild, saveParent } from './family.js';
import { publicMessages } from './messages.js';

/** The signed-in family of a family call (server/src/plugins/auth.ts set it). */
function currentFamily(request: { family: accounts.FamilyUser | null }): accounts.FamilyUser {
  if (!request.family) throw new AppError('UNAUTHORIZED', apiMessages.unauthorized);
  return request.family;
}

/** The parents' public booking site (issue 40): its calls under /api/public/. */
export default callRoutes(publicCalls, (app) => {
  const deps = (): accounts.AccountDeps => ({
    db: app.database.db,
    clock: app.clock,
    auth: app.authSettings,
    relay: app.mailRelay,
    settingsDefaults: settingsDefaults(app.config),
  });
  return {
    getPublicCamps: async (request) =>
      getPublicCamps(app.database.db, settingsDefaults(app.config), app.clock.now(), request.query.campYear),
    signUp: async (request) => accounts.signUp(deps(), request.body, request.ip),
    signIn: async (request) => accounts.signIn(deps(), request.body.email, request.body.password, request.ip),
    requestSignInLink: async (request) => accounts.requestSignInLink(deps(), request.body.email, request.ip),
    signInWithLink: async (request) => accounts.signInWithLink(deps(), request.body.token, request.ip),
    confirmEmail: async (request) => {
      const family = currentFamily(request);
      await accounts.confirmEmail(deps(), family, request.body.token);
      return getFamily(app.database.db, family);
    },
    signOut: async (request) => {
      await accounts.signOut(app.database.db, currentFamily(request).sessionId);
      return { signedOut: true as const };
    },
    getFamily: async (request) => getFamily(app.database.db, currentFamily(request)),
    saveParent: async (request) => saveParent(app.database.db, currentFamily(request), request.body),
    saveChild: async (request) => saveChild(app.database.db, currentFamily(request), request.body),
    book: async (request) => {
      // A double tap or a retry books once: the key is required here (plugins/idempotency.ts keeps the answer).
      if (!request.headers['idempotency-key']) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', publicMessages.idempotencyKeyRequired);
      return book(deps(), currentFamily(request), request.body, app.clock.now());
    },
    getMyBookings: async (request) => getMyBookings(app.database.db, settingsDefaults(app.config), currentFamily(request)),
  };
});
