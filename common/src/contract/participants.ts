import { z } from 'zod';
import { campParticipant } from '../participants.js';
import { attendanceAnswer, campParticipantsQuery, exportCampParticipantsQuery, setAttendancePayload } from '../schemas/participants.js';
import { changes, exports, reads } from '../policies.js';
import { call, download, feature } from './define.js';

export const participantCalls = feature('participants', {
  getCampParticipants: call({
    method: 'GET',
    path: '/api/getCampParticipants',
    access: reads('participant'),
    provides: ['subscription'],
    summary: "The children of a camp with their days and attendance; with a date, only that day's",
    query: campParticipantsQuery,
    response: z.array(campParticipant),
    refusals: ['NOT_FOUND'],
    example: { query: { campId: 1 } },
  }),
  setAttendance: call({
    method: 'POST',
    path: '/api/setAttendance',
    access: changes('participant'),
    // Its answer patches the camp's list at once (the web's attendance saver); no other answer shows presence.
    invalidates: [],
    summary:
      "Registers (true, false) or clears (null) a child's attendance on one of its camp days; present only on a day that has come (409 FUTURE_ATTENDANCE)",
    body: setAttendancePayload,
    response: attendanceAnswer,
    refusals: ['NOT_FOUND', 'CONFLICT', 'FUTURE_ATTENDANCE'],
    example: { body: { SUBSCRIPTION_ID: 1, date: '2021-07-19', present: true } },
  }),
  exportCampParticipants: download({
    method: 'GET',
    path: '/api/exportCampParticipants',
    access: exports('participant'),
    summary: 'The participant list of a camp day (with date) or the whole camp, as PDF, xlsx or CSV',
    query: exportCampParticipantsQuery,
    files: ['pdf', 'xlsx', 'csv'],
    refusals: ['NOT_FOUND'],
    example: { query: { campId: 1, format: 'pdf' } },
  }),
});
