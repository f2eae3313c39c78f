import { createWriteStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { loadConfig, type Config } from '../../server/src/config.js';
import type { Database } from '../../server/src/db/client.js';
import type { Clock } from '../../server/src/lib/clock.js';
import type { LogDestination } from '../../server/src/lib/log.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { seedDemoData } from '../../server/src/seed/demo-data.js';
import { settingsDefaults } from '../../server/src/lib/settings.js';
import { openTestDatabase, type Backend } from './database.js';

export const TEST_ADMIN = { email: 'test@kampbeheer.be', password: 'correct horse battery staple' };

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T & { data?: unknown; error?: { code: string; message: string; fields?: Record<string, string> } };
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  backend: Backend;
  config: Config;
  token: string;
  /** A signed-in call through inject; pass token: null for an anonymous one. */
  call<T = any>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, token?: string | null): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** 'demo' fills a small deterministic demo set; 'none' leaves only the test administrator. */
  seed?: 'demo' | 'none';
  subscriptionsPerYear?: number;
  env?: Record<string, string>;
  /** Where the app logs; by default nowhere, or to the file TEST_LOG_FILE names (at debug), to search it afterwards. */
  log?: LogDestination;
  /** A controlled clock (tests/helpers/clock.ts); the system clock by default. */
  clock?: Clock;
}

const logFile = process.env.TEST_LOG_FILE ? createWriteStream(process.env.TEST_LOG_FILE, { flags: 'a' }) : null;

/** The real app on a fresh database of the given backend, with a signed-in test administrator. */
export async function startTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(backend);
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  if ((options.seed ?? 'demo') === 'demo')
    await seedDemoData(database.db, { subscriptionsPerYear: options.subscriptionsPerYear ?? 40, settings: settingsDefaults(config) });
  await addAdmin(database.db, TEST_ADMIN.email, TEST_ADMIN.password);
  const logger = options.log ?? (logFile ? { level: 'debug', stream: logFile } : false);
  const app = await buildApp({ config, database, logger, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();

  const call: TestApp['call'] = async (method, url, body, token = testApp.token) => {
    const response = await app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    let parsed: any;
    try {
      parsed = response.json();
    } catch {
      parsed = response.body;
    }
    return { status: response.statusCode, body: parsed, headers: response.headers };
  };

  const testApp: TestApp = {
    app,
    db: database.db,
    backend,
    config,
    token: '',
    call,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  const login = await call('POST', '/api/login', { username: TEST_ADMIN.email, password: TEST_ADMIN.password }, null);
  if (login.status !== 200) throw new Error(`test login failed: ${JSON.stringify(login.body)}`);
  testApp.token = (login.body.data as { token: string }).token;
  return testApp;
}

/**
 * Undoes the demo's bank statement import (issue 39: the demo shows one, with credits in 'Te koppelen'), for a test
 * whose queue and payments must be its own.
 */
export async function undoDemoBankImport(t: TestApp): Promise<void> {
  for (const demoImport of (await t.call('GET', '/api/getBankImports')).body.data as { importId: number }[]) {
    const undone = await t.call('POST', '/api/undoBankImport', { importId: demoImport.importId });
    if (undone.status !== 200) throw new Error(`undoing the demo's import failed: ${JSON.stringify(undone.body)}`);
  }
}
