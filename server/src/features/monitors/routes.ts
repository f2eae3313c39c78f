import { monitorCalls } from '@common/contract/monitors.js';
import { deleteMonitorPayload, monitorPayload } from '@common/schemas/monitors.js';
import { callRoutes } from '../../lib/calls.js';
import { parsePayload } from '../../lib/validation.js';
import { currentAdminId } from '../../lib/session-user.js';
import { monitorsFile } from './export.js';
import { listMonitors } from './queries.js';
import { createMonitor, deleteMonitor, updateMonitor } from './service.js';

export default callRoutes(monitorCalls, (app) => ({
  getMonitors: async (request) => listMonitors(app.database.db, request.query.monitorId),
  exportMonitors: async (request) => monitorsFile(app.database.db, request.query.format),

  /** Without MONITOR_ID a new monitor with every required field; with one, the fields sent over the stored monitor. */
  updateMonitor: async (request) => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const { MONITOR_ID: monitorId, MONITOR_VERSION: seenVersion, ...fields } = request.body;
    if (monitorId === undefined) return { monitorId: await createMonitor(db, adminId, parsePayload(monitorPayload, fields)) };
    return { monitorId: await updateMonitor(db, adminId, monitorId, fields, seenVersion) };
  },

  /** monitorId in the JSON body or in the query (decisions.md section 2); the body wins when both carry one. */
  deleteMonitor: async (request) => {
    const { monitorId } = parsePayload(deleteMonitorPayload, { monitorId: request.body?.monitorId ?? request.query.monitorId });
    return { monitorId: await deleteMonitor(app.database.db, currentAdminId(request), monitorId) };
  },
}));
