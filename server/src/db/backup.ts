import { existsSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { DataFolderInUseError, lockDataFolder } from './data-folder-lock.js';
import { socketFoldersOf } from './pglite-host.js';

/**
 * Backups of the embedded database (npm run db:backup / db:restore; on PostgreSQL pg_dump and pg_restore, README
 * 'Backups'). A copy is PGlite's own dump of its data folder (`dumpDataDir`, a tar of the folder), made while no
 * statement or transaction runs, so it is consistent. Only one process may open the folder, and a running server
 * holds it: the server makes the copy itself when asked on a socket in its database's private socket folder
 * (pglite-host.ts), which only the user it runs as can open. Without a server the command opens the folder itself.
 */

/** A refusal of a backup command, said to the operator as it is. */
export class BackupError extends Error {}

/** The backup socket's name in the socket folder of the process that holds a data folder. */
const BACKUP_SOCKET = 'kampbeheer-backup.sock';

/** What the process that holds the folder answers, as one line of JSON before the copy. */
type BackupAnswerHead = { bytes: number } | { error: string } | { otherFolder: true };

/**
 * Answers a connection to `socketFolder`'s backup socket that names `dataDir` (one line) with a copy of the
 * database from `dump`: one line of JSON (`BackupAnswerHead`), then the copy.
 */
export async function serveBackups(
  dataDir: string,
  socketFolder: string,
  dump: () => Promise<Uint8Array>,
): Promise<{ close(): Promise<void> }> {
  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    let asked = '';
    socket.on('data', (chunk: Buffer) => {
      asked += chunk.toString('utf8');
      if (!asked.includes('\n')) return;
      socket.removeAllListeners('data');
      const answer = (head: BackupAnswerHead, copy?: Uint8Array) => {
        socket.write(`${JSON.stringify(head)}\n`);
        if (copy) socket.end(copy);
        else socket.end();
      };
      if (asked.slice(0, asked.indexOf('\n')) !== path.resolve(dataDir)) return answer({ otherFolder: true });
      dump().then(
        (copy) => answer({ bytes: copy.byteLength }, copy),
        (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  const socketPath = path.join(socketFolder, BACKUP_SOCKET);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Asks one socket folder's backup socket for a copy of `dataDir`: null when nobody there holds that folder. */
function askForCopy(socketFolder: string, dataDir: string): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(path.join(socketFolder, BACKUP_SOCKET));
    socket.on('connect', () => socket.write(`${path.resolve(dataDir)}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      const lineEnd = answer.indexOf('\n');
      let head: BackupAnswerHead;
      try {
        head = JSON.parse(answer.subarray(0, lineEnd < 0 ? 0 : lineEnd).toString('utf8')) as BackupAnswerHead;
      } catch {
        return reject(new BackupError('De server gaf geen back-up.'));
      }
      const copy = answer.subarray(lineEnd + 1);
      if ('otherFolder' in head) resolve(null);
      else if ('error' in head) reject(new BackupError(`De server maakte geen back-up: ${head.error}`));
      else if (copy.byteLength !== head.bytes) reject(new BackupError('De verbinding met de server brak af tijdens de back-up.'));
      else resolve(copy);
    });
  });
}

/** The copy from the running process that holds the folder, as that process's refusal of the lock names it. */
async function copyFromServer(dataDir: string, inUse: DataFolderInUseError): Promise<Uint8Array> {
  for (const socketFolder of socketFoldersOf(inUse.pid)) {
    const copy = await askForCopy(socketFolder, dataDir);
    if (copy) return copy;
  }
  throw new BackupError(`${inUse.message.replace(' Stop de server eerst.', '')}, maar die antwoordt niet op de vraag om een back-up.`);
}

/**
 * A copy of the embedded database in `dataDir` (a tar of the folder): from the server that runs on it, or, when
 * none does, read from the folder itself while this process holds its lock.
 */
export async function backupEmbedded(dataDir: string): Promise<Uint8Array> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`In ${path.resolve(dataDir)} staat geen databank.`);
  let lock: { release(): void };
  try {
    lock = lockDataFolder(dataDir);
  } catch (error) {
    if (error instanceof DataFolderInUseError) return copyFromServer(dataDir, error);
    throw error;
  }
  try {
    // Loaded only here: the server's main thread never opens PGlite itself (its worker does).
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataDir);
    try {
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Puts a copy made by `backupEmbedded` into `dataDir`, which must be empty or not exist yet; a copy that turns out
 * not to be a Kampbeheer database leaves the folder empty.
 */
export async function restoreEmbedded(dataDir: string, copy: Uint8Array): Promise<void> {
  const folder = path.resolve(dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new BackupError(
      `De map ${folder} is niet leeg. Een back-up wordt alleen in een lege map teruggezet: stop de server, verplaats of hernoem de map, en probeer opnieuw.`,
    );
  }
  const lock = lockDataFolder(folder);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(folder, { loadDataDir: new Blob([copy as Uint8Array<ArrayBuffer>]) });
    try {
      // Every Kampbeheer database has its migrations' table.
      await db.query('select count(*) from drizzle.__drizzle_migrations');
    } finally {
      await db.close();
    }
  } catch (error) {
    for (const entry of readdirSync(folder))
      if (entry !== 'kampbeheer.lock') rmSync(path.join(folder, entry), { recursive: true, force: true });
    throw new BackupError(`Dit bestand is geen back-up van Kampbeheer (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    lock.release();
  }
}
