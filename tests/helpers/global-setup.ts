import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Browser tests run against the built web app: build it once when the sources are newer. */
export default function setup() {
  const index = path.join(root, 'dist/web/index.html');
  const sources = Math.max(newestSourceTime(path.join(root, 'web')), newestSourceTime(path.join(root, 'common')));
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    // Vitest sets NODE_ENV=test; the browser tests must run the production build users get.
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
