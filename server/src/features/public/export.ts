import { eq } from 'drizzle-orm';
import { todayInBelgium } from '@common/calendar.js';
import type { Database } from '../../db/client.js';
import { parents } from '../../db/schema.js';
import { auditedWithin, writeAudit } from '../../lib/audit.js';
import { CONTENT_TYPES, type DownloadFile } from '../../lib/downloads.js';
import { AppError } from '../../lib/errors.js';
import { readFamily } from '../../domain/family-data.js';
import type { FamilyUser } from '../../lib/session-user.js';
import { familyParentId } from './family.js';
import { publicMessages } from './messages.js';

/** At most this many copies per family in an hour: each reads every record of the family (mails with their files too). */
export const EXPORTS_PER_HOUR = 5;

/**
 * exportMyData (issue 34; GDPR art. 15 and 20): everything stored about the signed-in family, as staff's access request
 * export holds it (readFamily), as one JSON file: a format any program reads and a person can read too
 * (docs/decisions.md, 'Issue 34'). The national numbers of the parent and its own children are in it in full: they are
 * the family's own data, and its fiscal attests carry them as well. Each copy is audited as the family's, which is also
 * what the limit counts.
 */
export async function exportMyData(db: Database, family: FamilyUser, now: Date): Promise<DownloadFile> {
  const parentId = await db.transaction(async (tx) => {
    const id = await familyParentId(tx, family);
    // One request at a time per family, so the limit counts each.
    await tx.select({ id: parents.id }).from(parents).where(eq(parents.id, id)).for('update');
    const recent = await auditedWithin(tx, { action: 'exportMyData', entity: 'parent', entityId: id }, 1);
    if (recent >= EXPORTS_PER_HOUR) throw new AppError('TOO_MANY_ATTEMPTS', publicMessages.tooManyExports);
    await writeAudit(tx, {
      adminId: null,
      action: 'exportMyData',
      entity: 'parent',
      entityId: id,
      before: null,
      after: { format: 'json' },
    });
    return id;
  });
  // Read after the request is on record (its reads run side by side, so not in the transaction's one connection).
  const data = await readFamily(db, parentId);
  const body = Buffer.from(JSON.stringify({ exportedAt: now.toISOString(), ...data }, null, 2));
  return { body, contentType: CONTENT_TYPES.json, fileName: `mijn-gegevens-${todayInBelgium(now)}.json` };
}
