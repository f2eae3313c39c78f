import { useCallback, useEffect, useRef, useState } from 'react';
import { SAVED_INDICATOR_MS } from '@common/constants.js';

export type SaveState = 'idle' | 'submitting' | 'success' | 'error';

/**
 * The save cycle of every form and action (spec section 4): idle, submitting, then success for 1 s
 * or error with the given message; the form stays editable on error.
 */
export function useSaveCycle(failureMessage: string) {
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async <T>(action: () => Promise<T>, onSuccess?: (result: T) => void): Promise<boolean> => {
      clearTimeout(timer.current);
      setState('submitting');
      setError(null);
      try {
        const result = await action();
        setState('success');
        onSuccess?.(result);
        timer.current = setTimeout(() => setState('idle'), SAVED_INDICATOR_MS);
        return true;
      } catch {
        setState('error');
        setError(failureMessage);
        return false;
      }
    },
    [failureMessage],
  );
  return { state, error, run, clearError: () => setError(null) };
}
