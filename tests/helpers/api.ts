import { createWriteStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import {
  codesOf,
  contract,
  type BodyInput,
  type Call,
  type CallName,
  type Contract,
  type DataOf,
  type ErrorCode,
  type QueryInput,
} from '@common/contract/index.js';
import type { SettingsRecord } from '@common/schemas/settings.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig, type Config } from '../../server/src/config.js';
import type { Database } from '../../server/src/db/client.js';
import type { Clock } from '../../server/src/lib/clock.js';
import type { LogDestination } from '../../server/src/lib/log.js';
import { openTestDatabase, type Backend } from './database.js';
import { DEFAULT_SUBSCRIPTIONS_PER_YEAR, demoContentKey, fillTestDatabase, TEST_ADMIN } from './test-content.js';

export { TEST_ADMIN };

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T & { data?: unknown; error?: { code: string; message: string; fields?: Record<string, string> } };
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as it was sent: the bytes of a download's file (a PDF, a spreadsheet, an XML or JSON file). */
  bytes: Buffer;
}

type Input<C extends Call> = BodyInput<C> extends undefined ? QueryInput<C> : BodyInput<C>;
/**
 * The answer of a call of the table: its typed `data` on success, the error shape on a refusal (a test reads the
 * one its status says it has; `fields` only comes with bad input).
 */
export interface CallAnswer<N extends CallName> {
  status: number;
  body: { data: DataOf<Contract[N]>; error: { code: ErrorCode; message: string; fields: Record<string, string> } };
  headers: ApiAnswer['headers'];
  bytes: Buffer;
}
/**
 * How a call of the table is sent: the common options, and for a call that takes a query besides its body
 * (deleteMonitor: the id in either) that query, typed by its schema.
 */
type OptionsOf<C extends Call> =
  BodyInput<C> extends undefined ? CallOptions : QueryInput<C> extends undefined ? CallOptions : CallOptions & { query?: QueryInput<C> };
/**
 * The API as a client made from the contract sees it: `t.api.createSubscription({ ... })` sends the call's body
 * (or its query, for a call without one) typed by the call's schema, so a renamed field breaks the test when it is
 * type checked; a call with both takes its query in the options (`t.api.deleteMonitor(undefined, { query: { monitorId } })`).
 * `token: null` calls anonymously; `headers` adds what a client sends besides (see CallHeaders). A test
 * that sends a wrong shape on purpose (bad input, what a client of spec section 7 may send) uses
 * `t.unchecked.<callName>(input)`: the same call, its input not type checked.
 */
export type TypedApi = {
  [N in CallName]: (
    ...args: Input<Contract[N]> extends undefined
      ? [input?: undefined, options?: OptionsOf<Contract[N]>]
      : object extends Input<Contract[N]>
        ? [input?: Input<Contract[N]>, options?: OptionsOf<Contract[N]>]
        : [input: Input<Contract[N]>, options?: OptionsOf<Contract[N]>]
  ) => Promise<CallAnswer<N>>;
};

/**
 * The request headers a client of the API sends besides the session: a mutation's Idempotency-Key (issue 40's
 * booking needs one), the address a proxy forwards (the sign-in limits, with TRUST_PROXY), the page's Origin, a
 * cookie, a revalidation. Named here, so a misspelt header breaks the test when it is type checked.
 */
export interface CallHeaders {
  'idempotency-key'?: string;
  'x-forwarded-for'?: string;
  origin?: string;
  cookie?: string;
  'if-none-match'?: string;
}

/** How a call is sent: as whom (the test administrator by default, `null` anonymously) and with which headers. */
export interface CallOptions {
  token?: string | null;
  headers?: CallHeaders;
}

/** The input of a call of the table as the typed client takes it: for a test helper that is given a call's name. */
export type InputOf<N extends CallName> = Parameters<TypedApi[N]>[0];

/** The calls of the table by name, their input not type checked: for a test that sends a wrong shape on purpose. */
export type UncheckedApi = {
  [N in CallName]: (input?: unknown, options?: CallOptions & { query?: unknown }) => Promise<CallAnswer<N>>;
};

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  backend: Backend;
  config: Config;
  token: string;
  /** A signed-in call through inject; pass token: null for an anonymous one. */
  call<T = any>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, token?: string | null): Promise<ApiAnswer<T>>;
  /** The typed client made from the contract (see TypedApi). */
  api: TypedApi;
  /** The same calls with input that is not type checked (see UncheckedApi). */
  unchecked: UncheckedApi;
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

/** The call of the table a request goes to, by its method and path. */
const callsByRoute = new Map(Object.entries(contract).map(([name, c]) => [`${c.method} ${c.path}`, { name, c: c as Call }]));

/**
 * A refusal of a call of the table must carry a code the call declares (or one every call may answer,
 * `codesOf`): the web decides on codes, so an undeclared one is a bug of the call or of its declaration.
 */
function expectDeclaredCode(method: string, url: string, answer: ApiAnswer) {
  if (answer.status < 400) return;
  const route = callsByRoute.get(`${method} ${url.split('?')[0]}`);
  const code = (answer.body as { error?: { code?: string } } | undefined)?.error?.code;
  if (!route || code === undefined) return;
  expect(
    [...codesOf(route.c)],
    `${route.name} answered ${answer.status} ${code}, which it does not declare in common/src/contract/`,
  ).toContain(code);
}

/** A query as the URL's search, as a browser sends it. */
function queryString(query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const logFile = process.env.TEST_LOG_FILE ? createWriteStream(process.env.TEST_LOG_FILE, { flags: 'a' }) : null;

/** The real app on a fresh database of the given backend, with a signed-in test administrator. */
export async function startTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const content = {
    seed: options.seed ?? 'demo',
    subscriptionsPerYear: options.subscriptionsPerYear ?? DEFAULT_SUBSCRIPTIONS_PER_YEAR,
    config,
  } as const;
  // The usual demo set is made once per run (tests/helpers/global-setup.ts): a copy of it holds the same.
  const usual = content.seed === 'demo' && demoContentKey(content.subscriptionsPerYear, config) === inject('demoContentKey');
  const database = await openTestDatabase(backend, { from: usual ? 'demo' : 'migrated' });
  if (!usual) await fillTestDatabase(database.db, content);
  const logger = options.log ?? (logFile ? { level: 'debug', stream: logFile } : false);
  const app = await buildApp({ config, database, logger, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();

  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, body: unknown, options: CallOptions = {}) => {
    const token = options.token === undefined ? testApp.token : options.token;
    const response = await app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.headers as Record<string, string>) },
    });
    let parsed: any;
    try {
      parsed = response.json();
    } catch {
      parsed = response.body;
    }
    const answer = { status: response.statusCode, body: parsed, headers: response.headers, bytes: response.rawPayload };
    expectDeclaredCode(method, url, answer);
    return answer as ApiAnswer<any>;
  };
  const call: TestApp['call'] = (method, url, body, token) => send(method, url, body, { token });

  const api = Object.fromEntries(
    Object.entries(contract).map(([name, c]) => [
      name,
      (input?: unknown, options: CallOptions & { query?: unknown } = {}) =>
        c.body
          ? send(c.method, `${c.path}${queryString(options.query)}`, input ?? {}, options)
          : send(c.method, `${c.path}${queryString(input)}`, undefined, options),
    ]),
  ) as TypedApi;
  const unchecked = api as unknown as UncheckedApi;

  const testApp: TestApp = {
    app,
    db: database.db,
    backend,
    config,
    token: '',
    call,
    api,
    unchecked,
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
  for (const demoImport of (await t.api.getBankImports()).body.data) {
    const undone = await t.api.undoBankImport({ importId: demoImport.importId });
    if (undone.status !== 200) throw new Error(`undoing the demo's import failed: ${JSON.stringify(undone.body)}`);
  }
}

/** The organiser's settings as the test administrator (a beheerder) reads them: every field (a medewerker's answer has two). */
export async function beheerderSettings(t: TestApp): Promise<SettingsRecord> {
  const [settings] = (await t.api.getSettings()).body.data;
  return settings as SettingsRecord;
}
