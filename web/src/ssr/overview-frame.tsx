import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { OverviewFrameInput } from '@common/server-rendered-page.js';
import { AppNavbar, preloadSignedInNavbar } from '../components/AppNavbar.js';
import { PageMain } from '../components/PageMain.js';
import SubscriptionOverviewPage from '../features/subscriptions/SubscriptionOverviewPage.js';
import { firstRowsOf } from '../features/subscriptions/api/get-subscriptions.js';
import { subscriptionKeys } from '../features/subscriptions/api/keys.js';
import { SignedInOnServer } from '../lib/auth.js';

/**
 * The markup of the overview as the app first shows it with these answers: the navigation bar and the screen with
 * its first rows, rendered by the app's own components, so the server sends the page with its rows and the browser
 * draws them before any script has run (docs/decisions.md, 'A page that arrives with its rows'). The app then
 * renders the same screen over it. Each call has a query cache of its own: nothing of one sign-in reaches another.
 */
export async function renderOverviewFrame({ url, campYear, user, firstRows }: OverviewFrameInput): Promise<string> {
  await preloadSignedInNavbar();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(subscriptionKeys.firstRows(campYear), firstRowsOf(firstRows));
  return renderToString(
    <StaticRouter location={url}>
      <SignedInOnServer user={user}>
        <QueryClientProvider client={queryClient}>
          <AppNavbar />
          <PageMain>
            <SubscriptionOverviewPage />
          </PageMain>
        </QueryClientProvider>
      </SignedInOnServer>
    </StaticRouter>,
  );
}
