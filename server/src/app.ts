import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import inputHygienePlugin from './plugins/input-hygiene.js';
import openapiPlugin from './plugins/openapi.js';
import securityPlugin from './plugins/security.js';
import webPlugin from './plugins/web.js';
import { apiFeatures } from './features/index.js';
import { databaseUnavailable } from './lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    mailer: Mailer;
    /** Every route the app serves, for the tests that must cover each one. */
    routeList: RouteSummary[];
  }
}

export interface RouteSummary {
  method: string;
  url: string;
  public: boolean;
  /** The zod schemas the route validates with, for the tests that feed every route bad input. */
  body?: unknown;
  querystring?: unknown;
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Tests pass their own logger settings; the server logs at LOG_LEVEL. */
  logger?: boolean;
}

/** Builds the whole product on one Fastify instance: API under /api/ and the web app. Tests use it through inject or listen. */
export async function buildApp({ config, database, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    bodyLimit: 256 * 1024,
    trustProxy: true,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', createMailer(config));
  app.decorate('routeList', [] as RouteSummary[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        app.routeList.push({
          method,
          url: route.url,
          public: route.config?.public === true,
          body: route.schema?.body,
          querystring: route.schema?.querystring,
        });
      }
    }
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(inputHygienePlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  // For a load balancer: 200 while the database answers a trivial query, 503 when it does not.
  app.get('/api/health', { config: { public: true }, schema: { tags: ['health'], security: [] } }, async () => {
    try {
      await database.ping();
    } catch {
      throw databaseUnavailable();
    }
    return { data: { status: 'ok' } };
  });
  await app.register(
    async (api) => {
      for (const feature of apiFeatures) await api.register(feature);
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin);
  return app;
}
