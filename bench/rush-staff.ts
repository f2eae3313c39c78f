/**
 * The staff at work during the rush (bench section 10, issue 37), in a process of its own: a staff member's browser
 * is not the families' 1,000, so the times of their calls must not include the load generator's own event loop,
 * which the families' answers keep busy (measured 2026-11-27: /api/health p99 115 ms timed in the families' process
 * against 60 ms from a process of its own, in the same rush; docs/decisions.md).
 *
 * The rush's process starts it (`startStaff`) and tells it, over IPC, to time the quiet before the opening, then to
 * work through the rush until told to stop; it answers each phase's samples.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { codaFile, ogmDigits } from '../tests/helpers/coda-writer.js';
import { multipartBody } from '../tests/helpers/upload.js';
import { send, sleep, type Answer } from './rush-http.js';

/** The staff's quiet measurement before the rush, and the pauses of their loops. */
export const QUIET_MS = 4000;
export const HEALTH_EVERY_MS = 50;
export const DETAIL_PAUSE_MS = 20;
export const OVERVIEW_EVERY_MS = 2000;
export const BANK_IMPORT_AT_MS = 2000;
export const BANK_MOVEMENTS = 1000;

export type Samples = { ms: number; status: number }[];

export interface StaffSetup {
  base: string;
  token: string;
  year: number;
  detailIds: number[];
  /** OGMs of the season's subscriptions, for the bank statement's credits. */
  ogms: string[];
  /** Server processes behind the proxy: each gets the overview once before the quiet. */
  processes: number;
}

export interface StaffRush {
  rushDetail: Samples;
  rushHealth: Samples;
  overview: Samples;
  bank: Answer;
}

type ToStaff = { kind: 'quiet'; setup: StaffSetup } | { kind: 'rush'; openingInMs: number } | { kind: 'stop' };
type FromStaff = { kind: 'quiet'; quietDetail: Samples; quietHealth: Samples } | ({ kind: 'rush' } & StaffRush);

/** The staff's process, started: `quiet` times the quiet, `rush` starts the rush's work, `stop` ends it with its samples. */
export async function startStaff() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'rush-staff.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<FromStaff>((resolve, reject) => {
      const exit = (code: number | null) => reject(new Error(`the staff's process ended (${code})`));
      child.once('exit', exit);
      child.once('message', (message) => {
        child.off('exit', exit);
        resolve(message as FromStaff);
      });
    });
  const tell = (message: ToStaff) => child.send(message);
  return {
    async quiet(setup: StaffSetup) {
      const answer = next();
      tell({ kind: 'quiet', setup });
      return (await answer) as Extract<FromStaff, { kind: 'quiet' }>;
    },
    /** The rush's work from now on, the bank import `BANK_IMPORT_AT_MS` after the opening (`openingInMs` from now). */
    rush: (openingInMs: number) => tell({ kind: 'rush', openingInMs }),
    async stop(): Promise<StaffRush> {
      const answer = next();
      tell({ kind: 'stop' });
      const { kind: _, ...rush } = (await answer) as Extract<FromStaff, { kind: 'rush' }>;
      child.disconnect();
      return rush;
    },
    end: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}

/** A staff member's loop until `stop.done`: each call's milliseconds and status. */
async function staffLoop(call: () => Promise<Answer>, pauseMs: number, stop: { done: boolean }): Promise<Samples> {
  const samples: Samples = [];
  while (!stop.done) {
    const answer = await call();
    samples.push({ ms: answer.ms, status: answer.status });
    await sleep(pauseMs);
  }
  return samples;
}

/** A bank statement of 1,000 movements: half credits with the OGM of a season's subscription, half debits. */
function statement(ogms: string[]): Buffer {
  return codaFile([
    {
      date: '010727',
      paperSequence: 1,
      oldBalanceCents: 100_000_000,
      movements: Array.from({ length: BANK_MOVEMENTS }, (_, i) =>
        i % 2 === 0
          ? {
              amountCents: 5000,
              ogm: ogmDigits(ogms[(i / 2) % ogms.length]!),
              counterpartyAccount: 'BE68539007547034',
              counterpartyName: 'Ouder',
            }
          : { amountCents: -(100 + i), communication: `Uitgave ${i}`, counterpartyAccount: 'BE62510007547061' },
      ),
    },
  ]);
}

/** The staff's process itself: the phases as the rush's process tells them. */
function serveStaff() {
  let setup: StaffSetup | null = null;
  let d = 0;
  let rush: { stop: { done: boolean }; work: Promise<[Samples, Samples, Samples]>; bank: Promise<Answer> } | null = null;
  /** The bank statement's upload, made before the quiet: a staff member uploads a file they have, not one being written. */
  let bankUpload: Awaited<ReturnType<typeof multipartBody>> | null = null;
  const staff = () => ({ authorization: `Bearer ${setup!.token}` });
  const detail = () =>
    send(`${setup!.base}/api/getSubscriptionFullDetail?id=${setup!.detailIds[d++ % setup!.detailIds.length]}`, { headers: staff() });
  const health = () => send(`${setup!.base}/api/health`, {});
  const overview = () => send(`${setup!.base}/api/getSubscriptions?campYear=${setup!.year}`, { headers: staff() });
  const answer = (message: FromStaff) => process.send!(message);
  process.on('message', (message: ToStaff) => {
    void (async () => {
      if (message.kind === 'quiet') {
        setup = message.setup;
        bankUpload = await multipartBody([{ name: 'rush.cod', bytes: statement(setup.ogms) }]);
        // Warm-up: every staff call once or more, on every process.
        for (let i = 0; i < 20; i++) await detail();
        for (let i = 0; i < setup.processes; i++) await overview();
        await health();
        const stop = { done: false };
        const quiet = Promise.all([staffLoop(detail, DETAIL_PAUSE_MS, stop), staffLoop(health, HEALTH_EVERY_MS, stop)]);
        await sleep(QUIET_MS);
        stop.done = true;
        const [quietDetail, quietHealth] = await quiet;
        answer({ kind: 'quiet', quietDetail, quietHealth });
      } else if (message.kind === 'rush') {
        const stop = { done: false };
        const work = Promise.all([
          staffLoop(detail, DETAIL_PAUSE_MS, stop),
          staffLoop(health, HEALTH_EVERY_MS, stop),
          staffLoop(overview, OVERVIEW_EVERY_MS, stop),
        ]);
        const bank = (async () => {
          await sleep(message.openingInMs + BANK_IMPORT_AT_MS);
          const { payload, contentType } = bankUpload!;
          return send(`${setup!.base}/api/importBankStatements`, {
            method: 'POST',
            headers: { ...staff(), 'content-type': contentType },
            body: payload,
          });
        })();
        rush = { stop, work, bank };
      } else {
        rush!.stop.done = true;
        const [rushDetail, rushHealth, overviewSamples] = await rush!.work;
        answer({ kind: 'rush', rushDetail, rushHealth, overview: overviewSamples, bank: await rush!.bank });
      }
    })();
  });
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) serveStaff();
