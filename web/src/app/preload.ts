import type { QueryClient } from '@tanstack/react-query';
import { subscriptionsQuery } from '../features/subscriptions/api/get-subscriptions.js';
import { tokenStore } from '../lib/api-client.js';
import { selectedCampYear } from '../lib/camp-year.js';

/**
 * The overview is where staff land, and its year of subscriptions is the largest answer of the product:
 * with a stored sign-in, its screen and its data start loading at once, while the sign-in is still being
 * checked, instead of one after the other. A sign-in that turns out invalid ends on /login as usual.
 */
export function preloadLandingScreen(queryClient: QueryClient) {
  if (!tokenStore.get() || window.location.pathname !== '/subscription-overview') return;
  void import('../features/subscriptions/SubscriptionOverviewPage.js');
  void queryClient.prefetchQuery(subscriptionsQuery(selectedCampYear(window.location.search)));
}
