import { failureMessages } from '@common/messages.js';

const TOKEN_KEY = 'kampbeheer.token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** A failed call: the status and the server's error shape (decisions.md section 2). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};
/** The auth provider decides what a 401 does: forget the session and go to /login. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | boolean | null | undefined>;

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/${path}${search ? `?${search}` : ''}`;
}

/** The one way the web app calls the API: Bearer token, `{ data }` unwrapped, errors normalised, 401 to login. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown } = {},
): Promise<T> {
  const token = tokenStore.get();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'Geen verbinding met de server.');
  }
  const payload = (await response.json().catch(() => null)) as {
    data?: T;
    error?: { code: string; message: string; fields?: Record<string, string> };
  } | null;
  if (!response.ok) {
    if (response.status === 401 && path !== 'login') onUnauthorized();
    throw new ApiError(response.status, payload?.error?.message ?? failureMessages.save, payload?.error?.code, payload?.error?.fields);
  }
  return payload?.data as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => apiRequest<T>('GET', path, { query }),
  post: <T>(path: string, body: unknown) => apiRequest<T>('POST', path, { body }),
  delete: <T>(path: string, body: unknown) => apiRequest<T>('DELETE', path, { body }),
};
