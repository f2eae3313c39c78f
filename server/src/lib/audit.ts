import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  adminId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  before: unknown;
  after: unknown;
}

/** Every mutation is written down: who, when, which call, which record, before and after (decisions.md section 4). */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
