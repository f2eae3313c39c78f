import type { SignedInUser } from './schemas/auth.js';
import type { SubscriptionFirstRows } from './schemas/subscriptions.js';

/**
 * What the server and the web app share about the page the server renders with its rows, the subscriptions
 * overview (docs/decisions.md, 'A page that arrives with its rows').
 */

/**
 * The cookie the web app keeps its sign-in in for that page: the stored token, sent only with the navigations of
 * this site to the page's own path. Only the page reads it; every call of the API takes the Bearer token alone, so
 * a cookie can make no call for another site.
 */
export const SESSION_COOKIE = 'kampbeheer_session';
export const SESSION_COOKIE_PATH = '/subscription-overview';

/** The element of the page that holds the answers its first frame was rendered from, which the app takes as they are. */
export const SERVER_ANSWERS_ID = 'server-answers';

/** Those answers: the bodies of /api/me and getSubscriptionFirstRows, as the API sent them. */
export interface ServerAnswers {
  campYear: number;
  me: unknown;
  getSubscriptionFirstRows: unknown;
}

/** What the server's build of the web app renders the overview's first frame from (web/src/ssr/overview-frame.tsx). */
export interface OverviewFrameInput {
  /** The page's address: '/subscription-overview?subscriptionsYear=2026'. */
  url: string;
  campYear: number;
  /** The data of the answers of /api/me and of getSubscriptionFirstRows for that year. */
  user: SignedInUser;
  firstRows: SubscriptionFirstRows;
}
