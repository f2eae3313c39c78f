import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SignedInUser } from '@common/schemas/auth.js';
import { api, ApiError, setUnauthorizedHandler, tokenStore } from './api-client.js';

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

/**
 * The authentication state: the stored token is checked against /api/me once at start, by `signInCheck` when the app
 * asked it before its first render (web/src/boot/).
 */
export function AuthProvider({ children, signInCheck }: { children: ReactNode; signInCheck?: Promise<SignedInUser> | null }) {
  const [state, setState] = useState<AuthState>(() =>
    tokenStore.get() ? { status: 'loading' } : { status: 'signedOut', sessionExpired: false },
  );

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
    if (!tokenStore.get()) return;
    (signInCheck ?? api.call('me'))
      // A transition: 'Applicatie opstarten...' stays until the screen's code is in, instead of giving way to a
      // Suspense fallback for those milliseconds, after which React holds the screen back (up to 300 ms).
      .then((user) => startTransition(() => setState({ status: 'signedIn', user })))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'UNAUTHORIZED') signOutLocally(true);
        else setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      });
  }, [signOutLocally, signInCheck]);

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

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
