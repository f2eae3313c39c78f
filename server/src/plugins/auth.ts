import fp from 'fastify-plugin';
import { apiMessages } from '@common/messages.js';
import { staffRoles } from '@common/roles.js';
import { resolveFamilySession, resolveSession } from '../domain/sessions.js';
import { AppError, forbidden } from '../lib/errors.js';
import { keyReadAhead, type StoredRequest } from './idempotency.js';
import { SESSIONS_CHANNEL, SessionCache } from '../lib/session-cache.js';
import type { AuthSettings } from '../lib/session-expiry.js';
import type { FamilyUser, SessionUser } from '../lib/session-user.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The family of a public booking site's call (issue 40); never set together with `user`. */
    family: FamilyUser | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call (sign-in, the OpenAPI document). */
    public?: boolean;
    /** A route of the public booking site that needs a family's session, and takes no staff one. */
    family?: boolean;
  }
  interface FastifyInstance {
    authSettings: AuthSettings;
    /**
     * The sessions this process checked lately. The database notifies every process of a change that ends or
     * changes a session, but a notice reaches this process's own listener a moment after the commit: a call
     * that made such a change drops them itself before it answers, so its own next call is checked anew.
     */
    sessionCache: SessionCache<SessionUser>;
  }
}

/**
 * Every /api/ route needs a valid Bearer token unless it says it is public, and a role the route allows
 * (its call's `roles`; staff for a route outside the call table): the one place roles are checked. A route of
 * the public booking site's families (`family`) needs a family's session instead, and nothing else does.
 */
export default fp(async (app) => {
  app.decorate('authSettings', {
    sessionTtlHours: app.config.SESSION_TTL_HOURS,
    sessionMaxHours: app.config.SESSION_MAX_HOURS,
    slowdownSeconds: app.config.LOGIN_SLOWDOWN_SECONDS,
    maxFailures: app.config.LOGIN_MAX_FAILURES,
    windowMinutes: app.config.LOGIN_WINDOW_MINUTES,
  });
  // Sessions checked in the last seconds, forgotten on every notice that one ended or changed (session-cache.ts).
  const sessionCache = new SessionCache<SessionUser>(app.clock);
  const listener = await app.database.listen(SESSIONS_CHANNEL, () => sessionCache.drop());
  sessionCache.listenOn(listener);
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', () => listener.close());
  app.decorateRequest('user', null);
  app.decorateRequest('family', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public || !request.routeOptions.url) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    // Two kinds of session, each for its own routes: a family's token (`gezin.…`) is no staff session, and a staff
    // token is no family's (domain/sessions.ts).
    if (request.routeOptions.config.family) {
      // A booking's Idempotency-Key is read by the same statement (plugins/idempotency.ts, keyReadAhead).
      const ahead = keyReadAhead(request, app.config.IDEMPOTENCY_TTL_HOURS, app.clock.now());
      const found = match
        ? await resolveFamilySession(app.database.familyDb, app.authSettings, app.clock, match[1]!.trim(), ahead?.read)
        : null;
      if (!found) throw new AppError('UNAUTHORIZED', apiMessages.unauthorized);
      const { read, ...family } = found;
      request.family = family;
      if (ahead) request.keyReadAhead = { key: ahead.key, stored: (read ?? undefined) as StoredRequest | undefined };
      return;
    }
    const user = match ? await resolveSession(app.database.db, app.authSettings, app.clock, match[1]!.trim(), sessionCache) : null;
    if (!user) throw new AppError('UNAUTHORIZED', apiMessages.unauthorized);
    request.user = user;
    const allowed = request.routeOptions.config.roles ?? staffRoles;
    if (!allowed.includes(user.role)) throw forbidden();
  });
});
