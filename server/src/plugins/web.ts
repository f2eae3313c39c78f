import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError, errorBody } from '../lib/errors.js';

/** Serves the built web app and answers index.html for every other GET, so the client router takes over. */
export default fp(async (app) => {
  const root = app.config.webDistDir;
  const hasWeb = existsSync(`${root}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuild while the server runs is served as it is on disk.
      wildcard: true,
      index: false,
      // The build writes a brotli and a gzip copy of each file (scripts/web-build.ts): sent as they are.
      preCompressed: true,
      // A folder ('/', '/assets/') is no file: it falls through to the app below, not to a 403 of the file server.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        reply.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD') || !hasWeb) {
      return reply.status(404).send(errorBody(new AppError('NOT_FOUND', 'Niet gevonden')));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
