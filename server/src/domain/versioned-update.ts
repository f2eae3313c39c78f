import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { lockRowById } from '../lib/lock.js';
import { writeAudit } from '../lib/audit.js';
import { checkVersion } from '../lib/errors.js';

/** A table whose rows carry an id and a version (optimistic concurrency, docs/decisions.md 'Stale and lost data'). */
export type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn };
export type RowOf<T extends VersionedTable> = T['$inferSelect'] & { id: number; version: number };

export interface VersionedUpdate<T extends VersionedTable, Snapshot = RowOf<T>> {
  table: T;
  id: number;
  /** The refusal when the row does not exist. */
  notFound: string;
  /** The version the save was made from; a save without one is not checked. */
  seenVersion: number | undefined;
  /** Checks the locked row (an AppError refuses, nothing is written) and answers the columns to write. */
  change: (before: RowOf<T>) => Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>;
  /** Who did what, as the audit log records it. */
  audit: { adminId: number; action: string; entity: string };
  /** What the audit entry keeps of a row: the row as stored unless given. */
  snapshot?: (row: RowOf<T>) => Snapshot;
}

/**
 * Every save of a versioned record: lock the row, refuse a stale version (VERSION_CONFLICT), write the change with
 * the version one higher, and audit before and after, inside the caller's transaction. Answers both rows.
 */
export async function auditedVersionedUpdate<T extends VersionedTable, Snapshot = RowOf<T>>(
  tx: Executor,
  update: VersionedUpdate<T, Snapshot>,
): Promise<{ before: RowOf<T>; after: RowOf<T> }> {
  const table = update.table as VersionedTable;
  const before = (await lockRowById(tx, table, update.id, update.notFound)) as RowOf<T>;
  checkVersion(before, update.seenVersion);
  const columns = await update.change(before);
  const [after] = (await tx
    .update(table)
    .set({ ...columns, version: before.version + 1 } as never)
    .where(eq(table.id, update.id))
    .returning()) as RowOf<T>[];
  const snapshot = update.snapshot ?? ((row: RowOf<T>) => row);
  await writeAudit(tx, {
    adminId: update.audit.adminId,
    action: update.audit.action,
    entity: update.audit.entity,
    entityId: update.id,
    before: snapshot(before),
    after: snapshot(after!),
  });
  return { before, after: after! };
}
