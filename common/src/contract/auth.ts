import { z } from 'zod';
import { loginAnswer, loginPayload, signedInUser } from '../schemas/auth.js';
import { everyRole } from '../roles.js';
import { call, feature } from './define.js';

export const authCalls = feature('auth', {
  login: call({
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with e-mail address and password; answers a Bearer token',
    public: true,
    body: loginPayload,
    response: loginAnswer,
    refusals: [401, 429],
    example: { body: { username: 'admin@kampbeheer.be', password: 'kampbeheer-demo' } },
  }),
  logout: call({
    method: 'POST',
    path: '/api/logout',
    roles: everyRole,
    summary: 'Ends the session of the Bearer token',
    response: z.object({ loggedOut: z.literal(true) }),
    example: {},
  }),
  me: call({
    method: 'GET',
    path: '/api/me',
    roles: everyRole,
    summary: 'The signed-in user and their role',
    response: signedInUser,
    example: {},
  }),
});
