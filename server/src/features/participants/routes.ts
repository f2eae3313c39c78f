import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureMessages } from '@common/messages.js';
import { campDays, participantMessages } from '@common/participants.js';
import { campParticipantsQuery, exportCampParticipantsQuery, setAttendancePayload } from '@common/schemas/participants.js';
import type { Executor } from '../../db/client.js';
import { sendDownload } from '../../lib/downloads.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import { currentAdminId } from '../../plugins/auth.js';
import { campParticipantsFile } from './export.js';
import { findCampFacts, listCampParticipants } from './queries.js';
import { setAttendance } from './service.js';

const tags = ['participants'];

/** The camp, and the date when one is asked: it must be one of the camp's days. */
async function campAndDay(db: Executor, campId: number, date: string | undefined) {
  const camp = await findCampFacts(db, campId);
  if (!camp) throw notFound(failureMessages.campNotFound);
  if (date !== undefined && !campDays(camp.activeDays).includes(date)) throw invalidFields({ date: participantMessages.notACampDayOfCamp });
  return camp;
}

/** Participant lists per camp and day, attendance, and their printable and spreadsheet exports. */
const participantRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get('/getCampParticipants', { schema: { tags, querystring: campParticipantsQuery } }, async (request) => {
    const camp = await campAndDay(db(), request.query.campId, request.query.date);
    return { data: await listCampParticipants(db(), camp, request.query.date) };
  });

  app.post('/setAttendance', { schema: { tags, body: setAttendancePayload } }, async (request) => ({
    data: await setAttendance(db(), currentAdminId(request), request.body),
  }));

  app.get('/exportCampParticipants', { schema: { tags, querystring: exportCampParticipantsQuery } }, async (request, reply) => {
    const camp = await campAndDay(db(), request.query.campId, request.query.date);
    const participants = await listCampParticipants(db(), camp, request.query.date);
    return sendDownload(reply, await campParticipantsFile(camp, participants, request.query));
  });
};

export default participantRoutes;
