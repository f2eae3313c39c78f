import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Browser tests run against the built web app: build it once when the sources are newer. The build goes
 * to a folder of its own and is swapped in at the end, so a test run that is already serving the old
 * build never sees a half-written one.
 */
export default function setup() {
  const target = path.join(root, 'dist/web');
  const index = path.join(target, 'index.html');
  const sources = Math.max(newestSourceTime(path.join(root, 'web')), newestSourceTime(path.join(root, 'common')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  const fresh = path.join(root, `dist/web-build-${process.pid}`);
  // Vitest sets NODE_ENV=test; the browser tests must run the production build users get.
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', fresh, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const old = path.join(root, `dist/web-old-${process.pid}`);
  if (existsSync(target)) renameSync(target, old);
  renameSync(fresh, target);
  rmSync(old, { recursive: true, force: true });
}
