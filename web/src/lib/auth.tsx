import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SignedInUser } from '@common/schemas/auth.js';
import { api, ApiError, arrivedEarly, setUnauthorizedHandler, tokenStore } from './api-client.js';

type AuthState =
  | { status: 'loading' }
  | { status: 'signedIn'; user: SignedInUser }
  /** sessionExpired: the server no longer knew the stored sign-in (a 401), as opposed to signing out or never signing in. */
  | { status: 'signedOut'; sessionExpired: boolean }
  | { status: 'error'; error: string };

interface AuthContextValue {
  state: AuthState;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The sign-in check the app started with (preload.ts), when it has answered before the first render. */
const checkedAtStart = arrivedEarly((user: SignedInUser) => user, 'me');

function startState(): AuthState {
  if (!tokenStore.get()) return { status: 'signedOut', sessionExpired: false };
  const user = checkedAtStart.initialData();
  return user ? { status: 'signedIn', user } : { status: 'loading' };
}

/** The authentication state: the stored token is checked against /api/me once at start. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(startState);

  const signOutLocally = useCallback((sessionExpired: boolean) => {
    tokenStore.clear();
    // Nothing of this user's answers stays for the next one. Without a signed-in screen shown yet, the cache was never loaded.
    void import('./query-client.js').then(({ queryClient }) => queryClient.clear());
    setState({ status: 'signedOut', sessionExpired });
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => signOutLocally(true));
  }, [signOutLocally]);

  useEffect(() => {
    if (!tokenStore.get() || checkedAtStart.initialData()) return;
    api
      .call('me')
      .then((user) => setState({ status: 'signedIn', user }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) signOutLocally(true);
        else setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      });
  }, [signOutLocally]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      login: async (username, password) => {
        const answer = await api.call('login', { username, password });
        tokenStore.set(answer.token);
        setState({ status: 'signedIn', user: answer.user });
      },
      logout: async () => {
        await api.call('logout').catch(() => undefined);
        signOutLocally(false);
      },
    }),
    [state, signOutLocally],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * The sign-in a page's first frame is rendered for on the server (ssr/overview-frame.tsx). That frame is inert
 * markup: nobody can sign in or out through it, the app does once it starts.
 */
export function SignedInOnServer({ user, children }: { user: SignedInUser; children: ReactNode }) {
  const refuse = () => Promise.reject(new Error('A page rendered on the server signs nobody in or out.'));
  const value: AuthContextValue = { state: { status: 'signedIn', user }, login: refuse, logout: refuse };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
