import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_ENTRY_POINTS } from '../../scripts/build.js';
import { kill, root, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** 'drizzle-orm/pglite' → 'drizzle-orm', '@fastify/compress' → '@fastify/compress'. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('the production build', () => {
  // Inside the project, as dist/server is, so the built server finds package.json, migrations and dist/web.
  const outdir = `dist/server-test-${process.pid}`;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await kill(server);
    await rm(path.join(root, outdir), { recursive: true, force: true });
  });

  it('bundles every entry point, importing only node built-ins and production dependencies', async () => {
    const metafile = await buildServer(outdir);
    const outputs = Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs'));
    expect(outputs.sort()).toEqual(
      Object.keys(SERVER_ENTRY_POINTS)
        .map((name) => `${outdir}/${name}.mjs`)
        .sort(),
    );
    const imported = new Set(
      Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path)),
    );
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const outside = [...imported].filter((specifier) => !builtins.has(specifier) && !(packageName(specifier) in manifest.dependencies));
    // '@common/…' would mean the alias was not resolved; a devDependency would be missing after npm ci --omit=dev.
    expect(outside).toEqual([]);
    console.log(`dist/server imports ${imported.size} modules, all built-ins or production dependencies`);
  });

  it('starts from the built file with plain node (no tsx), with its database worker beside it, and answers /api/health', async () => {
    server = await startServerProcess({ DATA_DIR: 'memory://', DATABASE_URL: '' }, { command: [`${outdir}/server.mjs`] });
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ data: { status: 'ok' } });
  }, 120_000);
});
