import { QueryClient } from '@tanstack/react-query';
import { ApiError, setChangeHandler } from './api-client.js';
import { onChangeInOtherTab } from './change-broadcast.js';
import { invalidateAfter } from './queries.js';

/**
 * The app's one query cache. Only signed-in screens use it, so it loads with the first of them
 * (QueryScope.tsx) and /login loads no react-query.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A tab that gets focus reloads what is older than the stale time: others' changes show on return.
      refetchOnWindowFocus: true,
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});

// What a change of this tab makes stale, the contract says (queries.ts).
setChangeHandler((callName) => invalidateAfter(queryClient, callName));
// What another tab of this browser saved shows here at once: every cached answer is stale, the shown ones reload.
onChangeInOtherTab(() => void queryClient.invalidateQueries());
