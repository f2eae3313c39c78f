import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import inputHygienePlugin from './plugins/input-hygiene.js';
import { systemClock, type Clock } from './lib/clock.js';
import { loggerOptions, type LogDestination } from './lib/log.js';
import openapiPlugin from './plugins/openapi.js';
import requestLimitsPlugin, { answerClientError } from './plugins/request-limits.js';
import securityPlugin from './plugins/security.js';
import webPlugin from './plugins/web.js';
import { apiFeatures } from './features/index.js';
import { databaseUnavailable } from './lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    clock: Clock;
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
  /** false for no log; a destination to read the log back (tests); otherwise stdout at LOG_LEVEL. */
  logger?: boolean | LogDestination;
  /** The system clock unless a test controls time. */
  clock?: Clock;
}

/** Builds the whole product on one Fastify instance: API under /api/ and the web app. Tests use it through inject or listen. */
export async function buildApp({ config, database, logger = true, clock = systemClock }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.LOG_LEVEL, logger === true ? undefined : logger),
    bodyLimit: 256 * 1024,
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // A client gets this long to send its headers and its whole request; Node checks every second.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: { headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: 1000 },
    clientErrorHandler: answerClientError,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.server.maxConnections = config.MAX_CONNECTIONS;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', clock);
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
  await app.register(requestLimitsPlugin);
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

/** The nearest `hops` proxies may speak for the client (X-Forwarded-For read from the right). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
