import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build.js';
import { buildWeb, webBuildIsStale } from '../../scripts/web-build.js';
import { backupEmbedded } from '../../server/src/db/backup.js';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.js';
import { loadConfig } from '../../server/src/config.js';
import { adminQuery, databaseUrl } from './postgres-admin.js';
import { DEFAULT_SUBSCRIPTIONS_PER_YEAR, demoContentKey, fillTestDatabase } from './test-content.js';

/** The databases every test database is a copy of, per backend: migrated and empty, and with the usual demo set. */
interface Templates {
  /** Dumps of an embedded database (tars of its data folder), by content. */
  pglite: { migrated: string; demo: string };
  /** Databases on TEST_DATABASE_URL's server, by content; null without it. */
  postgres: { migrated: string; demo: string } | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    templates: Templates;
    /** demoContentKey of the 'demo' templates: a test app with the same content starts from a copy. */
    demoContentKey: string;
    /** The folder (relative to the project) of this run's build of the server's programs (npm run build's esbuild). */
    serverBuild: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

interface Prepared {
  serverBuild: string;
  demoContentKey: string;
  templates: Templates;
  removeAll: () => Promise<void>;
}

/**
 * The run's preparation, made by the first project that asks and shared with the other (vitest.config.ts has two
 * projects, and each runs its global setup), removed when the last one is done.
 */
const run = globalThis as { kampbeheerTestRun?: { prepared: Promise<Prepared>; projects: number } };

export default async function setup(project: TestProject) {
  run.kampbeheerTestRun ??= { prepared: prepare(), projects: 0 };
  const shared = run.kampbeheerTestRun;
  shared.projects++;
  const prepared = await shared.prepared;
  project.provide('serverBuild', prepared.serverBuild);
  project.provide('demoContentKey', prepared.demoContentKey);
  project.provide('templates', prepared.templates);
  return async () => {
    if (--shared.projects > 0) return;
    delete run.kampbeheerTestRun;
    await prepared.removeAll();
  };
}

/**
 * Once per run, before any test file: the web build when the sources are newer (the browser tests use it); the
 * server's programs built as `npm run build` builds them, which the tests start as processes (a process under tsx
 * spends about a second of CPU compiling first: tests/helpers/server-process.ts); and per backend a migrated
 * database and one with the usual demo set that the test databases are copies of (tests/helpers/database.ts).
 * PGlite's initdb takes 2–3 s per database and the demo set about 0.5 s, loading a dump about 0.4 s; on PostgreSQL
 * a copy saves the migrations (~0.3 s) and the demo set (~0.3 s). The migrations still run here on an empty
 * database in every run, and again (with nothing to do) on every copy.
 */
async function prepare(): Promise<Prepared> {
  if (webBuildIsStale()) buildWeb();
  // Inside the project, as dist/server is, so that the built programs find package.json, the migrations and dist/web.
  const serverBuild = `dist/server-tests-${process.pid}`;
  await buildServer(serverBuild);

  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const content = { seed: 'demo', subscriptionsPerYear: DEFAULT_SUBSCRIPTIONS_PER_YEAR, config } as const;

  const folder = mkdtempSync(path.join(tmpdir(), 'kampbeheer-test-templates-'));
  const dataDir = path.join(folder, 'data');
  const dump = async (name: string) => {
    const file = path.join(folder, `${name}.tar`);
    writeFileSync(file, await backupEmbedded(dataDir));
    return file;
  };
  await closed(await openDatabase({ dataDir }));
  const migrated = await dump('migrated');
  const embedded = await openDatabase({ dataDir });
  await fillTestDatabase(embedded.db, content);
  await closed(embedded);
  const templates: Templates = { pglite: { migrated, demo: await dump('demo') }, postgres: null };
  rmSync(dataDir, { recursive: true, force: true });

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const suffix = randomBytes(6).toString('hex');
    templates.postgres = { migrated: `kampbeheer_template_${suffix}`, demo: `kampbeheer_template_demo_${suffix}` };
    await adminQuery(serverUrl, `CREATE DATABASE ${templates.postgres.migrated}`);
    await closed(await openDatabase({ databaseUrl: databaseUrl(serverUrl, templates.postgres.migrated), dataDir: '' }));
    await adminQuery(serverUrl, `CREATE DATABASE ${templates.postgres.demo} TEMPLATE ${templates.postgres.migrated}`);
    const demo = await openDatabase({ databaseUrl: databaseUrl(serverUrl, templates.postgres.demo), dataDir: '' });
    await fillTestDatabase(demo.db, content);
    await closed(demo);
  }

  return {
    serverBuild,
    demoContentKey: demoContentKey(content.subscriptionsPerYear, config),
    templates,
    removeAll: async () => {
      rmSync(path.join(root, serverBuild), { recursive: true, force: true });
      rmSync(folder, { recursive: true, force: true });
      if (serverUrl && templates.postgres)
        for (const name of [templates.postgres.demo, templates.postgres.migrated])
          await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function closed(handle: DatabaseHandle): Promise<void> {
  await handle.close();
}
