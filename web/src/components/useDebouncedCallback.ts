import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * Runs `action` `delayMs` after the last call to `call`, such as a search 350 ms after typing stops
 * (spec section 9). `cancel` drops a pending run; leaving the screen drops it too.
 */
export function useDebouncedCallback<A extends unknown[]>(action: (...args: A) => void, delayMs: number) {
  const latest = useRef(action);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const call = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    },
    [delayMs],
  );
  return useMemo(() => ({ call, cancel }), [call, cancel]);
}
