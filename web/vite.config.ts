import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { callIndexPlugin } from './call-index-plugin.js';
import { landingChunkPlugin } from './landing-chunk-plugin.js';

// What web/src/app/preload.ts starts for the subscriptions overview, the screen staff land on.
const landingChunk = landingChunkPlugin([
  './src/components/SignedInNavbar.tsx',
  './src/app/QueryScope.tsx',
  './src/lib/query-client.ts',
  './src/features/subscriptions/SubscriptionOverviewPage.tsx',
]);

// The browser's build, and with `--ssr` the server's: the first frame of the pages the server renders (src/ssr/).
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [react(), callIndexPlugin(), ...(isSsrBuild ? [] : [landingChunk.plugin])],
  // The same alias as tsconfig.json's `paths`: `@common/x.js` is `common/src/x.ts`.
  resolve: { alias: { '@common': fileURLToPath(new URL('../common/src', import.meta.url)) } },
  build: isSsrBuild
    ? { outDir: '../dist/web-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        chunkSizeWarningLimit: 800,
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'signed-in', test: landingChunk.inLandingChunk, includeDependenciesRecursively: false }] },
          },
        },
        // Every browser of the last two years preloads modules itself; the polyfill cost every page 0.35 KB gzip.
        modulePreload: { polyfill: false },
      },
  // The server's build holds every package it uses: Node cannot import some of them as the browser's bundler does.
  ssr: { noExternal: true },
  // ...and React's production build among them, whatever NODE_ENV the server runs with (a test runner's is 'test').
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
