import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer and compressed responses (a year of subscriptions is large). Styles come
 * from the built stylesheet only: React and Popper set inline styles through the CSSOM, which style-src
 * does not govern, so 'unsafe-inline' is not needed (a Chromium test watches for violations).
 */
export default fp(async (app) => {
  // Built once, at start: @fastify/helmet built helmet's middleware anew for every request (issue 37: 1.8 % of the
  // server's thread in a rush, its policy parsed again for each of a thousand presses).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    // Browsers heed HSTS only over HTTPS (RFC 6797), so the setting may be sent on every answer.
    strictTransportSecurity:
      app.config.HSTS_MAX_AGE_SECONDS > 0 ? { maxAge: app.config.HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // Answers of the API carry personal data or a token: never kept by a browser or a proxy, unless a call
  // says otherwise (the overview's year answer, kept by the browser and revalidated: docs/decisions.md).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
});
