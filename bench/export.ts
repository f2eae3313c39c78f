/**
 * The xlsx export of a 10,000-subscription year: seconds to the last byte and the server's memory, in a
 * server process of its own. `npm run bench:export` seeds only that year, measures, and rewrites its section
 * of bench/results.md.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/src/db/client.js';
import { seedDemoData, seedSubscriptions } from '../server/src/seed/demo-data.js';
import { median } from './measure.js';
import { startServerProcess } from './server-process.js';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 5;
const MB = 1024 * 1024;

export interface ExportFigures {
  subscriptions: number;
  runsSeconds: number[];
  medianSeconds: number;
  /** The server's processor time per export: what the export costs, however busy the machine is. */
  medianCpuSeconds: number;
  fileBytes: number;
  rssBeforeBytes: number;
  rssAfterBytes: number;
  peakRssBytes: number;
}

/** One warm-up, then RUNS exports of the year's subscriptions as xlsx, each read to its last byte. */
export async function measureXlsxExport(dataDir: string, year: number): Promise<ExportFigures> {
  const server = await startServerProcess(dataDir);
  try {
    const url = `${server.base}/api/exportSubscriptions?campYear=${year}&format=xlsx`;
    const headers = { authorization: `Bearer ${server.token}` };
    const rssBeforeBytes = server.memory().rssBytes;
    const exportOnce = async () => {
      const start = performance.now();
      const cpuBefore = server.cpuSeconds();
      const response = await fetch(url, { headers });
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      return { seconds: (performance.now() - start) / 1000, cpuSeconds: server.cpuSeconds() - cpuBefore, bytes: body.byteLength };
    };
    const warmUp = await exportOnce();
    const runsSeconds: number[] = [];
    const runsCpuSeconds: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await exportOnce();
      runsSeconds.push(run.seconds);
      runsCpuSeconds.push(run.cpuSeconds);
    }
    const memory = server.memory();
    const subscriptions = Number(
      (await (await fetch(`${server.base}/api/getSubscriptions?campYear=${year}`, { headers })).json()).data.length,
    );
    return {
      subscriptions,
      runsSeconds,
      medianSeconds: median(runsSeconds),
      medianCpuSeconds: median(runsCpuSeconds),
      fileBytes: warmUp.bytes,
      rssBeforeBytes,
      rssAfterBytes: memory.rssBytes,
      peakRssBytes: memory.peakRssBytes,
    };
  } finally {
    await server.stop();
  }
}

export function exportSection(figures: ExportFigures): string {
  return [
    '## 7. xlsx export of a whole year (exportSubscriptions)',
    '',
    `A year of ${figures.subscriptions.toLocaleString('en')} subscriptions (the file holds those not cancelled, as the overview ` +
      `shows them), ${(figures.fileBytes / MB).toFixed(1)} MB. Wall time stretches when the machine is busy; the server's ` +
      `processor time per export does not. Measured ${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.`,
    '',
    '| median to last byte (s) | runs (s) | server CPU per export, median (s) | server RSS before (MB) | server RSS after (MB) | server peak RSS (MB) |',
    '|---|---|---|---|---|---|',
    `| ${figures.medianSeconds.toFixed(2)} | ${figures.runsSeconds.map((s) => s.toFixed(2)).join(', ')} | ${figures.medianCpuSeconds.toFixed(2)} | ${(figures.rssBeforeBytes / MB).toFixed(0)} | ${(figures.rssAfterBytes / MB).toFixed(0)} | ${(figures.peakRssBytes / MB).toFixed(0)} |`,
    '',
  ].join('\n');
}

/** npm run bench:export: seeds one year of 10,000 subscriptions and rewrites section 7 of bench/results.md. */
async function main() {
  const tmp = path.join(root, 'bench/tmp-export');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const year = 2023;
  const database = await openDatabase({ dataDir: tmp });
  await seedDemoData(database.db, { subscriptionsPerYear: 0 });
  await seedSubscriptions(database.db, { year, count: 10_000 });
  await database.close();
  const figures = await measureXlsxExport(tmp, year);
  const resultsFile = path.join(root, 'bench/results.md');
  const results = readFileSync(resultsFile, 'utf8');
  const start = results.indexOf('## 7. xlsx export');
  const rest =
    start === -1
      ? ''
      : results
          .slice(start)
          .replace(/^## 7\.[\s\S]*?(?=\n## |$)/, '')
          .trimStart();
  const before = (start === -1 ? results : results.slice(0, start)).trimEnd();
  writeFileSync(resultsFile, `${before}\n\n${exportSection(figures)}${rest ? `\n${rest}` : ''}`);
  rmSync(tmp, { recursive: true, force: true });
  console.log(exportSection(figures));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
