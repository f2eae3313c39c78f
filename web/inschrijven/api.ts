import type { BodyInput, Contract, DataOf, ErrorCode, QueryInput } from '@common/contract/index.js';
import { failureMessages } from '@common/messages.js';

/**
 * The public site's one way to the API (issue 40): the calls under /api/public/ by their contract name, with the
 * family's Bearer token. Only types come from the contract (erased by the build), so no zod schema or staff code
 * reaches the parents' bundle (docs/decisions.md, 'Issue 40').
 */
const PATHS = {
  getPublicCamps: ['GET', '/api/public/getCamps'],
  signUp: ['POST', '/api/public/signUp'],
  signIn: ['POST', '/api/public/signIn'],
  requestSignInLink: ['POST', '/api/public/requestSignInLink'],
  signInWithLink: ['POST', '/api/public/signInWithLink'],
  confirmEmail: ['POST', '/api/public/confirmEmail'],
  signOut: ['POST', '/api/public/signOut'],
  getFamily: ['GET', '/api/public/getFamily'],
  saveParent: ['POST', '/api/public/saveParent'],
  saveChild: ['POST', '/api/public/saveChild'],
  book: ['POST', '/api/public/book'],
  getMyBookings: ['GET', '/api/public/getMyBookings'],
  cancelBooking: ['POST', '/api/public/cancelBooking'],
  getMyWaitingList: ['GET', '/api/public/getMyWaitingList'],
  leaveWaitingList: ['POST', '/api/public/leaveWaitingList'],
  requestChildCorrection: ['POST', '/api/public/requestChildCorrection'],
  joinWaitingList: ['POST', '/api/public/joinWaitingList'],
  getOffer: ['GET', '/api/public/getOffer'],
  acceptOffer: ['POST', '/api/public/acceptOffer'],
  declineOffer: ['POST', '/api/public/declineOffer'],
  getFamilySafetySheet: ['GET', '/api/public/getSafetySheet'],
  saveFamilySafetySheet: ['POST', '/api/public/saveSafetySheet'],
  acceptMyOffer: ['POST', '/api/public/acceptMyOffer'],
  declineMyOffer: ['POST', '/api/public/declineMyOffer'],
} as const;
/** The family's files (issue 34): its attests and the copy of its data, fetched with its token and saved by the browser. */
const DOWNLOADS = {
  getAttestPdf: '/api/public/getAttestPdf',
  exportMyData: '/api/public/exportMyData',
} as const;
export type PublicCall = keyof typeof PATHS;

const TOKEN_KEY = 'inschrijven.token';
export const familyToken = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** A refused call: the server's typed code, its Dutch message, and a message per field for bad input. */
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

/** 128 random bits; crypto.getRandomValues works over plain HTTP too, where crypto.randomUUID does not. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let onUnauthorized: () => void = () => undefined;
/** What a 401 does: the app forgets the family's session and asks to sign in again. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

type Input<N extends PublicCall> = (typeof PATHS)[N][0] extends 'GET' ? QueryInput<Contract[N]> : BodyInput<Contract[N]>;

/** Calls the API; a mutation may carry an Idempotency-Key (the same key on a retry books once). */
export async function api<N extends PublicCall>(name: N, input?: Input<N>, idempotencyKey?: string): Promise<DataOf<Contract[N]>> {
  const [method, path] = PATHS[name];
  const headers: Record<string, string> = {};
  // The camp list needs no session, and is the same for every family: asked without one.
  const token = name === 'getPublicCamps' ? null : familyToken.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let url: string = path;
  if (method === 'GET' && input) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(input)) if (value !== undefined && value !== null) query.set(key, String(value));
    url = `${path}?${query}`;
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: method === 'GET' ? undefined : JSON.stringify(input ?? {}) });
  } catch {
    throw new ApiError(0, 'Geen verbinding met de server. Controleer uw internetverbinding en probeer opnieuw.');
  }
  const payload = (await response.json().catch(() => null)) as {
    data?: unknown;
    error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> };
  } | null;
  if (!response.ok) {
    if (response.status === 401 && token && name !== 'signIn') onUnauthorized();
    throw new ApiError(response.status, payload?.error?.message ?? failureMessages.save, payload?.error?.code, payload?.error?.fields);
  }
  return payload?.data as DataOf<Contract[N]>;
}

/** The file name a download's Content-Disposition header names. */
const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'download';

/**
 * Downloads one of the family's files: fetched with its token (a link could not carry it), then saved by the browser
 * under the server's file name. A refusal throws the server's code and Dutch message, as `api` does.
 */
export async function download<N extends keyof typeof DOWNLOADS>(name: N, input?: QueryInput<Contract[N]>): Promise<void> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input ?? {})) if (value !== undefined && value !== null) query.set(key, String(value));
  const token = familyToken.get();
  let response: Response;
  try {
    response = await fetch(`${DOWNLOADS[name]}${input ? `?${query}` : ''}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'Geen verbinding met de server. Controleer uw internetverbinding en probeer opnieuw.');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: { code?: ErrorCode; message?: string } } | null;
    if (response.status === 401 && token) onUnauthorized();
    throw new ApiError(response.status, payload?.error?.message ?? 'Downloaden mislukt, probeer opnieuw.', payload?.error?.code);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
