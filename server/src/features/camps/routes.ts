import { campCalls } from '@common/contract/camps.js';
import { callRoutes, sendsItsOwnAnswer } from '../../lib/calls.js';
import { notFound } from '../../lib/errors.js';
import { settingsDefaults } from '../../lib/settings.js';
import { visibleCampIds } from '../../domain/policies.js';
import { createYearAnswerCache, type ReadAnswer } from '../../lib/year-answers.js';
import { currentAdminId } from '../../lib/session-user.js';
import { campSummary, listCamps } from './queries.js';
import { campMessages, createCamp, deleteCamp, updateCamp } from './service.js';

/** Camps answers of whole years one process keeps: a year of 313 camps is about 11 KB compressed. */
const YEAR_ANSWERS_KEPT = 4;

export default callRoutes(campCalls, (app) => {
  const yearAnswers = createYearAnswerCache(YEAR_ANSWERS_KEPT);
  return {
    /**
     * Staff get a year's camps from the year answers of this process while the lists' version is unchanged
     * (lib/year-answers.ts), which the browser keeps and revalidates; a monitor user gets only the camps the camp
     * policy lets them see (domain/policies.ts), read each time, as is one camp by id.
     */
    getCamps: sendsItsOwnAnswer(async (request, reply) => {
      const db = app.database.db;
      const { campYear, campId } = request.query;
      const visible = await visibleCampIds(db, request.user!, 'camp', app.clock.now());
      if (visible === null && campYear !== undefined && campId === undefined) {
        // The version read just before the rows labels them: they are at least that new.
        const read: ReadAnswer = async (write, version) => {
          await write(JSON.stringify({ data: campCalls.getCamps.response.parse(await listCamps(db, { campYear })) }));
          return version;
        };
        await yearAnswers.send(db, request, reply, `getCamps:${campYear}`, read, 'private, no-cache');
        return;
      }
      const camps = await listCamps(db, request.query);
      await reply.send({ data: visible === null ? camps : camps.filter((camp) => visible.includes(camp.CAMP_ID!)) });
    }),

    getCampSummary: async (request) => {
      const summary = await campSummary(app.database.db, request.query.campId);
      if (!summary) throw notFound(campMessages.notFound);
      return [summary];
    },

    /** The camp object plus an optional action; without one, no CAMP_ID creates and a CAMP_ID updates. */
    crudCamp: async (request) => {
      const db = app.database.db;
      const adminId = currentAdminId(request);
      const body = request.body; // one shape per action, checked at the door (crudCampRequest)
      if (body.action === 'read') return listCamps(db, { campId: body.CAMP_ID });
      if (body.action === 'delete') return { campId: await deleteCamp(db, adminId, body.CAMP_ID) };
      const { action, ...camp } = body;
      const campId = camp.CAMP_ID; // required for update, and without an action it makes one
      if (campId !== undefined && (action === 'update' || action === undefined))
        return {
          campId: await updateCamp(
            { db, relay: app.mailRelay, settingsDefaults: settingsDefaults(app.config), clock: app.clock },
            adminId,
            campId,
            camp,
          ),
        };
      return { campId: await createCamp(db, adminId, camp) };
    },
  };
});
