import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadLandingScreen } from './app/preload.js';
import { AppRouter } from './app/router.js';
import { AuthProvider } from './lib/auth.js';

// Until the first render, the page shows the sign-in check's line of index.html.
void preloadLandingScreen().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AuthProvider>
        <AppRouter />
      </AuthProvider>
    </StrictMode>,
  ),
);
