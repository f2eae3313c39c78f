/**
 * Section 7 of the benchmark: importing a month's bank statement of 20,000 movements (issue 14).
 * The floor is the database storing the same credits as payments in one plain insert through the same
 * driver, measured in the same run: what any import of these movements must at least cost.
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/src/db/client.js';
import { jsonParam } from '../server/src/db/sql.js';
import { codaFile, ogmDigits, type CodaMovementSpec } from '../tests/helpers/coda-writer.js';
import { multipartBody } from '../tests/helpers/upload.js';
import { mark, median, timed } from './measure.js';

export const BANK_MOVEMENTS = 20_000;
const RUNS = 5;
/**
 * Targets. The import does five kinds of work, each of which may cost what the floor costs: read the file,
 * find movements imported before, look up the subscriptions the communications name, store the payments,
 * and book the matched ones with their audit. And a treasurer's largest file must import within the
 * 10 s a request may take before staff think it hangs.
 */
export const BANK_IMPORT_TARGETS = { ratio: 5, importMs: 10_000 } as const;

export interface BankImportFigures {
  backend: string;
  movements: number;
  fileBytes: number;
  importMs: number;
  floorMs: number;
  ratio: number;
  movementsPerSecond: number;
}

/**
 * A statement like a busy month's: half credits (one in five with the OGM of a real subscription, the
 * rest unknown) and half debits. `run` makes every movement new, so no run meets an earlier one's duplicates.
 */
function statementOfRun(run: number, ogms: string[]): Buffer {
  const movements: CodaMovementSpec[] = Array.from({ length: BANK_MOVEMENTS }, (_, i) =>
    i % 2 === 0
      ? {
          amountCents: 1000 + (i % 500),
          ogm: i % 10 === 0 ? ogmDigits(ogms[(i / 10) % ogms.length]!) : undefined,
          communication: i % 10 === 0 ? undefined : `Betaling ${run}-${i}`,
          counterpartyAccount: 'BE68539007547034',
          counterpartyName: `Ouder ${run}`,
        }
      : { amountCents: -(100 + (i % 50)), communication: `Uitgave ${run}-${i}`, counterpartyAccount: 'BE62510007547061' },
  );
  return codaFile([{ date: '310726', paperSequence: run + 1, oldBalanceCents: 100_000_000, movements }]);
}

function postStatement(baseUrl: string, token: string, file: Buffer, run: number): Promise<number> {
  return multipartBody([{ name: `maand-${run}.cod`, bytes: file }]).then(
    ({ payload, contentType }) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          `${baseUrl}/api/importBankStatements`,
          { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => {
              if (response.statusCode !== 200) reject(new Error(`importBankStatements answered ${response.statusCode}: ${body}`));
              else resolve(response.statusCode);
            });
          },
        );
        request.on('error', reject);
        request.end(payload);
      }),
  );
}

/** The floor: the same number of credits stored as queued bank payments by one plain insert, in one transaction. */
async function plainInsert(db: Database, run: number) {
  const rows = Array.from({ length: BANK_MOVEMENTS / 2 }, (_, i) => ({
    amountCents: 1000 + (i % 500),
    communication: `Vloer ${run}-${i}`,
    movementKey: `bench-floor-${run}-${i}`,
  }));
  await db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`insert into payments (source, state, amount_cents, value_date, account_nr, payer_name, communication, movement_key, queue_reason)
          select 'bank', 'unmatched', "amountCents", date '2026-07-31', 'BE68539007547034', 'Ouder', communication, "movementKey", 'no-match'
          from json_to_recordset(${jsonParam(rows)}) as r("amountCents" int, communication text, "movementKey" text)
          returning id`,
    );
  });
}

export async function measureBankImport(backend: string, db: Database, baseUrl: string, token: string): Promise<BankImportFigures> {
  const ogms = (await queryRows<{ ogm: string }>(db, sql`select ogm from subscriptions order by id limit 1000`)).map((r) => r.ogm);
  if (ogms.length === 0) throw new Error('the bank import benchmark needs subscriptions to match');
  const files = Array.from({ length: RUNS + 1 }, (_, run) => statementOfRun(run, ogms));
  const imports: number[] = [];
  const floors: number[] = [];
  // Run 0 warms up both; the import and its floor alternate so that both meet the same machine.
  for (let run = 0; run <= RUNS; run++) {
    const importMs = await timed(() => postStatement(baseUrl, token, files[run]!, run));
    const floorMs = await timed(() => plainInsert(db, run));
    if (run > 0) {
      imports.push(importMs);
      floors.push(floorMs);
    }
  }
  const importMs = median(imports);
  const floorMs = median(floors);
  return {
    backend,
    movements: BANK_MOVEMENTS,
    fileBytes: files[0]!.length,
    importMs,
    floorMs,
    ratio: importMs / floorMs,
    movementsPerSecond: BANK_MOVEMENTS / (importMs / 1000),
  };
}

export function bankImportSection(date: string, figures: BankImportFigures[]): string[] {
  return [
    '## 7. Importing a bank statement of 20,000 movements (issue 14)',
    '',
    `Measured ${date}. One CODA file of ${BANK_MOVEMENTS.toLocaleString('en')} movements (${(figures[0]!.fileBytes / 1024 / 1024).toFixed(1)} MB): half credits, of which one in five carries a real subscription's OGM, and half debits. Each run uploads new movements through \`POST /api/importBankStatements\` (read, match, book, audit, in one transaction). The floor is the database storing the same ${(BANK_MOVEMENTS / 2).toLocaleString('en')} credits as payments in one plain insert through the same driver. Medians of ${RUNS} runs after a warm-up.`,
    '',
    '| backend | import (ms) | movements/s | floor (ms) | ratio |',
    '|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.backend} | ${f.importMs.toFixed(0)} | ${f.movementsPerSecond.toFixed(0)} | ${f.floorMs.toFixed(0)} | ${f.ratio.toFixed(2)} |`,
    ),
    '',
    ...figures.flatMap((f) => [
      `- ${mark(f.ratio <= BANK_IMPORT_TARGETS.ratio)} the import at most ${BANK_IMPORT_TARGETS.ratio} × its floor on ${f.backend}: ${f.ratio.toFixed(2)} ×`,
      `- ${mark(f.importMs <= BANK_IMPORT_TARGETS.importMs)} ${BANK_MOVEMENTS.toLocaleString('en')} movements within ${BANK_IMPORT_TARGETS.importMs / 1000} s on ${f.backend}: ${(f.importMs / 1000).toFixed(1)} s (${f.movementsPerSecond.toFixed(0)} movements/s)`,
    ]),
    '',
  ];
}
