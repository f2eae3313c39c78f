import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `fn` `runs` times after one warm-up and answers the median of what it measured. */
export async function medianOf(runs: number, fn: () => Promise<number>): Promise<{ median: number; runs: number[] }> {
  await fn();
  const values: number[] = [];
  for (let i = 0; i < runs; i++) values.push(await fn());
  return { median: median(values), runs: values };
}

/**
 * Medians of several measurements taken in turns: one warm-up of each, then `runs` rounds of each in order, so a
 * machine that slows down during the run slows a subject and its floor alike.
 */
export async function mediansInTurns<K extends string>(
  runs: number,
  measurements: Record<K, () => Promise<number>>,
): Promise<Record<K, number>> {
  const entries = Object.entries(measurements) as [K, () => Promise<number>][];
  const values = new Map<K, number[]>(entries.map(([key]) => [key, []]));
  for (const [, measure] of entries) await measure();
  for (let round = 0; round < runs; round++) for (const [key, measure] of entries) values.get(key)!.push(await measure());
  return Object.fromEntries(entries.map(([key]) => [key, median(values.get(key)!)])) as Record<K, number>;
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** A GET over loopback as a browser sends it (compression accepted): milliseconds to the last byte, and bytes on the wire. */
export function getOnWire(url: string, token: string): Promise<{ ms: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ ms: performance.now() - start, bytes, status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** autocannon in a process of its own, so that it does not share the server's event loop. */
export async function loadTest(url: string, token: string | null, seconds: number, connections: number): Promise<LoadResult> {
  const cli = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');
  const args = [cli, '-c', String(connections), '-d', String(seconds), '-j'];
  if (token) args.push('-H', `authorization=Bearer ${token}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 10 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p99: number }; errors: number; non2xx: number };
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** How every section of results.md marks a target line. */
export const mark = (pass: boolean) => (pass ? '**pass**' : '**FAIL**');

/** The 99th percentile of a list of milliseconds, rounded up to a whole one as autocannon reports it. */
export function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.ceil(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0);
}

/**
 * `connections` loops that each run `work` back to back for `seconds`, in this process: the floor of a load
 * test, the same work without HTTP at the same concurrency.
 */
export async function concurrentLoop(work: () => Promise<unknown>, seconds: number, connections: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const begun = performance.now();
        try {
          await work();
          latencies.push(performance.now() - begun);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { requestsPerSecond: latencies.length / elapsed, p99Ms: p99(latencies), errors, non2xx: 0 };
}
