import { preloadSignedInNavbar } from '../components/AppNavbar.js';
import { tokenStore } from '../lib/api-client.js';
import { selectedCampYear } from '../lib/camp-year.js';

/**
 * With a stored sign-in, the screen the app opens on starts loading as the app starts, while the sign-in is checked,
 * instead of after it: the signed-in navigation bar and the query cache, and for the subscriptions overview (where
 * staff land) its code and the query of its first rows, started in the query cache with the screen's own query
 * options, so that the screen finds it there, running or answered. A sign-in that turns out invalid ends on /login
 * as usual, and signing out empties the query cache. No screen knows of this: without it, each asks the same itself.
 */
export function startLandingScreen(): void {
  if (!tokenStore.get()) return;
  preloadSignedInNavbar();
  void import('../app/QueryScope.js');
  if (window.location.pathname !== '/subscription-overview') return;
  const year = selectedCampYear(window.location.search);
  void import('../features/subscriptions/SubscriptionOverviewPage.js');
  void Promise.all([import('../lib/query-client.js'), import('../features/subscriptions/api/get-subscriptions.js')]).then(
    ([{ queryClient }, { subscriptionFirstRowsQuery }]) => queryClient.prefetchQuery(subscriptionFirstRowsQuery(year)),
  );
}
