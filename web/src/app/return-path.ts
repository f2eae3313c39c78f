/** What the guard hands to /login: the page to return to after signing in, and whether a session expired. */
export interface SignInState {
  from: string;
  sessionExpired: boolean;
}

export function signInState(from: string, sessionExpired: boolean): SignInState {
  return { from, sessionExpired };
}

/** The page a signed-out user came from, when it is a page of this app (never another site, never /login again). */
export function returnPathAfterSignIn(state: unknown): string | null {
  const from = (state as Partial<SignInState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('login')) return null;
  return from;
}

export function sessionExpired(state: unknown): boolean {
  return (state as Partial<SignInState> | null)?.sessionExpired === true;
}
