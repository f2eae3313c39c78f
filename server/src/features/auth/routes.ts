import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginPayload } from '@common/schemas/auth.js';
import { login, logout } from './service.js';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', { config: { public: true }, schema: { tags: ['auth'], body: loginPayload, security: [] } }, async (request) => {
    const { username, password } = request.body;
    return { data: await login(app.database.db, app.authSettings, app.clock, username, password, request.ip) };
  });

  app.post('/logout', { schema: { tags: ['auth'] } }, async (request) => {
    await logout(app.database.db, request.user!.sessionId);
    return { data: { loggedOut: true } };
  });

  app.get('/me', { schema: { tags: ['auth'] } }, async (request) => ({ data: { email: request.user!.email } }));
};

export default authRoutes;
