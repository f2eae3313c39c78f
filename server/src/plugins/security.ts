import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer and compressed responses (a year of subscriptions is large). Styles come
 * from the built stylesheet only: React and Popper set inline styles through the CSSOM, which style-src
 * does not govern, so 'unsafe-inline' is not needed (a Chromium test watches for violations).
 */
export default fp(async (app) => {
  await app.register(helmet, {
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
  // Answers of the API carry personal data or a token: never kept by a browser or a proxy, unless a call
  // says otherwise (the overview's year answer, kept by the browser and revalidated: docs/decisions.md).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
});
