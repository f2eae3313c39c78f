import { and, eq } from 'drizzle-orm';
import { familySafetySheetCalls } from '@common/contract/safety-sheets.js';
import { safetySheetMessages } from '@common/safety-sheet.js';
import type { Executor } from '../../db/client.js';
import { children } from '../../db/schema.js';
import { callRoutes } from '../../lib/calls.js';
import { notFound } from '../../lib/errors.js';
import { readSafetySheet, saveSafetySheet } from '../../domain/safety-sheets.js';
import type { FamilyUser } from '../../lib/session-user.js';
import { currentFamily, familyParentId } from './family.js';

/** A child of the signed-in family, else 404 (another family's child is not found, as on the rest of the public site). */
async function assertOwnChild(db: Executor, family: FamilyUser, childId: number): Promise<void> {
  const parentId = await familyParentId(db, family);
  const [own] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)));
  if (!own) throw notFound(safetySheetMessages.childNotFound);
}

/** The family's safety sheets on the public site (issue 35): its own children's, read and saved. */
export default callRoutes(familySafetySheetCalls, (app) => {
  const db = () => app.database.familyDb;
  return {
    getFamilySafetySheet: async (request) => {
      await assertOwnChild(db(), currentFamily(request), request.query.CHILD_ID);
      return readSafetySheet(db(), request.query.CHILD_ID, app.clock.now());
    },
    saveFamilySafetySheet: async (request) => {
      await assertOwnChild(db(), currentFamily(request), request.body.CHILD_ID);
      const now = app.clock.now();
      await db().transaction((tx) => saveSafetySheet(tx, { payload: request.body, by: 'family', adminId: null, now }));
      return readSafetySheet(db(), request.body.CHILD_ID, now);
    },
  };
});
