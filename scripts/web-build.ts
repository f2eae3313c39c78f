import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

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

/** The built web app is missing, or older than a source of web/ or common/. */
export function webBuildIsStale(): boolean {
  const index = path.join(target, 'index.html');
  const sources = Math.max(newestSourceTime(path.join(root, 'web')), newestSourceTime(path.join(root, 'common')));
  return !existsSync(index) || statSync(index).mtimeMs < sources;
}

/**
 * Builds the production web app into dist/web, the folder the server serves. The build goes to a folder
 * of its own and is swapped in at the end, so a server already running never sees a half-written one.
 */
export function buildWeb(): void {
  const fresh = path.join(root, `dist/web-build-${process.pid}`);
  // A test runner sets NODE_ENV=test; what is served is always the production build.
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
