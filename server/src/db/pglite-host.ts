import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What pglite-worker.mjs is started with, and the messages both sides exchange. */
interface PgliteWorkerData {
  /** null keeps the database in memory. */
  dataDir: string | null;
  /** In memory only: a dump of a data folder (a tar from `dumpDataDir`) the database starts as, instead of initdb's empty one. */
  startFrom: string | null;
  socketPath: string;
  /** The application_name of the connections the worker serves before the others. */
  priorityApplication: string;
}
type PgliteWorkerRequest =
  { type: 'ping'; id: number } | { type: 'dump'; id: number } | { type: 'close' } | { type: 'crash-on-next-query' };
type PgliteWorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'pong'; id: number; ok: boolean }
  | { type: 'dumped'; id: number; data?: ArrayBuffer; message?: string }
  | { type: 'closed' };

export interface PgliteHost {
  /** Where a pg client connects: a Unix socket in a folder only this user can open. */
  connection: { host: string; port: number; user: string; database: string };
  /** Resolves when the worker answers within the timeout and its database is open. */
  ping(timeoutMs: number): Promise<void>;
  /**
   * A copy of the data folder (an uncompressed tar, PGlite's `dumpDataDir`), made while no connection holds the
   * session: between two statements or transactions, so it is consistent (server/src/db/backup.ts).
   */
  dump(): Promise<Uint8Array>;
  /** Test hooks for the restart: the next query throws out of the worker, as a bug in PGlite would... */
  crashOnNextQuery(): void;
  /** ...or the worker is ended outright, as an out-of-memory kill would. Resolves when it is gone. */
  terminate(): Promise<void>;
  /** How often the worker was started again after it died. */
  readonly restarts: number;
  /** How often a running worker died (counted at once, before it is started again). */
  readonly deaths: number;
  stop(): Promise<void>;
}

export interface PgliteHostOptions {
  /**
   * In memory only: the path of a dump of a data folder (a tar from `dumpDataDir`) that the database starts as, and
   * starts as again after a restart, instead of an empty one. PGlite's initdb takes seconds; loading a dump a
   * fraction of that: the tests start every database from one migrated dump (tests/helpers/global-setup.ts).
   */
  startFrom?: string;
  /** Runs on every restarted worker before it is used again (an in-memory database starts empty). */
  onRestarted?: () => Promise<void>;
}

/** The application_name of the priority lane's connections, which the worker serves before the others. */
export const PRIORITY_APPLICATION = 'kampbeheer-priority';

/** A worker that dies is started again at once, then after longer waits while it keeps dying, up to this. */
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long without dying counts as healthy: the next restart is immediate again. */
const HEALTHY_RUN_MS = 60_000;

/** A socket folder is named after the process that made it: kampbeheer-pglite-<pid>-<random>. */
const SOCKET_FOLDER = /^kampbeheer-pglite-(\d+)-/;

/** The socket folders of a process (one per embedded database it opened), private to the user it runs as. */
export function socketFoldersOf(pid: number, folder = tmpdir()): string[] {
  return readdirSync(folder)
    .filter((name) => SOCKET_FOLDER.exec(name)?.[1] === String(pid))
    .map((name) => path.join(folder, name));
}
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

interface RunningWorker {
  worker: Worker;
  exited: boolean;
  pongs: Map<number, (ok: boolean) => void>;
  dumps: Map<number, (reply: { data?: ArrayBuffer; message?: string }) => void>;
  startedAt: number;
}

/** Starts one worker and resolves when its database is open; rejects (with the worker gone) when it fails to. */
async function startWorker(workerData: PgliteWorkerData, onExit: (running: RunningWorker, code: number) => void): Promise<RunningWorker> {
  // A worker that died leaves its socket file behind, and a new one cannot listen on a path that exists.
  rmSync(workerData.socketPath, { force: true });
  // Next to this file in the sources, and next to the bundle when bundled (an entry of its own there).
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData });
  const running: RunningWorker = { worker, exited: false, pongs: new Map(), dumps: new Map(), startedAt: Date.now() };
  let started = false;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: PgliteWorkerReply) => {
      if (reply.type === 'ready') resolve();
      else if (reply.type === 'failed') reject(new Error(`De ingebouwde databank start niet: ${reply.message}`));
      else if (reply.type === 'pong') running.pongs.get(reply.id)?.(reply.ok);
      else if (reply.type === 'dumped') running.dumps.get(reply.id)?.(reply);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      running.exited = true;
      for (const answer of running.pongs.values()) answer(false);
      for (const answer of running.dumps.values()) answer({ message: `De ingebouwde databank stopte (code ${code}).` });
      reject(new Error(`De ingebouwde databank stopte (code ${code}).`));
      if (started) onExit(running, code);
    });
  });
  // An exception thrown in the worker ends it: reported here, and the 'exit' above starts another one.
  worker.on('error', (error) => console.error(`Ingebouwde databank: ${error.message}`));
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  started = true;
  return running;
}

/**
 * Starts PGlite (in `dataDir`, or in memory for null) in a worker thread that serves the wire protocol, and
 * keeps it running: a worker that dies (an exception in it, out of memory, terminated) is started again on
 * the same data folder and socket. Meanwhile its connections are cut and new ones refused, which the pool
 * reports as an unreachable database (503); the data-folder lock is the main thread's and stays held.
 */
export async function startPgliteWorker(dataDir: string | null, options: PgliteHostOptions = {}): Promise<PgliteHost> {
  if (!staleFoldersChecked) {
    staleFoldersChecked = true;
    const removed = removeStaleSocketFolders();
    if (removed.length > 0) console.warn(`Ingebouwde databank: ${removed.length} achtergebleven socketmap(pen) opgeruimd.`);
  }
  const socketFolder = mkdtempSync(path.join(tmpdir(), `kampbeheer-pglite-${process.pid}-`));
  const port = 5432;
  const workerData: PgliteWorkerData = {
    dataDir,
    startFrom: dataDir === null ? (options.startFrom ?? null) : null,
    socketPath: path.join(socketFolder, `.s.PGSQL.${port}`),
    priorityApplication: PRIORITY_APPLICATION,
  };
  let stopping = false;
  let restarts = 0;
  let deaths = 0;
  let failuresInARow = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let restarting: Promise<void> | null = null;
  let current: RunningWorker | null = null;

  const restartAfter = (delayMs: number) => {
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (stopping) return;
      restarting = startWorker(workerData, onExit)
        .then(async (running) => {
          if (stopping) {
            await running.worker.terminate();
            return;
          }
          current = running;
          restarts++;
          await options.onRestarted?.();
          console.warn('Ingebouwde databank: opnieuw gestart.');
        })
        .catch((error: unknown) => {
          if (stopping) return;
          failuresInARow++;
          console.error(`Ingebouwde databank: herstart mislukt: ${error instanceof Error ? error.message : String(error)}`);
          restartAfter(Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** failuresInARow));
        });
    }, delayMs);
  };
  function onExit(running: RunningWorker, code: number) {
    if (stopping || running !== current) return;
    current = null;
    deaths++;
    failuresInARow = Date.now() - running.startedAt >= HEALTHY_RUN_MS ? 0 : failuresInARow + 1;
    console.error(`Ingebouwde databank: de worker stopte onverwacht (code ${code}); hij start opnieuw.`);
    restartAfter(failuresInARow <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** failuresInARow));
  }

  try {
    current = await startWorker(workerData, onExit);
  } catch (error) {
    rmSync(socketFolder, { recursive: true, force: true });
    throw error;
  }
  let nextPing = 0;
  let nextDump = 0;

  return {
    connection: { host: socketFolder, port, user: 'postgres', database: 'postgres' },
    get restarts() {
      return restarts;
    },
    get deaths() {
      return deaths;
    },
    ping: (timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const running = current;
        if (!running || running.exited) return reject(new Error('the embedded database is not running'));
        const id = nextPing++;
        const timer = setTimeout(() => answer(false), timeoutMs);
        const answer = (ok: boolean) => {
          clearTimeout(timer);
          running.pongs.delete(id);
          if (ok) resolve();
          else reject(new Error('the embedded database does not answer'));
        };
        running.pongs.set(id, answer);
        running.worker.postMessage({ type: 'ping', id } satisfies PgliteWorkerRequest);
      }),
    dump: () =>
      new Promise<Uint8Array>((resolve, reject) => {
        const running = current;
        if (!running || running.exited) return reject(new Error('De ingebouwde databank draait niet.'));
        const id = nextDump++;
        running.dumps.set(id, ({ data, message }) => {
          running.dumps.delete(id);
          if (data) resolve(new Uint8Array(data));
          else reject(new Error(message ?? 'De ingebouwde databank maakte geen kopie.'));
        });
        running.worker.postMessage({ type: 'dump', id } satisfies PgliteWorkerRequest);
      }),
    crashOnNextQuery: () => current?.worker.postMessage({ type: 'crash-on-next-query' } satisfies PgliteWorkerRequest),
    terminate: async () => {
      await current?.worker.terminate();
    },
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      await restarting;
      const running = current;
      if (running && !running.exited) {
        await new Promise<void>((resolve) => {
          running.worker.once('exit', () => resolve());
          running.worker.on('message', (reply: PgliteWorkerReply) => {
            if (reply.type === 'closed') resolve();
          });
          running.worker.postMessage({ type: 'close' } satisfies PgliteWorkerRequest);
        });
        await running.worker.terminate();
      }
      rmSync(socketFolder, { recursive: true, force: true });
    },
  };
}
