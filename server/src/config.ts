import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_RETENTION_YEARS } from '@common/schemas/privacy.js';
import { webDistDir } from './paths.js';

/**
 * Which proxies may speak for the client in X-Forwarded-For (and -Proto): none by default, a number of
 * hops in front of the server, or a list of proxy addresses and ranges. Never "everyone": a client could
 * then choose the address its failed sign-ins are counted against.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, context): false | number | string[] => {
    const text = value.trim();
    if (text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => {
      const [address, bits, ...rest] = entry.split('/');
      return rest.length > 0 || !isIP(address ?? '') || (bits !== undefined && !/^\d{1,3}$/.test(bits));
    });
    if (bad !== undefined) {
      context.addIssue({ code: 'custom', message: `must be false, a number of proxy hops or a comma list of addresses, not '${bad}'` });
      return z.NEVER;
    }
    return entries;
  });

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

/** Every setting comes from the environment (README, .env.example); a bad one stops start-up with one clear line. */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(5),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Kampbeheer <no-reply@kampbeheer.local>'),
    /** The public booking site; unset, the product's own /inschrijven/ on this server (publicSiteDefault). */
    PUBLIC_SITE_URL: z.url().optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    /** Default: 'demo' on the embedded database, 'none' with DATABASE_URL (a production database never gets the published demo password). */
    SEED: z.enum(['demo', 'none']).optional(),
    /** How long the first answer to a request with an Idempotency-Key is kept for its retries. */
    IDEMPOTENCY_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(24),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
    LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    LOGIN_SLOWDOWN_SECONDS: z.coerce.number().min(0).max(60).default(2),
    ORGANISER_ACCOUNT: z.string().min(1).default('BE71 0961 2345 6769'),
    /** A stop (SIGTERM, SIGINT) waits this long for open requests, then ends the process anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAIL_DEADLINE_SECONDS: seconds(30),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
    MAIL_RETRY_BASE_SECONDS: seconds(60),
    MAIL_RETRY_MAX_SECONDS: seconds(3600),
    MAIL_POLL_SECONDS: seconds(15),
    TRUST_PROXY: trustProxy,
    REQUEST_TIMEOUT_SECONDS: seconds(30),
    HEADERS_TIMEOUT_SECONDS: seconds(10),
    MAX_CONNECTIONS: z.coerce.number().int().positive().default(500),
    HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(0),
    /** Deleted subscriptions stay in the trash this many days, then the server empties them for good (issue 18). */
    TRASH_RETENTION_DAYS: z.coerce.number().int().positive().max(3650).default(30),
    /** Camp years kept with personal data (fiscal attests); anonymising and erasure never go below it. */
    RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(DEFAULT_RETENTION_YEARS),
  })
  .refine((c) => c.HEADERS_TIMEOUT_SECONDS <= c.REQUEST_TIMEOUT_SECONDS, {
    path: ['HEADERS_TIMEOUT_SECONDS'],
    message: 'may not exceed REQUEST_TIMEOUT_SECONDS',
  });

export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_SITE_URL'> & {
  PUBLIC_SITE_URL: string;
  SEED: 'demo' | 'none';
  webDistDir: string;
};

/**
 * The public booking site's address when PUBLIC_SITE_URL is not set (issue 40): the site this server serves itself at
 * /inschrijven/, at the address the server prints when it starts, so that voucher and sign-in links work on a fresh
 * install. An organiser with its own domain sets PUBLIC_SITE_URL (or the setting 'Website voor inschrijvingen').
 */
export const publicSiteDefault = (port: number) => `http://localhost:${port || 3000}/inschrijven/`;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Configuratiefout: ${issue.path.join('.')} ${issue.message}`);
  }
  return {
    ...result.data,
    PUBLIC_SITE_URL: result.data.PUBLIC_SITE_URL ?? publicSiteDefault(result.data.PORT),
    SEED: result.data.SEED ?? (result.data.DATABASE_URL ? 'none' : 'demo'),
    webDistDir,
  };
}

export class ConfigError extends Error {}

/** What openDatabase needs of the settings. */
export function databaseOptions(config: Config) {
  return {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
  };
}
