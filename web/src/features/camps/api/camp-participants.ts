import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Attendance, CampParticipant } from '@common/participants.js';
import { api } from '../../../lib/api-client.js';
import { callKey, callQuery } from '../../../lib/queries.js';

/** Every child of the camp (cancelled ones left out) with the days it comes and what was registered per day. */
export const campParticipantsQuery = (campId: number) => callQuery('getCampParticipants', { campId });

export function useCampParticipants(campId: number | null) {
  return useQuery({ ...campParticipantsQuery(campId ?? 0), enabled: campId !== null });
}

export type AttendanceSaveState = 'saving' | 'saved' | 'error';

interface AttendanceChange {
  SUBSCRIPTION_ID: number;
  date: string;
  present: Attendance;
}

const changeKey = (subscriptionId: number, day: string) => `${subscriptionId}|${day}`;

/**
 * Saves an attendance change at once: the list shows it straight away, each child's line says whether it
 * is being saved, saved, or failed (then the list shows again what the server has).
 */
export function useAttendanceSaver(campId: number) {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<ReadonlyMap<string, AttendanceSaveState>>(new Map());
  const setState = (key: string, state: AttendanceSaveState) => setStates((current) => new Map(current).set(key, state));
  const patch = (change: AttendanceChange) =>
    queryClient.setQueryData<CampParticipant[]>(callKey('getCampParticipants', { campId }), (rows) =>
      rows?.map((row) =>
        row.SUBSCRIPTION_ID === change.SUBSCRIPTION_ID ? { ...row, ATTENDANCE: { ...row.ATTENDANCE, [change.date]: change.present } } : row,
      ),
    );

  const mutation = useMutation({
    mutationFn: (change: AttendanceChange) => api.call('setAttendance', change),
    onMutate: (change) => {
      setState(changeKey(change.SUBSCRIPTION_ID, change.date), 'saving');
      patch(change);
    },
    onSuccess: (saved) => {
      patch(saved);
      setState(changeKey(saved.SUBSCRIPTION_ID, saved.date), 'saved');
    },
    onError: async (_error, change) => {
      setState(changeKey(change.SUBSCRIPTION_ID, change.date), 'error');
      // The list shows again what the server has.
      await queryClient.invalidateQueries({ queryKey: callKey('getCampParticipants', { campId }) });
    },
  });
  const { mutate } = mutation;

  const save = useCallback(
    (subscriptionId: number, day: string, present: Attendance) => mutate({ SUBSCRIPTION_ID: subscriptionId, date: day, present }),
    [mutate],
  );
  const stateOf = useCallback((subscriptionId: number, day: string) => states.get(changeKey(subscriptionId, day)), [states]);
  return { save, stateOf };
}
