import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { callIndexPlugin } from './call-index-plugin.js';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), callIndexPlugin()],
  // The same alias as tsconfig.json's `paths`: `@common/x.js` is `common/src/x.ts`.
  resolve: { alias: { '@common': fileURLToPath(new URL('../common/src', import.meta.url)) } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
