import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The site's stylesheet (some 4.5 KB, 1.5 KB compressed) goes into index.html as a <style> element instead of a file
 * the page links: a linked stylesheet holds the first paint of the camp list the server draws into the page until a
 * second request has come back, which on a phone's slow CPU cost more than its bytes (bench section 9). The server
 * allows the element by its hash in the content security policy (server/src/plugins/web.ts), not by 'unsafe-inline'.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'kampbeheer-inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        let inlined = html;
        for (const [fileName, output] of Object.entries(bundle)) {
          if (output.type !== 'asset' || !fileName.endsWith('.css')) continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*/${fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
          const css = String(output.source).trim();
          if (!link.test(inlined)) throw new Error(`index.html does not link ${fileName}`);
          if (css.includes('</style')) throw new Error(`${fileName} cannot go into a <style> element`);
          inlined = inlined.replace(link, () => `<style>${css}</style>`);
          delete bundle[fileName];
        }
        return inlined;
      },
    },
  };
}

/**
 * The parents' public booking site (issue 40), a bundle of its own at /inschrijven/: React-style components on Preact
 * (preact/compat stands in for react and react-dom), so that its JavaScript stays within 60 KB gzip, where React 19's
 * react-dom alone is 67 KB (docs/decisions.md, 'Issue 40'). It imports nothing of web/src (eslint.config.js).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [inlineStylesheet()],
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
