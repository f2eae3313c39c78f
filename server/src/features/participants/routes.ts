import { todayInBelgium } from '@common/calendar.js';
import { participantCalls } from '@common/contract/participants.js';
import { failureMessages } from '@common/messages.js';
import { campDays, participantMessages } from '@common/participants.js';
import type { Executor } from '../../db/client.js';
import { callRoutes } from '../../lib/calls.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import { assertCampVisible, assertExportFormat, assertSubscriptionCampVisible, visibleFields } from '../../domain/policies.js';
import { currentAdminId, currentRole } from '../../plugins/auth.js';
import { campParticipantsFile } from './export.js';
import { findCampFacts, listCampParticipants } from './queries.js';
import { setAttendance } from './service.js';

/** The camp, and the date when one is asked: it must be one of the camp's days. */
async function campAndDay(db: Executor, campId: number, date: string | undefined) {
  const camp = await findCampFacts(db, campId);
  if (!camp) throw notFound(failureMessages.campNotFound);
  if (date !== undefined && !campDays(camp.activeDays).includes(date)) throw invalidFields({ date: participantMessages.notACampDayOfCamp });
  return camp;
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
      return visibleFields('participant', currentRole(request), await listCampParticipants(db(), camp, request.query.date));
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
      const participants = visibleFields('participant', role, await listCampParticipants(db(), camp, request.query.date));
      return campParticipantsFile(camp, participants, request.query);
    },
  };
});
