import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * Navigates after a delay, such as to the new record 1 s after a create (spec section 4); the
 * pending navigation is dropped when the screen goes away first.
 */
export function useNavigateLater() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to), delayMs);
    },
    [navigate],
  );
}
