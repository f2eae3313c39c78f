import { eq } from 'drizzle-orm';
import { monitorMessages } from '@common/schemas/monitors.js';
import { privacyMessages } from '@common/schemas/privacy.js';
import type { Database } from '../../db/client.js';
import { children, monitors, parents } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

export interface Whose {
  subscriberId?: number;
  parentId?: number;
  monitorId?: number;
}

/** Whose number a reveal names: the table, the audit entity and the Dutch 404. */
function target(whose: Whose) {
  if (whose.subscriberId !== undefined)
    return { table: children, id: whose.subscriberId, entity: 'subscriber', notFound: privacyMessages.childNotFound };
  if (whose.parentId !== undefined)
    return { table: parents, id: whose.parentId, entity: 'parent', notFound: privacyMessages.parentNotFound };
  return { table: monitors, id: whose.monitorId!, entity: 'monitor', notFound: monitorMessages.notFound };
}

/**
 * revealNationalNumber: the one answer that carries a national number in full (issue 20), for a beheerder (the
 * call table's roles). Each reveal is audited: who (adminId), whose (entity and id), when (the entry's time);
 * the entry holds no number.
 */
export async function revealNationalNumber(db: Database, adminId: number, whose: Whose): Promise<{ nationalNumber: string | null }> {
  const { table, id, entity, notFound } = target(whose);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ nationalnr: table.nationalnr }).from(table).where(eq(table.id, id));
    if (!row) throw new AppError('NOT_FOUND', notFound);
    await writeAudit(tx, { adminId, action: 'revealNationalNumber', entity, entityId: id, before: null, after: null });
    return { nationalNumber: row.nationalnr };
  });
}
