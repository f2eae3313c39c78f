import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadLandingScreen } from './app/preload.js';
import { AppRouter } from './app/router.js';
import { ApiError } from './lib/api-client.js';
import { AuthProvider } from './lib/auth.js';
import { onChangeInOtherTab } from './lib/change-broadcast.js';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A tab that gets focus reloads what is older than the stale time: others' changes show on return.
      refetchOnWindowFocus: true,
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});

// What another tab of this browser saved shows here at once: every cached answer is stale, the shown ones reload.
onChangeInOtherTab(() => void queryClient.invalidateQueries());

preloadLandingScreen(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppRouter />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
