import { failureMessages } from '@common/messages.js';
import { safetySheetCalls } from '@common/contract/safety-sheets.js';
import { campDays, participantMessages } from '@common/participants.js';
import { callRoutes } from '../../lib/calls.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import { settingsDefaults } from '../../lib/settings.js';
import { currentAdminId, currentRole } from '../../lib/session-user.js';
import {
  assertCampSafetySheetsReadable,
  assertSafetySheetChangeable,
  assertSafetySheetReadable,
  visibleFields,
} from '../../domain/policies.js';
import {
  auditSheetReads,
  medicationRoundOf,
  readSafetySettings,
  readSafetySheet,
  saveSafetySettings,
  saveSafetySheet,
} from '../../domain/safety-sheets.js';
import { findCampFacts, listCampParticipants } from './queries.js';
import { remindSafetySheets, safetySheetCounts } from './safety-reminders.js';

/** The child's safety sheet (issue 35): staff's and the monitors' calls (the family's: public/safety-sheet-routes.ts). */
export default callRoutes(safetySheetCalls, (app) => {
  const db = () => app.database.db;
  return {
    getSafetySheet: async (request) => {
      const now = app.clock.now();
      await assertSafetySheetReadable(db(), request.user!, request.query.childId, now);
      const sheet = await readSafetySheet(db(), request.query.childId, now);
      await auditSheetReads(db(), currentAdminId(request), [request.query.childId]);
      return sheet;
    },
    saveSafetySheet: async (request) => {
      await assertSafetySheetChangeable(db(), request.user!);
      const now = app.clock.now();
      await db().transaction((tx) => saveSafetySheet(tx, { payload: request.body, by: 'staff', adminId: currentAdminId(request), now }));
      return readSafetySheet(db(), request.body.CHILD_ID, now);
    },
    getMedicationRound: async (request) => {
      const { campId, date } = request.query;
      const now = app.clock.now();
      const camp = await findCampFacts(db(), campId);
      if (!camp) throw notFound(failureMessages.campNotFound);
      await assertCampSafetySheetsReadable(db(), request.user!, campId, now);
      if (!campDays(camp.activeDays).includes(date)) throw invalidFields({ date: participantMessages.notACampDayOfCamp });
      const day = await listCampParticipants(db(), camp, date);
      const round = await medicationRoundOf(
        db(),
        day.map((p) => ({ CHILD_ID: p.SUBSCRIBER_ID, CHILD_NAME: `${p.SUBSCRIBER_FIRSTNAME} ${p.SUBSCRIBER_LASTNAME}` })),
      );
      if (request.user!.role === 'monitor')
        await auditSheetReads(
          db(),
          currentAdminId(request),
          round.map((d) => d.CHILD_ID),
          'readMedicationRound',
        );
      return round;
    },
    getSafetySheetCounts: async (request) => safetySheetCounts(db(), request.query.campId),
    remindSafetySheets: async (request) =>
      remindSafetySheets(
        { db: db(), relay: app.mailRelay, settingsDefaults: settingsDefaults(app.config) },
        currentAdminId(request),
        request.body.campId,
      ),
    getSafetySheetSettings: async (request) =>
      visibleFields('safetySheetSettings', currentRole(request), [await readSafetySettings(db())])[0]!,
    saveSafetySheetSettings: async (request) => db().transaction((tx) => saveSafetySettings(tx, currentAdminId(request), request.body)),
  };
});
