import { z } from 'zod';
import { monitorRecord, updateMonitorRequest } from '../schemas/monitors.js';
import { monitorsQuery } from '../schemas/taxonomy.js';
import { exportMonitorsQuery } from '../schemas/participants.js';
import { changes, exports, reads } from '../policies.js';
import { call, download, feature } from './define.js';

const monitorIdAnswer = z.object({ monitorId: z.number() });

export const monitorCalls = feature('monitors', {
  getMonitors: call({
    method: 'GET',
    path: '/api/getMonitors',
    access: reads('monitor'),
    provides: ['monitor'],
    summary: 'Every monitor, or the one with monitorId (an empty list when unknown)',
    query: monitorsQuery,
    response: z.array(monitorRecord),
    example: { query: {} },
  }),
  exportMonitors: download({
    method: 'GET',
    path: '/api/exportMonitors',
    access: exports('monitor'),
    summary: 'Every monitor as xlsx or CSV',
    query: exportMonitorsQuery,
    files: ['xlsx', 'csv'],
    example: { query: { format: 'xlsx' } },
  }),
  updateMonitor: call({
    method: 'POST',
    path: '/api/updateMonitor',
    access: changes('monitor'),
    invalidates: ['monitor'],
    summary:
      'The monitor object: without MONITOR_ID it creates (every required field); with one it updates the fields sent and keeps the others. With MONITOR_VERSION, refused (409) when the monitor changed since',
    body: updateMonitorRequest,
    response: monitorIdAnswer,
    refusals: ['NOT_FOUND', 'VERSION_CONFLICT'],
    example: {
      body: {
        MONITOR_FIRSTNAME: 'Lotte',
        MONITOR_LASTNAME: 'Peeters',
        MONITOR_EMAIL: 'lotte.peeters@example.be',
        MONITOR_PHONE: '0475 12 34 56',
        MONITOR_REMARK: 'Rijbewijs B',
        MONITOR_BIRTHDATE: '2001-04-17',
        MONITOR_NATIONALNR: '01041712327',
        MONITOR_ACCOUNT_NR: 'BE71096123456769',
        MONITOR_STREET: 'Kerkstraat',
        MONITOR_HOUSENR: '12',
        MONITOR_POSTALCODE: '9000',
        MONITOR_CITY: 'Gent',
        MONITOR_CAMP_LOCATION_1: 1,
        MONITOR_CAMP_LOCATION_2: 2,
      },
    },
  }),
  deleteMonitor: call({
    method: 'DELETE',
    path: '/api/deleteMonitor',
    access: changes('monitor'),
    invalidates: ['monitor'],
    summary: 'monitorId in the JSON body or in the query; the body wins when both carry one',
    query: monitorsQuery,
    body: monitorsQuery.nullish(),
    response: monitorIdAnswer,
    refusals: ['NOT_FOUND'],
    example: { query: {}, body: { monitorId: 1 } },
  }),
});
