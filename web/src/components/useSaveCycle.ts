import { useCallback, useEffect, useRef, useState } from 'react';
import { SAVED_INDICATOR_MS } from '@common/constants.js';
import { ApiError } from '../lib/api-client.js';
import { ACTION_STARTED, useActionScope } from './ActionScope.js';
import { refusalExplanation } from './server-field-errors.js';

export type SaveState = 'idle' | 'submitting' | 'success' | 'error';

/** The save was made from an older version of the record than the stored one (409 VERSION_CONFLICT). */
export const isStaleSave = (error: unknown): error is ApiError => error instanceof ApiError && error.code === 'VERSION_CONFLICT';

/**
 * The save cycle of every form and action (spec section 4): idle, submitting, then success for 1 s
 * or error with the given message, followed by the refusal's own explanation when the server gave one (issue 39);
 * the form stays editable on error. A save over a record someone else
 * changed says so instead (the server's message), and `stale` tells the screen to offer a reload. Inside an
 * ActionScope its failure message goes as soon as another action of the screen starts; a stale record's
 * warning stays, since the record is still stale.
 */
export function useSaveCycle(failureMessage: string) {
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const scope = useActionScope();
  const [token] = useState(() => ({}));
  const staleRef = useRef(false);
  staleRef.current = stale;
  useEffect(() => {
    if (!scope) return;
    const otherStarted = (event: Event) => {
      if ((event as CustomEvent<object>).detail === token || staleRef.current) return;
      setError(null);
      setState((current) => (current === 'error' ? 'idle' : current));
    };
    scope.addEventListener(ACTION_STARTED, otherStarted);
    return () => scope.removeEventListener(ACTION_STARTED, otherStarted);
  }, [scope, token]);

  const run = useCallback(
    async <T>(action: () => Promise<T>, onSuccess?: (result: T) => void): Promise<boolean> => {
      clearTimeout(timer.current);
      scope?.dispatchEvent(new CustomEvent(ACTION_STARTED, { detail: token }));
      setState('submitting');
      setError(null);
      setStale(false);
      try {
        const result = await action();
        setState('success');
        onSuccess?.(result);
        timer.current = setTimeout(() => setState('idle'), SAVED_INDICATOR_MS);
        return true;
      } catch (caught) {
        setState('error');
        setStale(isStaleSave(caught));
        // A refusal says why besides the failure message (issue 39); a field message also stands at its field.
        setError(isStaleSave(caught) ? caught.message : [failureMessage, refusalExplanation(caught)].filter(Boolean).join(' '));
        return false;
      }
    },
    [failureMessage, scope, token],
  );
  const clearError = useCallback(() => {
    setError(null);
    setStale(false);
    setState('idle');
  }, []);
  return { state, error, stale, run, clearError };
}
