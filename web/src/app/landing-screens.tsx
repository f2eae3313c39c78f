import { LoadingLine } from '../components/LoadingLine.js';
import { loadable } from './loadable.js';

// The query cache every signed-in screen uses, and the screens a session starts on (preload.ts): they load without
// a Suspense fallback (loadable.tsx).
export const QueryScope = loadable(
  () => import('./QueryScope.js'),
  () => <LoadingLine />,
);
export const SubscriptionOverviewPage = loadable(
  () => import('../features/subscriptions/SubscriptionOverviewPage.js'),
  () => <LoadingLine />,
);
export const CampsOverviewPage = loadable(
  () => import('../features/camps/CampsOverviewPage.js'),
  () => <LoadingLine />,
);
