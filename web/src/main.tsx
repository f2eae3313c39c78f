import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.js';
import { startLandingScreen } from './boot/landing-screen.js';
import { AuthProvider } from './lib/auth.js';

const signInCheck = startLandingScreen();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthProvider signInCheck={signInCheck}>
      <AppRouter />
    </AuthProvider>
  </StrictMode>,
);
