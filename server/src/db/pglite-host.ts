import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What pglite-worker.mjs is started with, and the messages both sides exchange. */
interface PgliteWorkerData {
  /** null keeps the database in memory. */
  dataDir: string | null;
  socketPath: string;
}
type PgliteWorkerRequest = { type: 'ping'; id: number } | { type: 'close' };
type PgliteWorkerReply =
  { type: 'ready' } | { type: 'failed'; message: string } | { type: 'pong'; id: number; ok: boolean } | { type: 'closed' };

export interface PgliteHost {
  /** Where a pg client connects: a Unix socket in a folder only this user can open. */
  connection: { host: string; port: number; user: string; database: string };
  /** Resolves when the worker answers within the timeout and its database is open. */
  ping(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** A socket folder is named after the process that made it: kampbeheer-pglite-<pid>-<random>. */
const SOCKET_FOLDER = /^kampbeheer-pglite-(\d+)-/;
let staleFoldersChecked = false;

/** Whether a process with this id runs (one of another user counts as running). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A process that was killed outright (kill -9, out of memory) never removed its socket folder. Removes the
 * folders in `folder` whose owner process is gone, and answers their names; a folder of a running process,
 * or one not named after its owner, is left alone.
 */
export function removeStaleSocketFolders(folder = tmpdir()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(folder)) {
    const owner = SOCKET_FOLDER.exec(name)?.[1];
    if (!owner || processRuns(Number(owner))) continue;
    try {
      rmSync(path.join(folder, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Another user's folder: theirs to remove.
    }
  }
  return removed;
}

/** Starts PGlite (in `dataDir`, or in memory for null) in a worker thread that serves the wire protocol. */
export async function startPgliteWorker(dataDir: string | null): Promise<PgliteHost> {
  if (!staleFoldersChecked) {
    staleFoldersChecked = true;
    const removed = removeStaleSocketFolders();
    if (removed.length > 0) console.warn(`Ingebouwde databank: ${removed.length} achtergebleven socketmap(pen) opgeruimd.`);
  }
  const socketFolder = mkdtempSync(path.join(tmpdir(), `kampbeheer-pglite-${process.pid}-`));
  const port = 5432;
  const workerData: PgliteWorkerData = { dataDir, socketPath: path.join(socketFolder, `.s.PGSQL.${port}`) };
  // Next to this file in the sources, and next to the bundle when bundled (an entry of its own there).
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData });
  const pongs = new Map<number, (ok: boolean) => void>();
  let nextPing = 0;
  let exited = false;
  let closed: (() => void) | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: PgliteWorkerReply) => {
      if (reply.type === 'ready') resolve();
      else if (reply.type === 'failed') reject(new Error(`De ingebouwde databank start niet: ${reply.message}`));
      else if (reply.type === 'pong') pongs.get(reply.id)?.(reply.ok);
      else if (reply.type === 'closed') closed?.();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      exited = true;
      for (const answer of pongs.values()) answer(false);
      reject(new Error(`De ingebouwde databank stopte (code ${code}).`));
    });
  });
  // Past start-up, a failing worker shows as refused connections (503) and failing pings; the process lives on.
  worker.on('error', (error) => console.error(`Ingebouwde databank: ${error.message}`));
  const request = (message: PgliteWorkerRequest) => worker.postMessage(message);
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    rmSync(socketFolder, { recursive: true, force: true });
    throw error;
  }

  return {
    connection: { host: socketFolder, port, user: 'postgres', database: 'postgres' },
    ping: (timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        if (exited) return reject(new Error('worker stopped'));
        const id = nextPing++;
        const timer = setTimeout(() => answer(false), timeoutMs);
        const answer = (ok: boolean) => {
          clearTimeout(timer);
          pongs.delete(id);
          if (ok) resolve();
          else reject(new Error('the embedded database does not answer'));
        };
        pongs.set(id, answer);
        request({ type: 'ping', id });
      }),
    stop: async () => {
      if (!exited) {
        await new Promise<void>((resolve) => {
          closed = resolve;
          worker.once('exit', () => resolve());
          request({ type: 'close' });
        });
        await worker.terminate();
      }
      rmSync(socketFolder, { recursive: true, force: true });
    },
  };
}
