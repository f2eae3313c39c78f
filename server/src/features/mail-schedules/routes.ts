import { mailScheduleCalls } from '@common/contract/mail-schedules.js';
import { mailScheduleIdPayload, mailSchedulePayload } from '@common/schemas/mail-schedules.js';
import { callRoutes } from '../../lib/calls.js';
import { crudHandler } from '../../lib/crud-route.js';
import * as service from './service.js';

/** A camp's automatic mails: the list with what was sent and planned, and crudMailSchedule. */
export default callRoutes(mailScheduleCalls, (app) => ({
  getMailSchedules: async (request) => service.listMailSchedules(app.database.db, app.clock, { campId: request.query.campId }),
  crudMailSchedule: crudHandler(app, {
    payload: mailSchedulePayload,
    idPayload: mailScheduleIdPayload,
    idOf: (v) => v.MAILSCHEDULE_ID,
    payloadId: (v) => v.MAILSCHEDULE_ID,
    answerKey: 'mailScheduleId',
    read: (db, id) => service.listMailSchedules(db, app.clock, { id }),
    create: service.createMailSchedule,
    update: service.updateMailSchedule,
    remove: service.deleteMailSchedule,
  }),
}));
