import { preloadSignedInNavbar } from '../components/AppNavbar.js';
import { tokenStore } from '../lib/api-client.js';
import { selectedCampYear } from '../lib/camp-year.js';

/**
 * The overview is where staff land, and its year of subscriptions is the largest answer of the product:
 * with a stored sign-in, its screen and its data start loading at once, while the sign-in is still being
 * checked, instead of one after the other. A sign-in that turns out invalid ends on /login as usual.
 * Every signed-in screen shows the full navigation bar, so it starts loading too.
 */
export function preloadLandingScreen() {
  if (!tokenStore.get()) return;
  preloadSignedInNavbar();
  if (window.location.pathname !== '/subscription-overview') return;
  void import('../features/subscriptions/SubscriptionOverviewPage.js');
  const year = selectedCampYear(window.location.search);
  void Promise.all([import('../lib/query-client.js'), import('../features/subscriptions/api/get-subscriptions.js')]).then(
    ([{ queryClient }, { subscriptionsQuery }]) => queryClient.prefetchQuery(subscriptionsQuery(year)),
  );
}
