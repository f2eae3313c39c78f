import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
// Before React: the modules of the entry run in this order, and this one asks the first screen's answers and code.
import { signInCheck } from './boot/landing-screen.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.js';
import { AuthProvider } from './lib/auth.js';

/**
 * zod compiles fast parsers with `new Function` unless told not to, and the page's Content-Security-Policy forbids
 * eval: each probe would be a violation. zod takes this object as its configuration when its module is evaluated. No
 * zod is in the entry's code (tests/browser/page-weight.test.ts), so every schema comes later, in a chunk loaded on
 * demand, and finds it set (tests/browser/content-security-policy.test.ts fails otherwise). It stands here rather
 * than in a script file of its own, which made a seventh request at the start for Chromium's six connections.
 */
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthProvider signInCheck={signInCheck}>
      <AppRouter />
    </AuthProvider>
  </StrictMode>,
);
