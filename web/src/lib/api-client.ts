import { callIndex } from 'virtual:call-index';
import type { BodyInput, Call, CallName, Contract, DataOf, ErrorAnswer, ErrorCode, QueryInput } from '@common/contract/index.js';
import { failureMessages } from '@common/messages.js';
import { announceChange } from './change-broadcast.js';

const TOKEN_KEY = 'kampbeheer.token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/**
 * A failed call: the status and the server's error shape (decisions.md section 2). The web decides on the `code`
 * (one its call declares in the contract, or one every call may answer), never on the message text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

// Until the auth provider has set its own, a 401 (of a call the app asked as it started) is left to the sign-in
// check asked with it, which gets the same 401 and signs out.
let onUnauthorized: () => void = () => undefined;
/** The auth provider decides what a 401 does: forget the session and go to /login. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

// Until the query cache has loaded (the first signed-in screen), a change has no cached answer to make stale.
let onChanged: (callName: CallName) => Promise<unknown> = async () => undefined;
/**
 * The query cache decides what a successful change makes stale (query-client.ts, from the contract's `invalidates`);
 * the call answers once the shown answers it made stale are fetched again.
 */
export function setChangeHandler(handler: (callName: CallName) => Promise<unknown>) {
  onChanged = handler;
}

type Input<C extends Call> = BodyInput<C> extends undefined ? QueryInput<C> : BodyInput<C>;
/** A call without input takes no argument; one whose fields are all optional may leave it out. */
export type Args<C extends Call> = Input<C> extends undefined ? [] : object extends Input<C> ? [input?: Input<C>] : [input: Input<C>];

function buildUrl(path: string, query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/**
 * A fresh Idempotency-Key: 128 random bits. crypto.getRandomValues works outside a secure context too,
 * where crypto.randomUUID does not (the app may be served over plain HTTP inside a LAN).
 */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A mutation that got no answer, or a 503 (database briefly away), is sent again after these waits. */
const RETRY_DELAYS_MS = [500, 1500];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one way the web app calls the API, by the name of a call of the table (common/src/contract/):
 * its input is the call's body, or its query when it has no body; the answer is its typed `data`.
 * Bearer token, errors normalised, 401 to the login page. A mutation carries one Idempotency-Key per
 * user action, made when the action is sent and kept on its retries, so a retry whose first attempt did
 * reach the server gets that first answer and changes nothing twice.
 */
async function call<N extends CallName>(name: N, ...[input]: Args<Contract[N]>): Promise<DataOf<Contract[N]>> {
  const { method, path, body } = callIndex[name];
  const token = tokenStore.get();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const mutation = method !== 'GET';
  if (mutation) headers['idempotency-key'] = newIdempotencyKey();
  let response: Response | null = null;
  for (let attempt = 0; ; attempt++) {
    const retry = mutation && attempt < RETRY_DELAYS_MS.length;
    try {
      const url = body ? path : buildUrl(path, input);
      response = await fetch(url, { method, headers, body: body ? JSON.stringify(input ?? {}) : undefined });
    } catch {
      if (!retry) throw new ApiError(0, 'Geen verbinding met de server.');
    }
    if (response && !(retry && response.status === 503)) break;
    response = null;
    await pause(RETRY_DELAYS_MS[attempt]!);
  }
  const payload = (await response.json().catch(() => null)) as { data?: unknown } & Partial<ErrorAnswer>;
  if (!response.ok) {
    if (response.status === 401 && name !== 'login') onUnauthorized();
    throw new ApiError(response.status, payload?.error?.message ?? failureMessages.save, payload?.error?.code, payload?.error?.fields);
  }
  if (method !== 'GET' && name !== 'login') {
    announceChange(name);
    await onChanged(name);
  }
  // The server checked the answer against the call's response schema before sending it.
  return payload?.data as DataOf<Contract[N]>;
}

/**
 * A multipart upload with progress (fetch reports none): `onProgress` gets the share sent, 0 to 1.
 * Answers and errors are read as `call` reads them.
 */
export function upload<N extends CallName>(name: N, form: FormData, onProgress: (sent: number) => void): Promise<DataOf<Contract[N]>> {
  type T = DataOf<Contract[N]>;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', callIndex[name].path);
    const token = tokenStore.get();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'Geen verbinding met de server.'));
    request.onload = () => {
      let payload: ({ data?: T } & Partial<ErrorAnswer>) | null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = null;
      }
      if (request.status >= 200 && request.status < 300) {
        announceChange(name);
        return void onChanged(name).then(() => resolve(payload?.data as T));
      }
      if (request.status === 401) onUnauthorized();
      reject(new ApiError(request.status, payload?.error?.message ?? failureMessages.save, payload?.error?.code, payload?.error?.fields));
    };
    request.send(form);
  });
}

export const api = { call, upload };

/**
 * A file from a download call of the table, saved under the name the server gives. A link cannot carry the
 * Bearer header, so the file is fetched like any call and handed to the browser as a Blob; the token never
 * goes in a URL.
 */
async function fetchFile(name: CallName, input: Record<string, unknown>): Promise<{ fileName: string; blob: Blob }> {
  const { path, body } = callIndex[name];
  const token = tokenStore.get();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let response: Response;
  try {
    // A download with a body (exportRefunds) is a POST of JSON; the others take their input in the query.
    response = body
      ? await fetch(path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      : await fetch(buildUrl(path, input), { headers });
  } catch {
    throw new ApiError(0, 'Geen verbinding met de server.');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as Partial<ErrorAnswer> | null;
    if (response.status === 401) onUnauthorized();
    throw new ApiError(response.status, payload?.error?.message ?? failureMessages.download, payload?.error?.code, payload?.error?.fields);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? name;
  return { fileName, blob: await response.blob() };
}

async function download(name: CallName, input: Record<string, unknown>): Promise<string> {
  const { fileName, blob } = await fetchFile(name, input);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed once the browser has surely taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return fileName;
}

/** fetchFile: the file without saving it (the attests page makes every PDF once to show progress). */
export const downloads = { download, fetchFile };
