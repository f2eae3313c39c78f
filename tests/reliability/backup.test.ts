import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEmbedded, restoreEmbedded } from '../../server/src/db/backup.js';
import { openDatabase, queryRows, type Database } from '../../server/src/db/client.js';
import * as schema from '../../server/src/db/schema.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { seedDemoData } from '../../server/src/seed/demo-data.js';
import { TEST_ADMIN } from '../helpers/api.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createSubscription } from '../helpers/factory.js';
import { runToEnd } from '../helpers/server-process.js';

/** Every table, none left out: a restore gives back exactly what the backup held. */
const everyTable = (db: Database) => databaseDigest(db, []);

/** What happens after a backup: a remark changed, a theme renamed, a family with a subscription added. */
async function changeData(db: Database) {
  await db.execute(sql`update subscriptions set remark = 'Gewijzigd na de back-up' where id = (select min(id) from subscriptions)`);
  await db.execute(sql`update themes set name = name || ' (na de back-up)' where id = (select min(id) from themes)`);
  await createSubscription(db, { childFirstname: 'Na', childLastname: 'Back-up' });
}

const settledState = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 0)),
  ]);

describe('backup and restore of the embedded database', () => {
  const folders: string[] = [];
  const folder = async (name: string) => {
    const made = await mkdtemp(path.join(tmpdir(), `kampbeheer-${name}-`));
    folders.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of folders) await rm(made, { recursive: true, force: true });
  });

  it('db:backup while the server runs holds a transaction whole; db:restore into an empty folder gives every table back as it was, and refuses a folder that is not empty', async () => {
    const dataDir = await folder('backup-data');
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    // This process holds the folder, as a running server does: the command cannot open it and asks it for the copy.
    const running = await openDatabase({ dataDir });
    await seedDemoData(running.db, { subscriptionsPerYear: 15 });
    await addAdmin(running.db, TEST_ADMIN.email, TEST_ADMIN.password);

    // A copy asked in the middle of a transaction waits for it, and then holds all of it.
    let inTransaction!: Promise<Uint8Array>;
    await running.db.transaction(async (tx) => {
      await tx.execute(sql`update themes set name = 'Eerste helft' where id = (select min(id) from themes)`);
      inTransaction = backupEmbedded(dataDir);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await settledState(inTransaction)).toBe('pending');
      await tx.execute(sql`update themes set name = 'Tweede helft' where id = (select max(id) from themes)`);
    });
    const copyOfTransaction = await inTransaction;
    const atBackup = await everyTable(running.db);

    const file = path.join(await folder('backup-files'), 'kampbeheer.tar.gz');
    const backup = await runToEnd(['server/src/cli/backup.ts', 'backup', file], env);
    expect([backup.code, backup.stderr, backup.stdout]).toEqual([0, '', `Back-up van ${dataDir} geschreven naar ${file}.\n`]);
    expect(readdirSync(path.dirname(file))).toEqual(['kampbeheer.tar.gz']);
    const again = await runToEnd(['server/src/cli/backup.ts', 'backup', file], env);
    expect([again.code, again.stderr]).toEqual([1, `Het bestand ${file} bestaat al; kies een andere naam.\n`]);

    await changeData(running.db);
    const afterChange = await everyTable(running.db);
    expect(afterChange).not.toEqual(atBackup);
    await running.close();

    // The folder in use holds data: no restore over it.
    const untouchedSince = statSync(path.join(dataDir, 'PG_VERSION')).mtimeMs;
    const refused = await runToEnd(['server/src/cli/backup.ts', 'restore', file], env);
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toBe(
      `De map ${dataDir} is niet leeg. Een back-up wordt alleen in een lege map teruggezet: stop de server, verplaats of hernoem de map, en probeer opnieuw.\n`,
    );
    expect(statSync(path.join(dataDir, 'PG_VERSION')).mtimeMs).toBe(untouchedSince);

    const restoredDir = path.join(await folder('restore'), 'data');
    const restore = await runToEnd(['server/src/cli/backup.ts', 'restore', file], { DATA_DIR: restoredDir, DATABASE_URL: '' });
    expect([restore.code, restore.stderr, restore.stdout]).toEqual([
      0,
      '',
      `Back-up ${file} teruggezet in ${restoredDir}. Start de server.\n`,
    ]);
    const restored = await openDatabase({ dataDir: restoredDir });
    expect(await everyTable(restored.db)).toEqual(atBackup);
    // It goes on from there: a new subscription gets an id of its own.
    const added = await createSubscription(restored.db, { childFirstname: 'Na', childLastname: 'Herstel' });
    expect(added.subscriptionId).toBeGreaterThan(0);
    await restored.close();

    const transactionDir = await folder('restore-transaction');
    await restoreEmbedded(transactionDir, copyOfTransaction);
    const fromTransaction = await openDatabase({ dataDir: transactionDir });
    expect(await everyTable(fromTransaction.db)).toEqual(atBackup);
    await fromTransaction.close();
    expect(existsSync(path.join(transactionDir, 'kampbeheer.lock'))).toBe(false);
  }, 240_000);
});

describe.each(backends.filter((b) => b === 'postgres'))('backup and restore with pg_dump and pg_restore (PostgreSQL only, %s)', () => {
  it('pg_dump and pg_restore as the README gives them: every table back as it was at the backup', async () => {
    const original = await openTestDatabase('postgres');
    const files = await mkdtemp(path.join(tmpdir(), 'kampbeheer-pgdump-'));
    const restoredName = `kampbeheer_restore_${process.pid}_${Date.now()}`;
    const server = process.env.TEST_DATABASE_URL!;
    const restoredUrl = new URL(server);
    restoredUrl.pathname = `/${restoredName}`;
    const admin = new pg.Client({ connectionString: server });
    // A connection the server ends emits 'error'; unheard, it would end the test process (node-postgres).
    admin.on('error', () => {});
    await admin.connect();
    try {
      await seedDemoData(original.db, { subscriptionsPerYear: 15 });
      const atBackup = await everyTable(original.db);
      const file = path.join(files, 'kampbeheer.dump');
      execFileSync('pg_dump', ['--format=custom', `--file=${file}`, original.url!]);

      await changeData(original.db);
      expect(await everyTable(original.db)).not.toEqual(atBackup);

      await admin.query(`CREATE DATABASE ${restoredName}`);
      execFileSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, file]);
      const pool = new pg.Pool({ connectionString: restoredUrl.toString(), max: 1 });
      pool.on('error', () => {});
      const restored = drizzle({ client: pool, schema }) as unknown as Database;
      expect(await everyTable(restored)).toEqual(atBackup);
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(restored, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(n).toBeGreaterThan(0);
      await pool.end();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
      await admin.end();
      await original.close();
      await rm(files, { recursive: true, force: true });
    }
  }, 120_000);
});
