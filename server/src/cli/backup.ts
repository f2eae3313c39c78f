import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, backupEmbedded, restoreEmbedded } from '../db/backup.js';
import { DataFolderInUseError } from '../db/data-folder-lock.js';

const usage = `Gebruik:
  npm run db:backup [-- BESTAND]     een kopie van de ingebouwde databank (ook terwijl de server draait)
  npm run db:restore -- BESTAND      zet een kopie terug in een lege DATA_DIR`;

/** What the operator does instead on PostgreSQL (README, 'Backups'). */
const onPostgres = `Met DATABASE_URL maken PostgreSQL's eigen programma's de back-up (README, 'Backups'):
  pg_dump --format=custom --file=kampbeheer.dump "$DATABASE_URL"
  pg_restore --no-owner --dbname="$DATABASE_URL" kampbeheer.dump     (in een lege databank)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** kampbeheer-2026-11-26-1640.tar.gz: the local day and minute the backup was made. */
function defaultFileName(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `kampbeheer-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}.tar.gz`;
}

async function backup(dataDir: string, file: string) {
  if (existsSync(file)) fail(`Het bestand ${file} bestaat al; kies een andere naam.`);
  const copy = await backupEmbedded(dataDir);
  // Written beside its name and renamed when complete: a file with the name is always a whole backup.
  const partial = `${file}.${process.pid}.part`;
  try {
    writeFileSync(partial, await promisify(gzip)(copy));
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  console.log(`Back-up van ${path.resolve(dataDir)} geschreven naar ${file}.`);
}

async function restore(dataDir: string, file: string) {
  if (!existsSync(file)) fail(`Het bestand ${file} bestaat niet.`);
  let copy: Uint8Array;
  try {
    copy = await promisify(gunzip)(readFileSync(file));
  } catch {
    fail(`Het bestand ${file} is geen back-up van Kampbeheer (geen gzip).`);
  }
  await restoreEmbedded(dataDir, copy);
  console.log(`Back-up ${file} teruggezet in ${path.resolve(dataDir)}. Start de server.`);
}

async function main() {
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || rest.length > 0 || (command === 'restore' && !file)) fail(usage);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.DATABASE_URL) fail(onPostgres);
  try {
    if (command === 'backup') await backup(config.DATA_DIR, file ?? defaultFileName());
    else await restore(config.DATA_DIR, file!);
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataFolderInUseError) fail(error.message);
    throw error;
  }
}

void main();
