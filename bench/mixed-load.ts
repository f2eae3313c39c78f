import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/src/db/client.js';
import { DEMO_ADMIN } from '../server/src/seed/demo-data.js';

const run = promisify(execFile);

/** The targets of issue 23 at 50 connections of mixed load. */
export const MIXED_LOAD_TARGETS = { healthP99Ms: 100, signInP99Ms: 1000, throughputRatio: 0.8, memoryGrowth: 0.2 } as const;
export const MIXED_LOAD_CONNECTIONS = { work: 46, health: 2, signIn: 2 } as const;

export interface MixedLoadFigures {
  label: string;
  workRequestsPerSecond: number;
  workP99Ms: number;
  healthP99Ms: number;
  signInP99Ms: number;
  signInRequestsPerSecond: number;
  errors: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
  /** The machine's 1-minute load average as the load started and as it ended: latency on a busy machine is mostly the machine's. */
  loadAverage: [number, number];
}

interface CannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}

async function cannon(url: string, connections: number, seconds: number, requests: unknown[]): Promise<CannonResult> {
  const client = path.resolve(import.meta.dirname, 'mixed-load-client.ts');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', client, JSON.stringify({ url, connections, seconds, requests })], {
    maxBuffer: 10 * 1024 * 1024,
  });
  return JSON.parse(stdout) as CannonResult;
}

/** Resident memory of a process (Linux). */
export const rssOf = (pid: number | 'self') =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

export interface MixedLoadSubject {
  id: number;
  year: number;
}

/** The subscription (and its camp year) the staff work of the mixed load is about: the newest one. */
export async function mixedLoadSubject(db: Database): Promise<MixedLoadSubject> {
  const [subscription] = await queryRows<MixedLoadSubject>(
    db,
    sql`select s.id, extract(year from p.start_date)::int as year from subscriptions s join camps c on c.id = s.camp_id
        join periods p on p.id = c.period_id order by s.id desc limit 1`,
  );
  return subscription!;
}

/**
 * 50 connections at once for `seconds`: 46 cycle through staff work (a subscription's detail and
 * discounts, a year's camps, saving a remark), 2 ask /api/health, 2 sign in. The server's resident
 * memory (process `serverPid`) is read after one warm-up pass, every 250 ms under load, and 5 s after.
 */
export async function mixedLoad(
  label: string,
  subscription: MixedLoadSubject,
  server: { baseUrl: string; token: string; pid: number | 'self' },
  seconds: number,
): Promise<MixedLoadFigures> {
  const { baseUrl, token } = server;
  const rss = () => rssOf(server.pid);
  const auth = { authorization: `Bearer ${token}` };
  const json = { 'content-type': 'application/json' };
  const work = [
    { method: 'GET', path: `/api/getSubscriptionFullDetail?id=${subscription.id}`, headers: auth },
    { method: 'GET', path: `/api/getDiscounts?id=${subscription.id}`, headers: auth },
    { method: 'GET', path: `/api/getCamps?campYear=${subscription.year}`, headers: auth },
    {
      method: 'POST',
      path: '/api/updateSubscription',
      headers: { ...auth, ...json },
      body: JSON.stringify({ SUBSCRIPTION_ID: subscription.id, SUBSCRIPTION_LUNCH_PREFERENCE_ID: 1, SUBSCRIPTION_REMARK: 'Belasting' }),
    },
  ];
  const signIn = [
    {
      method: 'POST',
      path: '/api/login',
      headers: json,
      body: JSON.stringify({ username: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    },
  ];
  for (const request of [...work, ...signIn]) {
    const answer = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    if (answer.status !== 200) throw new Error(`${request.path} answered ${answer.status} before the load`);
  }
  const rssBeforeBytes = rss();
  let rssPeakBytes = rssBeforeBytes;
  const loadAtStart = os.loadavg()[0]!;
  const sampler = setInterval(() => (rssPeakBytes = Math.max(rssPeakBytes, rss())), 250);
  const [workResult, health, signInResult] = await Promise.all([
    cannon(baseUrl, MIXED_LOAD_CONNECTIONS.work, seconds, work),
    cannon(baseUrl, MIXED_LOAD_CONNECTIONS.health, seconds, [{ method: 'GET', path: '/api/health' }]),
    cannon(baseUrl, MIXED_LOAD_CONNECTIONS.signIn, seconds, signIn),
  ]);
  clearInterval(sampler);
  const loadAverage: [number, number] = [loadAtStart, os.loadavg()[0]!];
  await new Promise((resolve) => setTimeout(resolve, 5000));
  return {
    label,
    workRequestsPerSecond: workResult.requests.average,
    workP99Ms: workResult.latency.p99,
    healthP99Ms: health.latency.p99,
    signInP99Ms: signInResult.latency.p99,
    signInRequestsPerSecond: signInResult.requests.average,
    errors: [workResult, health, signInResult].reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    rssBeforeBytes,
    rssPeakBytes,
    rssAfterBytes: rss(),
    loadAverage,
  };
}
