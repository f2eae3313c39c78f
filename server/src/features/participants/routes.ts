import { todayInBelgium } from '@common/calendar.js';
import { participantCalls } from '@common/contract/participants.js';
import { failureMessages } from '@common/messages.js';
import { campDays, participantMessages } from '@common/participants.js';
import type { Executor } from '../../db/client.js';
import { callRoutes } from '../../lib/calls.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import {
  assertCampVisible,
  assertExportFormat,
  assertSubscriptionCampVisible,
  maySeeCampSafetySheets,
  visibleFields,
  type Viewer,
} from '../../domain/policies.js';
import { auditSheetReads, campSafety, medicationRoundOf } from '../../domain/safety-sheets.js';
import type { CampParticipant } from '@common/participants.js';
import type { MedicationDose } from '@common/safety-sheet.js';
import { currentAdminId, currentRole } from '../../lib/session-user.js';
import { campParticipantsFile } from './export.js';
import { findCampFacts, listCampParticipants, type CampFacts } from './queries.js';
import { setAttendance } from './service.js';

/** The camp, and the date when one is asked: it must be one of the camp's days. */
async function campAndDay(db: Executor, campId: number, date: string | undefined) {
  const camp = await findCampFacts(db, campId);
  if (!camp) throw notFound(failureMessages.campNotFound);
  if (date !== undefined && !campDays(camp.activeDays).includes(date)) throw invalidFields({ date: participantMessages.notACampDayOfCamp });
  return camp;
}

/**
 * The participants with what their safety sheets say on the day (issue 35: status, warnings, pick-up, photo consent),
 * when the user may read the camp's sheets now; a monitor's reading is audited per child. The spreadsheets never carry
 * it (their columns are fixed in export.ts); the printed day list does, with the day's medication round.
 */
async function withSafety(
  db: Executor,
  viewer: Viewer & { adminId: number },
  camp: CampFacts,
  participants: CampParticipant[],
  now: Date,
  action: string,
): Promise<{ participants: CampParticipant[]; safetyShown: boolean }> {
  if (!(await maySeeCampSafetySheets(db, viewer, camp.id, now))) return { participants, safetyShown: false };
  const safety = await campSafety(
    db,
    participants.map((p) => p.SUBSCRIBER_ID),
    Number(camp.periodStart.slice(0, 4)),
  );
  if (viewer.role === 'monitor')
    await auditSheetReads(
      db,
      viewer.adminId,
      participants.map((p) => p.SUBSCRIBER_ID),
      action,
    );
  return { participants: participants.map((p) => ({ ...p, ...safety.get(p.SUBSCRIBER_ID) })), safetyShown: true };
}

/**
 * Participant lists per camp and day, attendance, and their printable and spreadsheet exports. Which camps, which
 * fields and which formats a role gets is the participants' policy (domain/policies.ts): a monitor their camps, what
 * the camp day needs and the printed list.
 */
export default callRoutes(participantCalls, (app) => {
  const db = () => app.database.db;
  return {
    getCampParticipants: async (request) => {
      await assertCampVisible(db(), request.user!, 'participant', request.query.campId, app.clock.now());
      const camp = await campAndDay(db(), request.query.campId, request.query.date);
      const listed = await listCampParticipants(db(), camp, request.query.date);
      const { participants } = await withSafety(db(), request.user!, camp, listed, app.clock.now(), 'readSafetyWarnings');
      return visibleFields('participant', currentRole(request), participants);
    },

    setAttendance: async (request) => {
      await assertSubscriptionCampVisible(db(), request.user!, 'participant', request.body.SUBSCRIPTION_ID, app.clock.now());
      return setAttendance(db(), currentAdminId(request), request.body, todayInBelgium(app.clock.now()));
    },

    exportCampParticipants: async (request) => {
      const role = currentRole(request);
      assertExportFormat('participant', role, request.query.format);
      await assertCampVisible(db(), request.user!, 'participant', request.query.campId, app.clock.now());
      const camp = await campAndDay(db(), request.query.campId, request.query.date);
      const listed = await listCampParticipants(db(), camp, request.query.date);
      // Only the printed day list carries the sheets' warnings, pick-up and the medication round.
      const printedDay = request.query.format === 'pdf' && request.query.date !== undefined;
      const { participants, safetyShown } = printedDay
        ? await withSafety(db(), request.user!, camp, listed, app.clock.now(), 'printSafetyWarnings')
        : { participants: listed, safetyShown: false };
      let round: MedicationDose[] | undefined;
      if (safetyShown)
        round = await medicationRoundOf(
          db(),
          participants.map((p) => ({ CHILD_ID: p.SUBSCRIBER_ID, CHILD_NAME: `${p.SUBSCRIBER_FIRSTNAME} ${p.SUBSCRIBER_LASTNAME}` })),
        );
      return campParticipantsFile(
        camp,
        visibleFields('participant', role, participants),
        request.query,
        todayInBelgium(app.clock.now()),
        round,
      );
    },
  };
});
