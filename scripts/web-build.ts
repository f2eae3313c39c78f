import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'dist/web');

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The built web app (the staff app and the public site) is missing, or older than a source of web/ or common/. */
export function webBuildIsStale(): boolean {
  const sources = Math.max(newestSourceTime(path.join(root, 'web')), newestSourceTime(path.join(root, 'common')));
  return [path.join(target, 'index.html'), path.join(target, PUBLIC_SITE_DIR, 'index.html')].some(
    (index) => !existsSync(index) || statSync(index).mtimeMs < sources,
  );
}

/** The parents' public booking site (issue 40) is built into this folder of dist/web: it is served at /inschrijven/. */
export const PUBLIC_SITE_DIR = 'inschrijven';

/** Files the browser gets compressed: text, above the size @fastify/compress leaves alone (plugins/security.ts). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of a build, which the server
 * sends as they are (plugins/web.ts) instead of compressing each file for every request on its event loop.
 */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const text = readFileSync(file);
    if (text.length <= COMPRESS_ABOVE_BYTES) continue;
    // Brotli's quality 5: within 10 % of its best at a thirtieth of the time, so a build stays fast.
    writeFileSync(`${file}.br`, zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
  }
}

/**
 * Builds the production web app into dist/web, the folder the server serves. The build goes to a folder
 * of its own and is swapped in at the end, so a server already running never sees a half-written one.
 */
export function buildWeb(): void {
  const fresh = path.join(root, `dist/web-build-${process.pid}`);
  // A test runner sets NODE_ENV=test; what is served is always the production build.
  const vite = (config: string, outDir: string) =>
    execFileSync('npx', ['vite', 'build', '--config', config, '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  vite('web/vite.config.ts', fresh);
  // The public site's own bundle, with none of the staff app's code (web/inschrijven/vite.config.ts).
  vite('web/inschrijven/vite.config.ts', path.join(fresh, PUBLIC_SITE_DIR));
  precompress(fresh);
  const old = path.join(root, `dist/web-old-${process.pid}`);
  if (existsSync(target)) renameSync(target, old);
  renameSync(fresh, target);
  rmSync(old, { recursive: true, force: true });
}
