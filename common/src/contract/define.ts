import { z } from 'zod';
import { rolesFor, type Access } from '../policies.js';
import type { DataTag } from '../data-tags.js';
import { roles as allRoles, type Role } from '../roles.js';

/**
 * The building blocks of the call table (docs/decisions.md, 'One call table'): every API call is declared
 * once, here in common/, with its method, path, input schemas, the schema of its answer's `data` and one
 * valid example. The server registers its routes from the table, the web's API client is typed by it, the
 * OpenAPI document and the tests enumerate it.
 */

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export const errorCodes = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  /** 409: the save names an older version of the record than the stored one. */
  'VERSION_CONFLICT',
  /** 409: the camp has no seat left; staff may book with `overCapacity`. */
  'CAMP_FULL',
  /** 409: the camp is closed (CAMP_CLOSED); staff may book with `overClosed`. */
  'CAMP_CLOSED',
  /** 409: the child's birth year is outside the camp's MIN_BIRTHYEAR–MAX_BIRTHYEAR; staff may book with `overAgeRange`. */
  'AGE_OUT_OF_RANGE',
  /** 409 (public booking site): the camp cannot be booked yet (BOOKING_OPENS_AT lies ahead). */
  'NOT_OPEN_YET',
  /** 409 (public booking site): the chosen days break the camp's day rules (minimum, maximum, contiguous, its own days). */
  'DAYS_RULE',
  /** 409 (public booking site): the voucher is unknown, used, expired or of another camp. */
  'VOUCHER_INVALID',
  /** 409 (public booking site): the family's e-mail address must be confirmed first (its known records wait for it). */
  'EMAIL_NOT_CONFIRMED',
  /** 409 (public booking site): an account with this e-mail address exists already. */
  'ACCOUNT_EXISTS',
  /** 400: an Idempotency-Key header is required (the public site's booking). */
  'IDEMPOTENCY_KEY_REQUIRED',
  /** 409 (waiting list, issue 34): the camp has seats for these children: they book instead of waiting. */
  'CAMP_NOT_FULL',
  /** 409 (waiting list): the child is booked into the camp or waits for it already. */
  'ALREADY_WAITING',
  /** 409 (waiting list): the offer was accepted, declined or withdrawn, or its time is up. */
  'OFFER_CLOSED',
  /** 409 (public booking site): a family cancels itself only until the organiser's cut-off before the camp. */
  'CANCEL_CUTOFF_PASSED',
  /** 409 (family's page, issue 34): the attest cannot be given yet: the camp is not over, not paid, no day attended, or staff have not made it. */
  'ATTEST_NOT_READY',
  /** 409 (family's page, issue 34): a booked child's birth date and national number are changed by staff only. */
  'CHILD_DATA_LOCKED',
  /** 409: presence registered for a day after today (Belgian time). */
  'FUTURE_ATTENDANCE',
  /** 409: the Belcotax file needs a setting the organiser has not given yet (Beheer › Instellingen). */
  'BELCOTAX_SETTINGS_MISSING',
  /** 409: a child's or parent's data keep the Belcotax file from being valid (Beheer › Attesten lists them). */
  'BELCOTAX_DATA_MISSING',
  /** 409 (monitor planning): the monitor did not give this period as available. */
  'NOT_AVAILABLE',
  /** 409 (monitor planning): the monitor is planned on another camp in the same week. */
  'DOUBLE_WEEK',
  /** 409 (monitor planning): the camp requires a qualification no planned monitor holds through its end, nor this one. */
  'QUALIFICATION_MISSING',
  /** 409 (volunteer allowance): a day's allowance above the daily cap of the year. */
  'DAILY_CAP_EXCEEDED',
  /** 409 (volunteer allowance): the monitor's allowances of the year above the yearly cap. */
  'YEARLY_CAP_EXCEEDED',
  /** 403 (safety sheet, issue 35): the user may not read this child's sheet now (a monitor: not their camp, or not its week). */
  'SAFETY_SHEET_FORBIDDEN',
  'TOO_MANY_ATTEMPTS',
  'BODY_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status of each code (decisions.md section 2), in one place: the server answers it, the OpenAPI document lists it. */
export const statusOfCode: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  VERSION_CONFLICT: 409,
  CAMP_FULL: 409,
  CAMP_CLOSED: 409,
  AGE_OUT_OF_RANGE: 409,
  FUTURE_ATTENDANCE: 409,
  NOT_OPEN_YET: 409,
  DAYS_RULE: 409,
  VOUCHER_INVALID: 409,
  EMAIL_NOT_CONFIRMED: 409,
  ACCOUNT_EXISTS: 409,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  CAMP_NOT_FULL: 409,
  ALREADY_WAITING: 409,
  OFFER_CLOSED: 409,
  CANCEL_CUTOFF_PASSED: 409,
  ATTEST_NOT_READY: 409,
  CHILD_DATA_LOCKED: 409,
  BELCOTAX_SETTINGS_MISSING: 409,
  BELCOTAX_DATA_MISSING: 409,
  NOT_AVAILABLE: 409,
  DOUBLE_WEEK: 409,
  QUALIFICATION_MISSING: 409,
  DAILY_CAP_EXCEEDED: 409,
  YEARLY_CAP_EXCEEDED: 409,
  SAFETY_SHEET_FORBIDDEN: 403,
  BODY_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
};

/**
 * The codes any call may answer, so none declares them: bad input (VALIDATION), a role the call does not allow
 * (FORBIDDEN), a request over the limits (BODY_TOO_LARGE, HEADERS_TOO_LARGE, REQUEST_TIMEOUT), a failure
 * (INTERNAL, DATABASE_UNAVAILABLE).
 */
const everyCallsCodes = [
  'VALIDATION',
  'FORBIDDEN',
  'BODY_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/**
 * The refusals a call declares, by code (`refusals: ['NOT_FOUND', 'CAMP_FULL']`): the web decides on them, the
 * OpenAPI document lists their statuses, and the API tests fail on an answer with a code its call does not declare.
 */
export type RefusalCode = Exclude<ErrorCode, (typeof everyCallsCodes)[number]>;

/**
 * Every code a call may answer: those of every call, UNAUTHORIZED without a valid session (unless it is public),
 * CONFLICT for a signed-in change (an Idempotency-Key reused for another request, plugins/idempotency.ts), and
 * the refusals it declares.
 */
export function codesOf(c: Pick<Call, 'public' | 'method' | 'refusals'>): ReadonlySet<ErrorCode> {
  return new Set<ErrorCode>([
    ...everyCallsCodes,
    ...(c.public ? [] : (['UNAUTHORIZED'] as const)),
    ...(c.method !== 'GET' && !c.public ? (['CONFLICT'] as const) : []),
    ...(c.refusals ?? []),
  ]);
}

export { dataTags, type DataTag } from '../data-tags.js';

/** Every failure answers this shape (decisions.md section 2): a Dutch message, and per field for bad input. */
export const errorAnswer = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** Input schema of a call that takes none. */
type None = z.ZodNever;

type Example<Q extends z.ZodType, B extends z.ZodType> = ([Q] extends [None] ? unknown : { query: z.input<Q> }) &
  ([B] extends [None] ? unknown : { body: z.input<B> });

/**
 * A read declares what its answer shows; a change declares what it makes stale (`dataTags`). A GET that makes
 * something new each time (generateVoucher) provides nothing: it is never cached.
 */
type Caching =
  | { method: 'GET'; provides: readonly DataTag[]; invalidates?: never }
  | { method: 'POST' | 'DELETE'; invalidates: readonly DataTag[]; provides?: never };

interface Common<Q extends z.ZodType, B extends z.ZodType> {
  /** The whole path, `/api/<name>` for the calls of spec section 7. */
  path: `/api/${string}`;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Callable without a session (sign-in, health). */
  public?: boolean;
  /**
   * Needs a family's session of the public booking site (issue 40) instead of a staff one: no staff token
   * reaches it, and a family's token reaches nothing else (server/src/plugins/auth.ts).
   */
  family?: boolean;
  /**
   * The record the call touches and how (`reads('subscription')`, `changes('camp')`, `exports('participant')`):
   * the roles that may use it come from that record's policy (common/src/policies.ts). The server answers any
   * other role 403 before the handler runs; what a role sees of the records is the policy's too.
   */
  access: Access;
  query?: Q;
  body?: B;
  /** The refusals of its own, by code (see `RefusalCode`). */
  refusals?: readonly RefusalCode[];
  /** A valid request: the fuzzer mutates it, the OpenAPI document shows it. */
  example: Example<Q, B>;
}

type Definition<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = Common<Q, B> &
  Caching & {
    /** The schema of the answer's `data`; the answer itself is `{ data }`. */
    response: R;
  };

export const fileFormats = ['xlsx', 'csv', 'pdf', 'xml', 'json', 'zip'] as const;
export type FileFormat = (typeof fileFormats)[number];

interface DownloadDefinition<Q extends z.ZodType, B extends z.ZodType> extends Common<Q, B> {
  method: HttpMethod;
  /** A file is never cached; a download that marks what it exported (exportRefunds) names what that makes stale. */
  invalidates?: readonly DataTag[];
  /** The formats the file can have: the answer is that file, not `{ data }`. */
  files: readonly FileFormat[];
}

/** The answer of a download, for the OpenAPI document: the file's bytes. */
export const fileAnswer = z.string().meta({ format: 'binary' });

export interface Call<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> extends Omit<
  Common<Q, B>,
  'example'
> {
  method: HttpMethod;
  response: R;
  provides?: readonly DataTag[];
  invalidates?: readonly DataTag[];
  example: { query?: unknown; body?: unknown };
  /** Set for a download (see `download`). */
  files?: readonly FileFormat[];
}

/** A call whose answer is a file (xlsx, CSV, PDF). */
export interface Download<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> extends Call<Q, B, typeof fileAnswer> {
  files: readonly FileFormat[];
}

/** One call; its example is checked against its query and body schemas by the type system. */
export function call<R extends z.ZodType, Q extends z.ZodType = None, B extends z.ZodType = None>(
  definition: Definition<Q, B, R>,
): NoInfer<Call<Q, B, R>> {
  return definition as Call<Q, B, R>;
}

/** One download call: like `call`, with the file formats instead of a response schema. */
export function download<Q extends z.ZodType = None, B extends z.ZodType = None>(
  definition: DownloadDefinition<Q, B>,
): NoInfer<Download<Q, B>> {
  return { ...definition, response: fileAnswer } as Download<Q, B>;
}

/** The roles that may use a call: every role for a public one, else those its record's policy allows what it does. */
export function rolesOf(c: Pick<Call, 'public' | 'family' | 'access'>): readonly Role[] {
  if (c.family) return [];
  if (c.public) return allRoles;
  return rolesFor(c.access);
}

/** A feature's calls, each under the feature's OpenAPI tag. */
export type Feature<T extends Record<string, Call>> = { [K in keyof T]: T[K] & { tag: string } };

export function feature<T extends Record<string, Call>>(tag: string, calls: T): Feature<T> {
  return Object.fromEntries(Object.entries(calls).map(([name, c]) => [name, { ...c, tag }])) as Feature<T>;
}

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The table of every feature's calls; a name or path declared twice stops the program at once. */
export function combine<T extends Feature<Record<string, Call>>[]>(...features: T): Intersection<T[number]> {
  const table: Record<string, Call & { tag: string }> = {};
  const paths = new Set<string>();
  for (const calls of features) {
    for (const [name, c] of Object.entries(calls)) {
      const route = `${c.method} ${c.path}`;
      if (table[name] || paths.has(route)) throw new Error(`Call ${name} (${route}) is declared twice`);
      table[name] = c;
      paths.add(route);
    }
  }
  return table as Intersection<T[number]>;
}

/** The answer of a call: `{ data }` with its data schema. */
export function answerSchema<C extends Call>(c: C) {
  return z.object({ data: c.response as C['response'] });
}

type Parts<C> = C extends Call<infer Q, infer B, infer R> ? { query: Q; body: B; response: R } : never;
type Output<S> = [S] extends [None] ? undefined : S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = [S] extends [None] ? undefined : S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, after validation. */
export type QueryOf<C extends Call> = Output<Parts<C>['query']>;
export type BodyOf<C extends Call> = Output<Parts<C>['body']>;
/** What a client sends: the schema's input (form values as text are welcome). */
export type QueryInput<C extends Call> = Input<Parts<C>['query']>;
export type BodyInput<C extends Call> = Input<Parts<C>['body']>;
/** The `data` of a call's answer. */
export type DataOf<C extends Call> = z.output<Parts<C>['response']>;
