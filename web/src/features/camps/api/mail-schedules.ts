import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailSchedulePayload } from '@common/schemas/mail-schedules.js';
import { api } from '../../../lib/api-client.js';
import { campKeys } from './keys.js';

/** The camp's automatic mails, each with what was sent and what is planned. */
export function useMailSchedules(campId: number) {
  return useQuery({ queryKey: campKeys.mailSchedules(campId), queryFn: () => api.call('getMailSchedules', { campId }) });
}

/** Adds a schedule (no MAILSCHEDULE_ID) or changes one; removes one with `remove`. */
export function useMailScheduleActions(campId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: campKeys.mailSchedules(campId) });
  return {
    save: useMutation({ mutationFn: (payload: MailSchedulePayload) => api.call('crudMailSchedule', payload), onSuccess: reload }),
    remove: useMutation({
      mutationFn: (mailScheduleId: number) => api.call('crudMailSchedule', { action: 'delete', MAILSCHEDULE_ID: mailScheduleId }),
      onSuccess: reload,
    }),
  };
}
