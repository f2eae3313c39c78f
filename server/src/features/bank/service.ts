import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { formatOgm } from '@common/ogm.js';
import { bankMessages, type BankImport, type ImportResult } from '@common/schemas/bank.js';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import { inList, isoTimestamp, jsonParam } from '../../db/sql.js';
import { lockRowById } from '../../lib/lock.js';
import { admins, auditLog, bankImports, payments, subscriptions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict } from '../../lib/errors.js';
import { bookPayments, withdrawPayments, type Booking } from '../../domain/book-payments.js';
import { readStatementFile, type StatementFile } from './files.js';
import { matchCandidates, type MatchCandidates } from './matching.js';
import { BankFileError, type BankMovement, type BankStatement } from './statement.js';

export interface Upload {
  fileName: string;
  bytes: Uint8Array;
}

interface Credit {
  statement: BankStatement;
  movement: BankMovement;
  key: string;
  candidates: MatchCandidates;
}

interface PreparedFile {
  file: StatementFile;
  movements: number;
  ignoredDebits: number;
  credits: Credit[];
}

type Decision =
  | { state: 'booked'; subscriptionId: number }
  | { state: 'unmatched'; queueReason: 'no-match' | 'cancelled' | 'deleted'; hintReference: string | null };

interface KnownSubscription {
  id: number | null;
  reference: string;
  cancelled: boolean;
}

const CHUNK = 5000;

/**
 * What makes a movement the same movement in another file: the account, dates, amount, payer and
 * communication. Two equal payments on one statement are both real, so the n-th occurrence within a
 * file gets its own key: a file that overlaps one already imported books only what is new.
 */
function fingerprint(statement: BankStatement, movement: BankMovement): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        statement.account,
        movement.entryDate ?? statement.date,
        movement.valueDate,
        movement.amountCents,
        movement.counterpartyAccount,
        movement.structuredCommunication,
        movement.communication,
      ]),
    )
    .digest('base64url');
}

function prepare(file: StatementFile): PreparedFile {
  const occurrences = new Map<string, number>();
  const credits: Credit[] = [];
  let movements = 0;
  let ignoredDebits = 0;
  for (const statement of file.statements) {
    // The subscriptions are in euro: an account in another currency is read and counted, never booked.
    if (statement.currency !== 'EUR') {
      movements += statement.movements.length;
      continue;
    }
    for (const movement of statement.movements) {
      movements++;
      if (!movement.credit) {
        ignoredDebits++;
        continue;
      }
      const base = fingerprint(statement, movement);
      const n = occurrences.get(base) ?? 0;
      occurrences.set(base, n + 1);
      credits.push({ statement, movement, key: `${base}#${n}`, candidates: matchCandidates(movement) });
    }
  }
  return { file, movements, ignoredDebits, credits };
}

const ogmText = (digits: string) => formatOgm(Number(digits.slice(0, 10)));

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The subscriptions (live, then deleted ones from the audit log) that the candidates name, by OGM and by reference. */
async function lookUpSubscriptions(tx: Executor, credits: Credit[]) {
  const ogms = new Set<string>();
  const references = new Set<string>();
  for (const { candidates: c } of credits) {
    if (c.structuredOgm) ogms.add(ogmText(c.structuredOgm));
    for (const ogm of c.freeOgms) ogms.add(ogmText(ogm));
    for (const reference of c.references) references.add(reference);
  }
  const byOgm = new Map<string, KnownSubscription>();
  const byReference = new Map<string, KnownSubscription>();
  const columns = { id: subscriptions.id, ogm: subscriptions.ogm, reference: subscriptions.reference, cancelled: subscriptions.cancelled };
  for (const row of await tx
    .select(columns)
    .from(subscriptions)
    .where(inList(subscriptions.ogm, [...ogms])))
    byOgm.set(row.ogm, row);
  for (const row of await tx
    .select(columns)
    .from(subscriptions)
    .where(inList(subscriptions.reference, [...references]))) {
    byReference.set(row.reference, row);
  }
  // A deleted subscription lives on only in the audit log's snapshot.
  const goneOgms = [...ogms].filter((o) => !byOgm.has(o));
  const goneReferences = [...references].filter((r) => !byReference.has(r));
  if (goneOgms.length > 0 || goneReferences.length > 0) {
    const ogmField = sql<string>`${auditLog.before}->>'SUBSCRIPTION_OGM'`;
    const referenceField = sql<string>`${auditLog.before}->>'SUBSCRIPTION_REFERENCE'`;
    const deleted = await tx
      .select({ ogm: ogmField, reference: referenceField })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'deleteSubscription'), sql`(${inList(ogmField, goneOgms)} or ${inList(referenceField, goneReferences)})`),
      );
    for (const row of deleted) {
      const known = { id: null, reference: row.reference, cancelled: false };
      if (goneOgms.includes(row.ogm)) byOgm.set(row.ogm, known);
      if (goneReferences.includes(row.reference)) byReference.set(row.reference, known);
    }
  }
  return { byOgm, byReference };
}

type NewBankPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt'>;

/**
 * Inserts bank credits in one statement with the rows as one JSON parameter (see jsonParam); a movement
 * key that exists already is skipped, and only the rows inserted are answered.
 */
async function insertBankPayments(tx: Executor, rows: NewBankPayment[]) {
  return queryRows<{
    id: number;
    state: 'booked' | 'unmatched';
    subscriptionId: number | null;
    amountCents: number;
    valueDate: string | null;
    accountNr: string | null;
  }>(
    tx,
    sql`insert into ${payments} (source, state, subscription_id, amount_cents, value_date, account_nr, payer_name, communication,
          structured_communication, import_id, statement_date, statement_sequence, movement_key, queue_reason, hint_reference, admin_id)
        select source, state, "subscriptionId", "amountCents", "valueDate", "accountNr", "payerName", communication,
          "structuredCommunication", "importId", "statementDate", "statementSequence", "movementKey", "queueReason", "hintReference", "adminId"
        from json_to_recordset(${jsonParam(rows)}) as r(source text, state text, "subscriptionId" int, "amountCents" int, "valueDate" date,
          "accountNr" text, "payerName" text, communication text, "structuredCommunication" text, "importId" int, "statementDate" date,
          "statementSequence" text, "movementKey" text, "queueReason" text, "hintReference" text, "adminId" int)
        on conflict (movement_key) do nothing
        returning id, state, subscription_id as "subscriptionId", amount_cents as "amountCents", to_char(value_date, 'YYYY-MM-DD') as "valueDate", account_nr as "accountNr"`,
  );
}

/** The matching rules 1 to 4: the first rule that names a subscription decides. */
function decide(candidates: MatchCandidates, lookup: Awaited<ReturnType<typeof lookUpSubscriptions>>): Decision {
  const hits = [
    ...(candidates.structuredOgm ? [lookup.byOgm.get(ogmText(candidates.structuredOgm))] : []),
    ...candidates.freeOgms.map((ogm) => lookup.byOgm.get(ogmText(ogm))),
    ...candidates.references.map((reference) => lookup.byReference.get(reference)),
  ];
  const hit = hits.find((h) => h !== undefined);
  if (!hit) return { state: 'unmatched', queueReason: 'no-match', hintReference: null };
  if (hit.id === null) return { state: 'unmatched', queueReason: 'deleted', hintReference: hit.reference };
  if (hit.cancelled) return { state: 'unmatched', queueReason: 'cancelled', hintReference: hit.reference };
  return { state: 'booked', subscriptionId: hit.id };
}

function statementSummaries(file: StatementFile): ImportResult['statements'] {
  return file.statements.map((s) => ({
    account: s.account,
    date: s.date,
    sequence: s.sequence,
    movements: s.movements.length,
    currency: s.currency,
  }));
}

/**
 * Imports uploaded statement files in one transaction: every file is read first, so one refused file
 * changes nothing. Credits become payments, booked on their subscription or queued; debits are counted
 * and left alone; movements already imported (by an earlier file, or earlier in this upload) are skipped.
 */
export async function importBankStatements(db: Database, adminId: number, uploads: Upload[]): Promise<ImportResult[]> {
  let prepared: PreparedFile[];
  try {
    prepared = uploads.flatMap((upload) => readStatementFile(upload.fileName, upload.bytes)).map(prepare);
  } catch (error) {
    if (error instanceof BankFileError) throw new AppError('VALIDATION', error.message);
    throw error;
  }
  return db.transaction(async (tx) => {
    const allCredits = prepared.flatMap((p) => p.credits);
    const known = new Set<string>();
    const keys = allCredits.map((c) => c.key);
    for (const row of await tx.select({ key: payments.movementKey }).from(payments).where(inList(payments.movementKey, keys)))
      known.add(row.key!);
    const lookup = await lookUpSubscriptions(tx, allCredits);
    const bookings: Booking[] = [];
    const results: ImportResult[] = [];

    for (const { file, movements, ignoredDebits, credits } of prepared) {
      const statements = statementSummaries(file);
      const [importRow] = await tx
        .insert(bankImports)
        .values({
          fileName: file.fileName,
          format: file.format,
          adminId,
          statements,
          movements,
          matched: 0,
          alreadyImported: 0,
          unmatched: 0,
          ignoredDebits,
        })
        .returning({ id: bankImports.id });
      const importId = importRow!.id;
      const fresh = credits.filter((c) => !known.has(c.key));
      for (const c of fresh) known.add(c.key);
      let matched = 0;
      let unmatched = 0;
      for (const part of chunks(fresh)) {
        const rows: NewBankPayment[] = part.map(({ statement, movement, key, candidates }) => {
          const decision = decide(candidates, lookup);
          return {
            source: 'bank' as const,
            state: decision.state,
            subscriptionId: decision.state === 'booked' ? decision.subscriptionId : null,
            amountCents: movement.amountCents,
            valueDate: movement.valueDate ?? movement.entryDate ?? statement.date,
            accountNr: movement.counterpartyAccount,
            payerName: movement.counterpartyName,
            communication: movement.communication,
            structuredCommunication: movement.structuredCommunication,
            importId,
            statementDate: statement.date,
            statementSequence: statement.sequence,
            movementKey: key,
            queueReason: decision.state === 'unmatched' ? decision.queueReason : null,
            hintReference: decision.state === 'unmatched' ? decision.hintReference : null,
            adminId,
          };
        });
        // A concurrent import of the same movements loses the race here and counts them as already imported.
        const inserted = await insertBankPayments(tx, rows);
        for (const row of inserted) {
          if (row.state === 'booked') {
            matched++;
            bookings.push({
              paymentId: row.id,
              subscriptionId: row.subscriptionId!,
              payment: { amountCents: row.amountCents, date: row.valueDate, accountNr: row.accountNr },
            });
          } else {
            unmatched++;
          }
        }
      }
      const alreadyImported = credits.length - matched - unmatched;
      await tx.update(bankImports).set({ matched, unmatched, alreadyImported }).where(eq(bankImports.id, importId));
      const result: ImportResult = {
        importId,
        fileName: file.fileName,
        format: file.format,
        statements,
        movements,
        matched,
        alreadyImported,
        unmatched,
        ignoredDebits,
      };
      await writeAudit(tx, {
        adminId,
        action: 'importBankStatements',
        entity: 'bankImport',
        entityId: importId,
        before: null,
        after: result,
      });
      results.push(result);
    }
    await bookPayments(tx, adminId, 'importBankStatements', bookings);
    return results;
  });
}

/** Every import, newest first, with whether it can still be undone. */
export async function listBankImports(db: Executor, importId?: number): Promise<BankImport[]> {
  const rows = await db
    .select({
      row: bankImports,
      createdAt: isoTimestamp('"bank_imports"."created_at"'),
      undoneAt: isoTimestamp('"bank_imports"."undone_at"'),
      adminEmail: admins.email,
      changedByHand: sql<boolean>`exists (select 1 from ${payments} where ${payments.importId} = ${bankImports.id} and ${payments.changedByHandAt} is not null)`,
    })
    .from(bankImports)
    .leftJoin(admins, eq(admins.id, bankImports.adminId))
    .where(importId === undefined ? undefined : eq(bankImports.id, importId))
    .orderBy(desc(bankImports.id));
  return rows.map(({ row, createdAt, undoneAt, adminEmail, changedByHand }) => ({
    importId: row.id,
    fileName: row.fileName,
    format: row.format,
    statements: row.statements as ImportResult['statements'],
    movements: row.movements,
    matched: row.matched,
    alreadyImported: row.alreadyImported,
    unmatched: row.unmatched,
    ignoredDebits: row.ignoredDebits,
    createdAt: createdAt as string,
    adminEmail,
    undoneAt: undoneAt as string | null,
    canUndo: row.undoneAt === null && !changedByHand,
  }));
}

/**
 * Undoes an import as a whole: its payments are removed and their money taken back from the
 * subscriptions. Refused once staff changed one of its payments by hand (assigned, ignored, re-queued).
 */
export async function undoBankImport(db: Database, adminId: number, importId: number): Promise<BankImport> {
  await db.transaction(async (tx) => {
    const before = await lockRowById(tx, bankImports, importId, bankMessages.importNotFound);
    if (before.undoneAt !== null) throw conflict(bankMessages.importUndone);
    const own = await tx.select().from(payments).where(eq(payments.importId, importId)).for('update');
    if (own.some((p) => p.changedByHandAt !== null)) throw conflict(bankMessages.importChangedByHand);
    await tx.delete(payments).where(eq(payments.importId, importId));
    const withdrawn = own
      .filter((p) => p.state === 'booked' && p.subscriptionId !== null)
      .map((p) => ({
        paymentId: p.id,
        subscriptionId: p.subscriptionId!,
        payment: { amountCents: p.amountCents, date: p.valueDate, accountNr: p.accountNr },
      }));
    await withdrawPayments(tx, adminId, 'undoBankImport', withdrawn);
    const [after] = await tx
      .update(bankImports)
      .set({ undoneAt: sql`now()` })
      .where(eq(bankImports.id, importId))
      .returning();
    await writeAudit(tx, {
      adminId,
      action: 'undoBankImport',
      entity: 'bankImport',
      entityId: importId,
      before: { ...before, payments: own.length },
      after,
    });
  });
  return (await listBankImports(db, importId))[0]!;
}
