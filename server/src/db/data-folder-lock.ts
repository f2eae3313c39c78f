import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on the embedded database's folder. PGlite keeps no lock of its own, so two
 * processes on one folder each write their own view of it and one side's writes are lost. The lock is a
 * file with the holder's process id, created exclusively (as PostgreSQL's postmaster.pid): a file left by
 * a process that no longer runs (SIGKILL, a crash) is stale and taken over.
 */
export class DataFolderInUseError extends Error {
  constructor(
    dataDir: string,
    readonly pid: number,
  ) {
    super(`De databank in ${path.resolve(dataDir)} is in gebruik door proces ${pid}. Stop de server eerst.`);
  }
}

const LOCK_FILE = 'kampbeheer.lock';
const heldHere = new Set<string>();

/** The kernel's start time of a process (Linux), so that a reused process id is not taken for the holder. */
function startTimeOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function holderRuns(pid: number, startTime: string | null): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return startTime === null || startTimeOf(pid) === null || startTimeOf(pid) === startTime;
}

function readHolder(lockPath: string): { pid: number; startTime: string | null } | null {
  try {
    const [pid, startTime] = readFileSync(lockPath, 'utf8').split('\n');
    return { pid: Number(pid), startTime: startTime || null };
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws DataFolderInUseError; release() gives it back (also done at exit). */
export function lockDataFolder(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.resolve(dataDir), LOCK_FILE);
  if (heldHere.has(lockPath)) throw new DataFolderInUseError(dataDir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n`);
      closeSync(fd);
      heldHere.add(lockPath);
      const release = () => {
        if (!heldHere.delete(lockPath)) return;
        process.off('exit', release);
        if (readHolder(lockPath)?.pid === process.pid) unlinkSync(lockPath);
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockPath);
    if (holder && Number.isInteger(holder.pid) && holder.pid > 0 && holderRuns(holder.pid, holder.startTime)) {
      throw new DataFolderInUseError(dataDir, holder.pid);
    }
    // Stale (or released meanwhile): remove it and try again.
    try {
      unlinkSync(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataFolderInUseError(dataDir, readHolder(lockPath)?.pid ?? 0);
}
