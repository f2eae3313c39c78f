// npm start: builds the web app when its sources are newer than the build, then serves web app and API on one port.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return time;
}

const index = path.join(root, 'dist/web/index.html');
if (!existsSync(index) || statSync(index).mtimeMs < Math.max(newest(path.join(root, 'web')), newest(path.join(root, 'common')))) {
  console.log('Web-app bouwen…');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync('npx', ['tsx', 'server/src/server.ts'], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 0);
