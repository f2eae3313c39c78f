import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth.js';
import { LoadingLine } from './LoadingLine.js';

/** The guard of every admin page: content only for a signed-in user; /login once loading shows nobody is. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <LoadingLine text="Applicatie opstarten..." />;
  if (state.status === 'error') return <p role="alert">Error: {state.error}</p>;
  if (state.status === 'signedOut') return <Navigate to="/login" replace />;
  return <>{children}</>;
}
