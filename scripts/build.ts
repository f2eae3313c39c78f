// npm run build: the web app into dist/web and the server, compiled and bundled, into dist/server, so that
// production runs with `node dist/server/server.mjs` and needs neither tsx nor any dev dependency.
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { buildWeb } from './web-build.js';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Every program the server ships, by its name in dist/server (`<name>.mjs`, all in one folder, so that a
 * worker next to its starter is found): add an entry point (a worker thread, a command) here.
 */
export const SERVER_ENTRY_POINTS: Record<string, string> = {
  server: 'server/src/server.ts',
  users: 'server/src/cli/users.ts',
  seed: 'server/src/cli/seed.ts',
  backup: 'server/src/cli/backup.ts',
  // The embedded database's worker thread: pglite-host.ts starts it from the file next to itself.
  'pglite-worker': 'server/src/db/pglite-worker.mjs',
};
/**
 * Bundles the server's own code (server/ and common/, through the @common/* alias of tsconfig.json) into
 * ESM files; every npm package stays an import, resolved from node_modules at run time.
 */
export async function buildServer(outdir = 'dist/server'): Promise<Metafile> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  buildWeb();
  await buildServer();
  console.log('Gebouwd: dist/web en dist/server (start met: node dist/server/server.mjs)');
}
