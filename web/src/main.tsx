import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadLandingScreen } from './app/preload.js';
import { AppRouter } from './app/router.js';
import { AuthProvider } from './lib/auth.js';

preloadLandingScreen();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthProvider>
      <AppRouter />
    </AuthProvider>
  </StrictMode>,
);
