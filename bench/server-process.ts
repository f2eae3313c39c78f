import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN } from '../server/src/seed/demo-data.js';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The environment `npm start` gives the server: the variables its script in package.json sets before the
 * command (glibc's malloc threshold, docs/decisions.md 'Server memory'), so that a benchmarked server runs as it does.
 */
export const startEnvironment: Record<string, string> = Object.fromEntries(
  [
    ...(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.matchAll(
      /\b([A-Z_]+)=(\S+)/g,
    ),
  ].map((m) => [m[1]!, m[2]!]),
);

export interface ServerProcess {
  base: string;
  token: string;
  /** Resident memory now, and the highest it has been (VmHWM), in bytes. */
  memory(): { rssBytes: number; peakRssBytes: number };
  /** Processor time the server has used so far (user + system), in seconds: unlike wall time, not stretched by a busy machine. */
  cpuSeconds(): number;
  pid: number;
  /** Ends the process at once (SIGKILL), as a crash would: no request is finished, no connection closed. */
  kill(): void;
  stop(): Promise<void>;
}

/**
 * The real server as a process of its own on an embedded database folder (or on PostgreSQL with `env.DATABASE_URL`),
 * on a free port, signed in as the demo administrator.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...(process.env.RUSH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'server/src/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...startEnvironment,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        SEED: 'none',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  try {
    // The server prints the port it bound: 'Kampbeheer draait op http://localhost:<port>'.
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        const bound = /Kampbeheer draait op http:\/\/localhost:(\d+)/.exec(chunk.toString());
        if (bound) resolve(bound[1]!);
      });
      child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const memory = () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
      return { rssBytes: kb('VmRSS'), peakRssBytes: kb('VmHWM') };
    };
    // Fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 1/100 s on Linux; the name (field 2) may hold spaces.
    const cpuSeconds = () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    };
    return { base, token, memory, cpuSeconds, pid: child.pid!, kill: () => child.kill('SIGKILL'), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
