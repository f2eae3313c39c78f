import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { callIndexPlugin } from './call-index-plugin.js';
import { landingChunkPlugin } from './landing-chunk-plugin.js';

// What web/src/boot/ starts for the subscriptions overview, the screen staff land on.
const landingChunk = landingChunkPlugin([
  './src/components/SignedInNavbar.tsx',
  './src/app/QueryScope.tsx',
  './src/lib/query-client.ts',
  './src/features/subscriptions/SubscriptionOverviewPage.tsx',
]);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), callIndexPlugin(), landingChunk.plugin],
  // The same alias as tsconfig.json's `paths`: `@common/x.js` is `common/src/x.ts`.
  resolve: { alias: { '@common': fileURLToPath(new URL('../common/src', import.meta.url)) } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Everything the entry loads statically in one chunk (every page's start asks it and the stylesheet, beside
        // the bundler's small runtime), and what the landing screens need beyond it in another (landing-chunk-plugin.ts).
        codeSplitting: {
          groups: [
            { name: 'app', test: landingChunk.inEntry },
            { name: 'signed-in', test: landingChunk.inLandingChunk, includeDependenciesRecursively: false },
          ],
        },
      },
    },
    // Every browser of the last two years preloads modules itself; the polyfill cost every page 0.35 KB gzip.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
