import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { SignedInUser } from '@common/schemas/auth.js';
import { preloadSignedInNavbar } from '../components/load-signed-in-navbar.js';
import { api, tokenStore } from '../lib/api-client.js';
import { selectedCampYear } from '../lib/selected-camp-year.js';

/**
 * The screens staff land on: the answer each opens on, asked at once, and how it becomes that screen's own query
 * (its query options, with that answer as its first fetch) once the query cache's code is in.
 */
const landingScreens: Record<string, (campYear: number) => Promise<unknown>> = {
  '/subscription-overview': (campYear) => {
    const answer = askedEarly(api.call('getSubscriptionFirstRows', { campYear }));
    void import('../features/subscriptions/SubscriptionOverviewPage.js');
    return prefetch(import('../features/subscriptions/api/get-subscriptions.js'), ({ firstRowsOf, subscriptionFirstRowsQuery }) => ({
      ...subscriptionFirstRowsQuery(campYear),
      queryFn: async () => firstRowsOf(await answer),
    }));
  },
  '/camps': (campYear) => {
    const answer = askedEarly(api.call('getCamps', { campYear }));
    void import('../features/camps/CampsOverviewPage.js');
    return prefetch(import('../features/camps/api/get-camps.js'), ({ campsQuery }) => ({ ...campsQuery(campYear), queryFn: () => answer }));
  },
};

/**
 * An answer asked before anything waits for it: its failure is reported by whoever takes it (the screen's query,
 * AuthProvider), not as an unhandled rejection before that.
 */
function askedEarly<T>(answer: Promise<T>): Promise<T> {
  answer.catch(() => undefined);
  return answer;
}

/**
 * Puts a screen's query into the query cache once its code and the cache's are in; settles when its answer is there.
 * The browser settles each import on its own, so the screen's code may be in and its query asked before this runs
 * (up to one visit in ten on the loaded machine): that fetch gives way to the answer asked at the start, which the
 * rows would otherwise not use, waiting for the later one.
 */
async function prefetch<M, T, K extends QueryKey>(code: Promise<M>, query: (module: M) => FetchQueryOptions<T, Error, T, K>) {
  const [{ queryClient }, module] = await Promise.all([import('../lib/query-client.js'), code]);
  const options = query(module);
  await queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  await queryClient.prefetchQuery(options);
}

/**
 * With a stored sign-in, the app asks what its first screen needs as its code starts, all at once, instead of one
 * after the other: the sign-in check, the signed-in bar, the query cache and, on a screen staff land on (the
 * subscriptions overview, the camps), its code and the answer it opens on, put into the query cache as that screen's
 * own query (`prefetchQuery` with its query options), where the screen finds it on its way or answered. Answers the
 * sign-in check, for AuthProvider. A sign-in that turns out invalid ends on /login as usual, and signing out empties the
 * query cache. No screen knows of this: without it, each asks the same itself.
 */
function startLandingScreen(): Promise<SignedInUser> | null {
  if (!tokenStore.get()) return null;
  const signInCheck = askedEarly(api.call('me'));
  preloadSignedInNavbar();
  void import('../app/QueryScope.js');
  void landingScreens[window.location.pathname]?.(selectedCampYear(window.location.search));
  return signInCheck;
}

/**
 * Asked as this module is evaluated, which main.tsx makes the first of the entry chunk's modules to run (nothing here
 * imports React): the answers and the screen's code are on their way while React's code is evaluated after it,
 * instead of after it.
 */
export const signInCheck = startLandingScreen();
