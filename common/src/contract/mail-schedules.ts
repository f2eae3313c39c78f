import { z } from 'zod';
import { crudMailScheduleRequest, mailScheduleRecord, mailSchedulesQuery } from '../schemas/mail-schedules.js';
import { changes, reads } from '../policies.js';
import { call, feature } from './define.js';

/** A camp's automatic mails (issue 19). */
export const mailScheduleCalls = feature('mail-schedules', {
  getMailSchedules: call({
    method: 'GET',
    path: '/api/getMailSchedules',
    access: reads('mailSchedule'),
    provides: ['mailSchedule', 'mail'],
    summary: 'The automatic mails of a camp, each with what was sent and what is planned',
    query: mailSchedulesQuery,
    response: z.array(mailScheduleRecord),
    example: { query: { campId: 1 } },
  }),
  crudMailSchedule: call({
    method: 'POST',
    path: '/api/crudMailSchedule',
    access: changes('mailSchedule'),
    invalidates: ['mailSchedule'],
    summary:
      'A mail schedule plus an optional action (create, read, update, delete); without one, no MAILSCHEDULE_ID creates and one updates',
    body: crudMailScheduleRequest,
    response: z.union([z.object({ mailScheduleId: z.number() }), z.array(mailScheduleRecord)]),
    refusals: ['NOT_FOUND'],
    example: { body: { CAMP_ID: 1, MAILTEMPLATE_ID: 'bevestiging', TRIGGER: 'beforeStart', DAYS: 7, TARGET: 'all' } },
  }),
});
