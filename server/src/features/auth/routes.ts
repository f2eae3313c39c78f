import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authCalls } from '@common/contract/auth.js';
import { callRoutes } from '../../lib/calls.js';
import { KNOWN_DEVICE_DAYS, login, logout } from './service.js';

/**
 * The cookie that makes a browser a known device of one account (docs/decisions.md, issue 33): named after the
 * account, so several users of one office computer each keep theirs; HttpOnly, so no script reads it; sent only
 * to the sign-in. It is no credential: it signs in nobody, it only lets that account's sign-in from this browser
 * count its failures on its own instead of with everyone behind the same address.
 */
const deviceCookie = (email: string) =>
  `kampbeheer_device_${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16)}`;

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, name: string, token: string) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${name}=${token}; Path=/api/login; HttpOnly; SameSite=Strict; Max-Age=${KNOWN_DEVICE_DAYS * 24 * 3600}${secure}`,
  );
}

export default callRoutes(authCalls, (app) => ({
  login: async (request, reply) => {
    const { username, password } = request.body;
    const cookie = deviceCookie(username);
    // On the priority lane: a sign-in must not wait behind the staff's work for its few short statements.
    const signedIn = await login(
      app.database.priorityDb,
      app.authSettings,
      app.clock,
      username,
      password,
      request.ip,
      cookieValue(request, cookie),
    );
    if (signedIn.newDeviceToken) setDeviceCookie(request, reply, cookie, signedIn.newDeviceToken);
    return signedIn.answer;
  },
  logout: async (request) => {
    await logout(app.database.db, request.user!.sessionId);
    app.sessionCache.drop();
    return { loggedOut: true as const };
  },
  me: async (request) => ({ email: request.user!.email, role: request.user!.role }),
}));
