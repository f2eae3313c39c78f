import { z } from 'zod';
import { loginAnswer, loginPayload, signedInUser } from '../schemas/auth.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

export const authCalls = feature('auth', {
  login: call({
    method: 'POST',
    path: '/api/login',
    access: changes('session'),
    invalidates: [],
    summary: 'Sign in with e-mail address and password; answers a Bearer token',
    public: true,
    body: loginPayload,
    response: loginAnswer,
    refusals: ['UNAUTHORIZED', 'TOO_MANY_ATTEMPTS'],
    example: { body: { username: 'admin@kampbeheer.be', password: 'kampbeheer-demo' } },
  }),
  logout: call({
    method: 'POST',
    path: '/api/logout',
    access: changes('session'),
    invalidates: [],
    summary: 'Ends the session of the Bearer token',
    response: z.object({ loggedOut: z.literal(true) }),
    example: {},
  }),
  me: call({
    method: 'GET',
    path: '/api/me',
    access: reads('session'),
    provides: ['user'],
    summary: 'The signed-in user and their role',
    response: signedInUser,
    example: {},
  }),
});
