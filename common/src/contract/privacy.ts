import {
  anonymiseYearsPayload,
  anonymiseYearsResult,
  eraseFamilyPayload,
  eraseFamilyResult,
  exportFamilyQuery,
  revealedNationalNumber,
  revealNationalNumberQuery,
} from '../schemas/privacy.js';
import { changes, exports, reads } from '../policies.js';
import { call, download, feature } from './define.js';

export const privacyCalls = feature('privacy', {
  anonymiseYears: call({
    method: 'POST',
    path: '/api/anonymiseYears',
    access: changes('retention'),
    invalidates: ['subscription', 'mail', 'payment'],
    summary: 'Anonymises every subscription of the camp years older than olderThanYears (dryRun: only counts); amounts and camps stay',
    body: anonymiseYearsPayload,
    response: anonymiseYearsResult,
    example: { body: { olderThanYears: 7, dryRun: true } },
  }),
  exportFamilyData: download({
    method: 'GET',
    path: '/api/exportFamilyData',
    access: exports('family'),
    summary:
      'Everything stored about one family (GDPR art. 15): parent, children, subscriptions, payments, mails, audit entries; JSON or PDF',
    query: exportFamilyQuery,
    files: ['json', 'pdf'],
    refusals: ['NOT_FOUND'],
    example: { query: { parentId: 1, format: 'json' } },
  }),
  eraseFamily: call({
    method: 'POST',
    path: '/api/eraseFamily',
    access: changes('family'),
    invalidates: ['subscription', 'mail', 'payment'],
    summary: "Erases one family's data; refused (409, with the reason) while a subscription is unsettled or within the fiscal retention",
    body: eraseFamilyPayload,
    response: eraseFamilyResult,
    refusals: ['NOT_FOUND', 'CONFLICT'],
    example: { body: { parentId: 1 } },
  }),
  revealNationalNumber: call({
    method: 'GET',
    path: '/api/revealNationalNumber',
    access: reads('nationalNumber'),
    provides: ['subscription'],
    summary:
      'The full national number of one child (subscriberId), parent (parentId) or monitor (monitorId); every other answer masks it. Each reveal is written to the audit log',
    query: revealNationalNumberQuery,
    response: revealedNationalNumber,
    refusals: ['NOT_FOUND'],
    example: { query: { parentId: 1 } },
  }),
});
