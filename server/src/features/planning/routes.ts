import { planningCalls } from '@common/contract/planning.js';
import { failureMessages } from '@common/messages.js';
import { callRoutes } from '../../lib/calls.js';
import { notFound } from '../../lib/errors.js';
import { readSettings, settingsDefaults } from '../../lib/settings.js';
import { ownMonitorId } from '../../domain/policies.js';
import { currentAdminId } from '../../lib/session-user.js';
import { registerFile } from './export.js';
import { myAvailabilityOf, myPlanningOf, planningCampOf, planningOf, registerOf } from './queries.js';
import {
  assignMonitor,
  deleteQualification,
  publishPlanning,
  saveAgegroupRatio,
  saveAvailability,
  saveCampRequirements,
  saveMonitorQualifications,
  saveQualification,
  saveVolunteerAllowance,
  unassignMonitor,
} from './service.js';
import { qualifications } from '../../db/schema.js';
import { asc } from 'drizzle-orm';

/** Monitor planning (issue 36): availability, qualifications, assignments, ratios, the volunteer allowance register. */
export default callRoutes(planningCalls, (app) => {
  const db = () => app.database.db;
  const mailDeps = { settingsDefaults: settingsDefaults(app.config), relay: app.mailRelay };
  const campAnswer = async (campId: number) => {
    const camp = await planningCampOf(db(), campId);
    if (!camp) throw notFound(failureMessages.campNotFound);
    return { camp };
  };
  return {
    getPlanning: async (request) => planningOf(db(), request.query.campYear),
    saveAvailability: async (request) => saveAvailability(db(), currentAdminId(request), request.body),
    assignMonitor: async (request) => {
      await assignMonitor(db(), mailDeps, currentAdminId(request), request.body);
      return campAnswer(request.body.CAMP_ID);
    },
    unassignMonitor: async (request) => {
      await unassignMonitor(db(), mailDeps, currentAdminId(request), request.body.MONITOR_ID, request.body.CAMP_ID);
      return campAnswer(request.body.CAMP_ID);
    },
    publishPlanning: async (request) => publishPlanning(db(), mailDeps, currentAdminId(request), request.body.campYear, app.clock.now()),
    getQualifications: async () =>
      (await db().select().from(qualifications).orderBy(asc(qualifications.name))).map((q) => ({
        QUALIFICATION_ID: q.id,
        QUALIFICATION_NAME: q.name,
      })),
    saveQualification: async (request) => saveQualification(db(), currentAdminId(request), request.body),
    deleteQualification: async (request) => deleteQualification(db(), currentAdminId(request), request.body.QUALIFICATION_ID),
    saveMonitorQualifications: async (request) => saveMonitorQualifications(db(), currentAdminId(request), request.body),
    saveCampRequirements: async (request) =>
      saveCampRequirements(db(), currentAdminId(request), request.body.CAMP_ID, request.body.QUALIFICATION_IDS),
    saveAgegroupRatio: async (request) =>
      saveAgegroupRatio(db(), currentAdminId(request), request.body.AGEGROUP_ID, request.body.CHILDREN_PER_MONITOR),
    getVolunteerRegister: async (request) => registerOf(db(), request.query.year),
    saveVolunteerAllowance: async (request) => saveVolunteerAllowance(db(), currentAdminId(request), request.body),
    exportVolunteerRegister: async (request) => {
      const organiser = await readSettings(db(), settingsDefaults(app.config));
      return registerFile(await registerOf(db(), request.query.year), request.query.year, request.query.format, organiser.ORGANISER_NAME);
    },
    getMyPlanning: async (request) => myPlanningOf(db(), request.user!.monitorId, request.query.campYear),
    getMyAvailability: async (request) => myAvailabilityOf(db(), request.user!.monitorId, request.query.campYear),
    /** The monitor's own: the same rules and audit as staff's saveAvailability, for the monitor the user is linked to. */
    saveMyAvailability: async (request) =>
      saveAvailability(db(), currentAdminId(request), {
        MONITOR_ID: ownMonitorId(request.user!),
        PERIOD_IDS: request.body.PERIOD_IDS,
        campYear: request.body.campYear,
      }),
  };
});
