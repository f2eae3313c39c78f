import { preloadSignedInNavbar } from '../components/AppNavbar.js';
import { SERVER_ANSWERS_ID, type ServerAnswers } from '@common/server-rendered-page.js';
import { answeredByServer, callEarly, tokenStore } from '../lib/api-client.js';
import { selectedCampYear } from '../lib/camp-year.js';
import { CampsOverviewPage, QueryScope, SubscriptionOverviewPage } from './landing-screens.js';

/**
 * The longest the app's first render waits for the screen it opens on. Beyond it, the frame of the app shows
 * first and the screen follows as its code and data come in.
 */
const LANDING_WAIT_MS = 1000;

/**
 * With a stored sign-in, the screen the app opens on starts loading at once, while the sign-in is still being
 * checked, instead of one piece after the other: the navigation bar and the query cache every signed-in screen
 * uses, and for the screens staff land on (the overview, with the largest answer of the product, and the
 * camps), the screen's code and its data. A sign-in that turns out invalid ends on /login as usual.
 *
 * A page the server rendered with its first frame (the overview: server/src/plugins/overview-page.ts) carries the
 * answers that frame was made from: they are taken as they are, and the app, started once the frame has been drawn,
 * renders over it.
 *
 * Resolves once all of that has arrived (or failed), at most after LANDING_WAIT_MS: the app then renders the screen
 * in one go, instead of the sign-in check's line, the frame and the screen one after the other, each drawn in a
 * frame of its own (docs/decisions.md, 'The first render waits for the landing screen').
 */
export function preloadLandingScreen(): Promise<unknown> {
  tokenStore.keepCookie();
  if (!tokenStore.get()) return Promise.resolve();
  const served = serverAnswers();
  if (served) {
    answeredByServer(served.me, 'me');
    answeredByServer(served.getSubscriptionFirstRows, 'getSubscriptionFirstRows', { campYear: served.campYear });
    // The page shows the server's frame of the screen, drawn before the app started (public/start-after-frame.js).
    return Promise.all([preloadSignedInNavbar(), QueryScope.preload(), SubscriptionOverviewPage.preload()]);
  }
  // The sign-in check goes first: no screen shows before it answers (spec section 2, 'Applicatie opstarten...').
  const parts = [callEarly('me'), preloadSignedInNavbar(), QueryScope.preload()];
  const year = selectedCampYear(window.location.search);
  // Each screen's data is asked now, not once the code that reads it is in (about 200 ms on a first visit).
  switch (window.location.pathname) {
    case '/subscription-overview':
      // The rows it opens on; the whole year (5 MB at 50,000) is asked once they show, so it does not compete with them.
      parts.push(SubscriptionOverviewPage.preload(), callEarly('getSubscriptionFirstRows', { campYear: year }));
      break;
    case '/camps':
      parts.push(CampsOverviewPage.preload(), callEarly('getCamps', { campYear: year }));
      break;
  }
  return Promise.race([Promise.all(parts), new Promise((resolve) => setTimeout(resolve, LANDING_WAIT_MS))]);
}

/** The answers the server rendered the page's first frame from, when it did (common/src/server-rendered-page.ts). */
function serverAnswers(): ServerAnswers | null {
  const element = document.getElementById(SERVER_ANSWERS_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as ServerAnswers) : null;
}
