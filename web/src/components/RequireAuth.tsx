import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInState } from '../app/return-path.js';
import { useAuth } from '../lib/auth.js';
import { LoadingLine } from './LoadingLine.js';

/**
 * The guard of every admin page: content only for a signed-in user; /login once loading shows nobody is.
 * /login learns where the user was (to return there after signing in) and whether the session expired.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <LoadingLine text="Applicatie opstarten..." />;
  if (state.status === 'error') return <p role="alert">Error: {state.error}</p>;
  if (state.status === 'signedOut') {
    return <Navigate to="/login" replace state={signInState(`${location.pathname}${location.search}`, state.sessionExpired)} />;
  }
  return <>{children}</>;
}
