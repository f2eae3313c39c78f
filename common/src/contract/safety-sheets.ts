import { z } from 'zod';
import { changes, reads } from '../policies.js';
import {
  campIdPayload,
  campIdQuery,
  childIdQuery,
  medicationDose,
  medicationRoundQuery,
  publicChildIdQuery,
  remindSafetySheetsAnswer,
  safetySheetAnswer,
  safetySheetCounts,
  safetySheetSettings,
  saveSafetySheetPayload,
  saveSafetySheetSettingsPayload,
} from '../schemas/safety-sheet.js';
import { call, feature } from './define.js';

const example = {
  CHILD_ID: 1,
  ALLERGIES: [{ KIND: 'food' as const, WHAT: 'Noten', ACTION: 'EpiPen in de rugzak, 112 bellen' }],
  MEDICATIONS: [{ NAME: 'Ventolin', DOSE: '2 pufjes', TIMES: ['12:00'], MONITORS_MAY_GIVE: true }],
  CAN_SWIM: 'with-aid' as const,
  EMERGENCY_CONTACTS: [{ NAME: 'Marc Claes', RELATION: 'Grootvader', PHONE: '0499 11 22 33' }],
  GOES_HOME_ALONE: false,
  PHOTO_CONSENT: 'group' as const,
};

/**
 * The child's safety sheet (issue 35): health with warning levels, emergency contacts, who may collect the child,
 * photo consent. Health data (GDPR art. 9): read only through the policy of server/src/domain/policies.ts, every
 * read audited. The family fills it in on the public site, staff at the desk; the monitors see its warnings, the
 * medication round and the pick-up persons on the day list.
 */
export const safetySheetCalls = feature('safetySheets', {
  getSafetySheet: call({
    method: 'GET',
    provides: ['subscription'],
    path: '/api/getSafetySheet',
    access: reads('safetySheet'),
    summary: "A child's whole safety sheet with its warnings; every read is audited (who, whose, when)",
    query: childIdQuery,
    response: safetySheetAnswer,
    refusals: ['NOT_FOUND', 'SAFETY_SHEET_FORBIDDEN'],
    example: { query: { childId: 1 } },
  }),
  saveSafetySheet: call({
    method: 'POST',
    invalidates: ['subscription'],
    path: '/api/saveSafetySheet',
    access: changes('safetySheet'),
    summary: "Saves a child's safety sheet at the desk (at least one emergency contact other than the parent)",
    body: saveSafetySheetPayload,
    response: safetySheetAnswer,
    refusals: ['NOT_FOUND', 'SAFETY_SHEET_FORBIDDEN'],
    example: { body: example },
  }),
  getMedicationRound: call({
    method: 'GET',
    provides: ['subscription'],
    path: '/api/getMedicationRound',
    access: reads('safetySheet'),
    summary: "A camp day's medication round: every dose of the day's children by time (who, what, when); audited for a monitor",
    query: medicationRoundQuery,
    response: z.array(medicationDose),
    refusals: ['NOT_FOUND', 'SAFETY_SHEET_FORBIDDEN'],
    example: { query: { campId: 1, date: '2021-03-01' } },
  }),
  getSafetySheetCounts: call({
    method: 'GET',
    provides: ['subscription'],
    path: '/api/getSafetySheetCounts',
    access: reads('reminder'),
    summary: 'Per camp: its children, and how many have no safety sheet or one older than the camp year',
    query: campIdQuery,
    response: safetySheetCounts,
    refusals: ['NOT_FOUND'],
    example: { query: { campId: 1 } },
  }),
  remindSafetySheets: call({
    method: 'POST',
    invalidates: ['mail'],
    path: '/api/remindSafetySheets',
    access: changes('reminder'),
    summary: 'Mails the families of a camp whose child has no safety sheet or an outdated one, asking them to fill it in',
    body: campIdPayload,
    response: remindSafetySheetsAnswer,
    refusals: ['NOT_FOUND'],
    example: { body: { campId: 1 } },
  }),
  getSafetySheetSettings: call({
    method: 'GET',
    provides: ['settings'],
    path: '/api/getSafetySheetSettings',
    access: reads('safetySheetSettings'),
    summary:
      "The sheets' rules: each question's warning level, the monitors' days before the camp, the retention in days; a medewerker gets only MEDEWERKER_READS",
    response: safetySheetSettings.partial().required({ MEDEWERKER_READS: true }),
    example: {},
  }),
  saveSafetySheetSettings: call({
    method: 'POST',
    invalidates: ['settings', 'subscription'],
    path: '/api/saveSafetySheetSettings',
    access: changes('safetySheetSettings'),
    summary: "Changes the sheets' rules (the fields sent); audited",
    body: saveSafetySheetSettingsPayload,
    response: safetySheetSettings,
    example: { body: { LEVELS: { diet: 'attention' }, MONITOR_DAYS_BEFORE: 1 } },
  }),
});

/** The family's side on the public site (under /api/public/, a family's session): the sheets of its own children. */
export const familySafetySheetCalls = feature('public', {
  getFamilySafetySheet: call({
    method: 'GET',
    provides: ['subscription'],
    path: '/api/public/getSafetySheet',
    access: reads('familyAccount'),
    family: true,
    summary: "The signed-in family's safety sheet of one of its children (SHEET null while none is filled in)",
    query: publicChildIdQuery,
    response: safetySheetAnswer,
    refusals: ['NOT_FOUND', 'EMAIL_NOT_CONFIRMED'],
    example: { query: { CHILD_ID: 1 } },
  }),
  saveFamilySafetySheet: call({
    method: 'POST',
    invalidates: ['subscription'],
    path: '/api/public/saveSafetySheet',
    access: changes('familyAccount'),
    family: true,
    summary: "Saves the safety sheet of one of the family's children",
    body: saveSafetySheetPayload,
    response: safetySheetAnswer,
    refusals: ['NOT_FOUND', 'EMAIL_NOT_CONFIRMED'],
    example: { body: { ...example, KEEP_IN_ACCOUNT: true } },
  }),
});
