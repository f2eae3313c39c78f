import { eq, sql } from 'drizzle-orm';
import { failureMessages } from '@common/messages.js';
import type { ThemeRecord } from '@common/schemas/themes.js';
import { normaliseText } from '@common/search.js';
import type { Database, Transaction } from '../../db/client.js';
import { camps, themes } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { auditedVersionedUpdate } from '../../domain/versioned-update.js';
import { auditedDelete } from '../../domain/audited-delete.js';
import { conflict, invalidFields } from '../../lib/errors.js';

export const themeMessages = {
  notFound: failureMessages.themeNotFound,
  inUse: 'Dit thema wordt nog door kampen gebruikt en kan niet verwijderd worden.',
  duplicateName: 'Er bestaat al een thema met deze naam.',
};

/**
 * A theme name is unique ignoring case and accents ('Voetbal', 'voetbal ' and 'Vóetbal' are one theme). The
 * table is locked against other writers first, so two saves of the same new name cannot both pass.
 */
async function checkUniqueName(tx: Transaction, name: string, themeId: number | null) {
  await tx.execute(sql`lock table themes in share row exclusive mode`);
  const wanted = normaliseText(name.trim());
  const rows = await tx.select().from(themes);
  if (rows.some((row) => row.id !== themeId && normaliseText(row.name.trim()) === wanted)) {
    throw invalidFields({ THEME_NAME: themeMessages.duplicateName });
  }
}

const toRecord = (row: { id: number; name: string; version: number }): ThemeRecord => ({
  THEME_ID: row.id,
  THEME_VERSION: row.version,
  THEME_NAME: row.name,
});

export async function readTheme(db: Database, themeId: number): Promise<ThemeRecord[]> {
  return (await db.select().from(themes).where(eq(themes.id, themeId))).map(toRecord);
}

export async function createTheme(db: Database, adminId: number, name: string): Promise<number> {
  return db.transaction(async (tx) => {
    await checkUniqueName(tx, name, null);
    const [row] = await tx.insert(themes).values({ name }).returning();
    await writeAudit(tx, { adminId, action: 'crudTheme:create', entity: 'theme', entityId: row!.id, before: null, after: toRecord(row!) });
    return row!.id;
  });
}

export async function renameTheme(
  db: Database,
  adminId: number,
  themeId: number,
  name: string,
  seenVersion: number | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    await auditedVersionedUpdate(tx, {
      table: themes,
      id: themeId,
      notFound: themeMessages.notFound,
      seenVersion,
      change: async () => {
        await checkUniqueName(tx, name, themeId);
        return { name };
      },
      audit: { adminId, action: 'crudTheme:update', entity: 'theme' },
      snapshot: toRecord,
    });
    return themeId;
  });
}

/** A theme that camps still use stays: deleting it would orphan them. */
export async function deleteTheme(db: Database, adminId: number, themeId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await auditedDelete(tx, {
      table: themes,
      id: themeId,
      notFound: themeMessages.notFound,
      check: async () => {
        const [used] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(camps)
          .where(eq(camps.themeId, themeId));
        if ((used?.n ?? 0) > 0) throw conflict(themeMessages.inUse);
      },
      audit: { adminId, action: 'crudTheme:delete', entity: 'theme' },
      snapshot: toRecord,
    });
    return themeId;
  });
}
