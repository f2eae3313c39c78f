import { preloadSignedInNavbar } from '../components/AppNavbar.js';
import { tokenStore } from '../lib/api-client.js';
import { selectedCampYear } from '../lib/camp-year.js';

/**
 * With a stored sign-in, the screen the app opens on starts loading at once, while the sign-in is still being
 * checked, instead of one piece after the other: the navigation bar and the query cache every signed-in screen
 * uses, and for the screens staff land on (the overview, with the largest answer of the product, and the
 * camps), the screen's code and its data. A sign-in that turns out invalid ends on /login as usual.
 */
export function preloadLandingScreen() {
  if (!tokenStore.get()) return;
  preloadSignedInNavbar();
  const queries = import('../lib/query-client.js');
  void import('./QueryScope.js');
  const year = selectedCampYear(window.location.search);
  switch (window.location.pathname) {
    case '/subscription-overview':
      void import('../features/subscriptions/SubscriptionOverviewPage.js');
      void Promise.all([queries, import('../features/subscriptions/api/get-subscriptions.js')]).then(
        ([{ queryClient }, { subscriptionsQuery }]) => queryClient.prefetchQuery(subscriptionsQuery(year)),
      );
      break;
    case '/camps':
      void import('../features/camps/CampsOverviewPage.js');
      void Promise.all([queries, import('../features/camps/api/get-camps.js')]).then(([{ queryClient }, { campsQuery }]) =>
        queryClient.prefetchQuery(campsQuery(year)),
      );
      break;
  }
}
