import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { lockRowById } from '../lib/lock.js';
import { writeAudit } from '../lib/audit.js';

type TableWithId = PgTable & { id: AnyPgColumn };

export interface AuditedDelete<T extends TableWithId, Snapshot> {
  table: T;
  id: number;
  /** The refusal when the row does not exist. */
  notFound: string;
  /** Refuses (an AppError) while the row is still needed, on the locked row; nothing is deleted then. */
  check?: (before: T['$inferSelect']) => Promise<void> | void;
  /** Who did what, as the audit log records it. */
  audit: { adminId: number; action: string; entity: string };
  /** What the audit entry keeps of the row: the row as stored unless given. */
  snapshot?: (row: T['$inferSelect']) => Snapshot;
}

/**
 * Every delete of a record staff manage in Beheer: lock the row (404 when it is gone), let `check` refuse while it is
 * still in use, delete it, and audit what it was, inside the caller's transaction. Answers the deleted row.
 */
export async function auditedDelete<T extends TableWithId, Snapshot = T['$inferSelect']>(
  tx: Executor,
  remove: AuditedDelete<T, Snapshot>,
): Promise<T['$inferSelect']> {
  const before = await lockRowById(tx, remove.table, remove.id, remove.notFound);
  await remove.check?.(before);
  await tx.delete(remove.table as PgTable).where(eq(remove.table.id, remove.id));
  await writeAudit(tx, {
    adminId: remove.audit.adminId,
    action: remove.audit.action,
    entity: remove.audit.entity,
    entityId: remove.id,
    before: remove.snapshot ? remove.snapshot(before) : before,
    after: null,
  });
  return before;
}
