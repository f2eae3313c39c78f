import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The parents' public booking site (issue 40), a bundle of its own at /inschrijven/: React-style components on Preact
 * (preact/compat stands in for react and react-dom), so that its JavaScript stays within 60 KB gzip, where React 19's
 * react-dom alone is 67 KB (docs/decisions.md, 'Issue 40'). It imports nothing of web/src (eslint.config.js).
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/inschrijven/',
  publicDir: false,
  resolve: {
    alias: [
      { find: '@common', replacement: fileURLToPath(new URL('../../common/src', import.meta.url)) },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: '../../dist/web/inschrijven',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
