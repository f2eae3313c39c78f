import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { SERVER_ENTRY_POINTS } from '../../scripts/build.js';
import { TEST_ADMIN } from './api.js';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * node's arguments that run a program of the product, named by its source ('server/src/cli/users.ts', then its
 * arguments), from this run's build of the sources (tests/helpers/global-setup.ts, as `npm run build` builds
 * them): the same code as `npm start` and the npm scripts run under tsx, compiled once per run instead of at every
 * start (tsx costs about a second of CPU per process).
 */
export function programArgs(source: string, ...args: string[]): string[] {
  const name = Object.entries(SERVER_ENTRY_POINTS).find(([, entry]) => entry === source)?.[0];
  if (!name) throw new Error(`${source} is no entry point of scripts/build.ts`);
  return [path.join(root, inject('serverBuild'), `${name}.mjs`), ...args];
}

/** node's arguments that start the server (see programArgs). */
export const serverArgs = () => programArgs('server/src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/**
 * The real server in a process of its own (so that it can be stopped, killed, or die) on a free port;
 * resolves once it says it listens. SEED none and LOG_LEVEL warn unless env says otherwise. `command` is
 * node's arguments: the run's build of the server by default (serverArgs), or another built file.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { command?: string[]; cwd?: string } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, options.command ?? serverArgs(), {
    cwd: options.cwd ?? root,
    env: { ...process.env, SEED: 'none', LOG_LEVEL: 'warn', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? '')));
  // PORT 0: the system picks a free port (a random one could be taken, or be one fetch refuses, like 4190).
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const listening = /Kampbeheer draait op http:\/\/localhost:(\d+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, stderr: () => stderr, output: () => output, exited };
}

/**
 * Runs the server until it ends by itself (a refused start-up), and answers its exit code and output; a
 * server that starts after all is killed at once and answers 'started'.
 */
export async function runServerUntilExit(env: Record<string, string>): Promise<{ code: number | string; output: string }> {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, SEED: 'none', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DATA_DIR: 'memory://', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout.on('data', () => {
    if (!started && output.includes('Kampbeheer draait')) {
      started = true;
      child.kill('SIGKILL');
    }
  });
  const code = await new Promise<number | string>((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal ?? '')));
  return { code: started ? 'started' : code, output };
}

/** Ends the process with SIGKILL (no clean shutdown) and waits until it is gone. */
export async function kill(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

export async function signIn(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program of the product (a CLI, or a server expected to refuse), named by its source and followed by its
 * arguments, to its end (see programArgs). One still running after `seconds` is killed and reported with code null.
 */
export async function runToEnd(args: string[], env: Record<string, string>, input = '', seconds = 90): Promise<Finished> {
  const [source, ...rest] = args;
  const child = spawn(process.execPath, programArgs(source!, ...rest), {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  const deadline = setTimeout(() => child.kill('SIGKILL'), seconds * 1000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(deadline);
  return { code, stdout, stderr };
}

/** Asks `attempt` every 100 ms until it answers something, for at most `seconds`; then fails naming `what`. */
export async function until<T>(what: string, attempt: () => Promise<T | undefined>, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
