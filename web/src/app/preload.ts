import { preloadSignedInNavbar } from '../components/AppNavbar.js';
import { callEarly, tokenStore } from '../lib/api-client.js';
import { selectedCampYear } from '../lib/camp-year.js';

/**
 * With a stored sign-in, the screen the app opens on starts loading at once, while the sign-in is still being
 * checked, instead of one piece after the other: the navigation bar and the query cache every signed-in screen
 * uses, and for the screens staff land on (the overview, with the largest answer of the product, and the
 * camps), the screen's code and its data. A sign-in that turns out invalid ends on /login as usual.
 */
export function preloadLandingScreen() {
  if (!tokenStore.get()) return;
  // The sign-in check goes first: no screen shows before it answers (spec section 2, 'Applicatie opstarten...').
  callEarly('me');
  preloadSignedInNavbar();
  void import('./QueryScope.js');
  const year = selectedCampYear(window.location.search);
  // Each screen's data is asked now, not once the code that reads it is in (about 200 ms on a first visit).
  switch (window.location.pathname) {
    case '/subscription-overview':
      void import('../features/subscriptions/SubscriptionOverviewPage.js');
      // The rows it opens on; the whole year (5 MB at 50,000) is asked once they show, so it does not compete with them.
      callEarly('getSubscriptionFirstRows', { campYear: year });
      break;
    case '/camps':
      void import('../features/camps/CampsOverviewPage.js');
      callEarly('getCamps', { campYear: year });
      break;
  }
}
