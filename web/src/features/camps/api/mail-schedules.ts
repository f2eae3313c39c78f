import { useMutation, useQuery } from '@tanstack/react-query';
import type { MailSchedulePayload } from '@common/schemas/mail-schedules.js';
import { api } from '../../../lib/api-client.js';
import { callQuery } from '../../../lib/queries.js';

/** The camp's automatic mails, each with what was sent and what is planned. */
export const mailSchedulesQuery = (campId: number) => callQuery('getMailSchedules', { campId });

export function useMailSchedules(campId: number) {
  return useQuery(mailSchedulesQuery(campId));
}

/** Adds a schedule (no MAILSCHEDULE_ID) or changes one; removes one with `remove`. */
export function useMailScheduleActions() {
  return {
    save: useMutation({ mutationFn: (payload: MailSchedulePayload) => api.call('crudMailSchedule', payload) }),
    remove: useMutation({
      mutationFn: (mailScheduleId: number) => api.call('crudMailSchedule', { action: 'delete', MAILSCHEDULE_ID: mailScheduleId }),
    }),
  };
}
