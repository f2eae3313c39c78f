import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/**
 * A part of the app loaded on demand that shows `whileLoading(props)` until its code is in, then itself, without a
 * Suspense boundary. React holds back content that replaces a Suspense fallback until 300 ms after the last
 * fallback it showed, so the fallbacks on the way to the landing screen (the navigation bar, the query cache,
 * the screen) each held its first row back by up to 300 ms once the code and the data were in (issue 22).
 * A failed load is thrown to the error handling as React.lazy's is. On the server, a part shows itself once its
 * `preload` has resolved (ssr/overview-frame.tsx).
 */
export function loadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  whileLoading: (props: NoInfer<P>) => ReactNode,
) {
  let loaded: ComponentType<P> | undefined;
  let failed: { error: unknown } | undefined;
  let started: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const settle = () => listeners.forEach((listener) => listener());
  const preload = () =>
    (started ??= load().then(
      (module) => {
        loaded = module.default;
        settle();
      },
      (error: unknown) => {
        failed = { error };
        settle();
      },
    ));
  const current = () => loaded;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    void preload();
    return () => listeners.delete(listener);
  };
  function Loadable(props: P) {
    // The same on the server as in the browser: what has loaded.
    const Component = useSyncExternalStore(subscribe, current, current);
    if (failed) throw failed.error;
    return Component ? <Component {...props} /> : whileLoading(props);
  }
  return Object.assign(Loadable, { preload });
}
