import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import idempotencyPlugin from './plugins/idempotency.js';
import inputHygienePlugin from './plugins/input-hygiene.js';
import { systemClock, type Clock } from './lib/clock.js';
import { loggerOptions, type LogDestination } from './lib/log.js';
import openapiPlugin from './plugins/openapi.js';
import requestLimitsPlugin, { answerClientError } from './plugins/request-limits.js';
import securityPlugin from './plugins/security.js';
import webPlugin from './plugins/web.js';
import { apiFeatures } from './features/index.js';
import { contract } from '@common/contract/index.js';
import { createMailRelay, type MailRelay } from './mail/relay.js';
import { createMailScheduleRunner, type MailScheduleRunner } from './features/mail-schedules/runner.js';
import { createWaitingListRunner, type WaitingListRunner } from './domain/waiting-list-runner.js';
import { readSettings, settingsDefaults } from './lib/settings.js';
import { createPublicCampsCache, type PublicCamps } from './features/public/camps-cache.js';
import { publicPageHtml } from './features/public/page.js';
import { createSafetySheetRetention } from './domain/safety-sheets.js';
import type { PeriodicRunner } from './lib/periodic-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    clock: Clock;
    mailer: Mailer;
    mailRelay: MailRelay;
    mailSchedules: MailScheduleRunner;
    waitingList: WaitingListRunner;
    /** getPublicCamps' answer, kept while the lists' version and the day stay the same (issue 40). */
    publicCamps: PublicCamps;
    /** Erases safety sheets past their retention (issue 35). */
    safetySheetRetention: PeriodicRunner;
  }
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
  app.decorate(
    'mailRelay',
    createMailRelay({
      db: () => database.db,
      mailer: app.mailer,
      sender: async () => (await readSettings(database.db, settingsDefaults(config))).MAIL_FROM,
      log: app.log,
      clock,
      settings: {
        deadlineMs: config.MAIL_DEADLINE_SECONDS * 1000,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
        retryBaseMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
        retryMaxMs: config.MAIL_RETRY_MAX_SECONDS * 1000,
        pollMs: config.MAIL_POLL_SECONDS * 1000,
      },
    }),
  );
  app.decorate(
    'mailSchedules',
    createMailScheduleRunner({
      db: () => database.db,
      relay: app.mailRelay,
      log: app.log,
      clock,
      settingsDefaults: settingsDefaults(config),
    }),
  );
  app.decorate(
    'waitingList',
    createWaitingListRunner({
      deps: () => ({ db: database.db, relay: app.mailRelay, settingsDefaults: settingsDefaults(config), clock }),
      log: app.log,
    }),
  );
  app.decorate('publicCamps', createPublicCampsCache({ db: () => database.db, settingsDefaults: settingsDefaults(config), clock }));
  app.decorate('safetySheetRetention', createSafetySheetRetention({ db: () => database.db, clock, log: app.log }));
  app.addHook('onReady', async () => {
    app.mailSchedules.start();
    app.waitingList.start();
    app.safetySheetRetention.start();
    if (app.mailer.transport) app.mailRelay.start();
    else app.log.info('no SMTP_URL: mail stays in the mail_outbox table');
  });
  app.addHook('onClose', async () => {
    await app.mailSchedules.stop();
    await app.waitingList.stop();
    await app.safetySheetRetention.stop();
    await app.mailRelay.stop();
    app.mailer.close();
  });
  const servedCalls = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.callName) servedCalls.add(route.config.callName);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(requestLimitsPlugin);
  await app.register(inputHygienePlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  for (const feature of apiFeatures) await app.register(feature);
  const unserved = Object.keys(contract).filter((name) => !servedCalls.has(name));
  if (unserved.length > 0) throw new Error(`No route serves the calls ${unserved.join(', ')} of common/src/contract/`);
  await app.register(webPlugin, { publicPageHtml });
  return app;
}

/** The nearest `hops` proxies may speak for the client (X-Forwarded-For read from the right). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
