import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMonitorPayload, monitorPayload } from '@common/schemas/monitors.js';
import { exportMonitorsQuery } from '@common/schemas/participants.js';
import { monitorsQuery } from '@common/schemas/taxonomy.js';
import { sendDownload } from '../../lib/downloads.js';
import { parsePayload } from '../../lib/validation.js';
import { currentAdminId } from '../../plugins/auth.js';
import { monitorsFile } from './export.js';
import { listMonitors } from './queries.js';
import { createMonitor, deleteMonitor, updateMonitor } from './service.js';

const tags = ['monitors'];

const monitorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/getMonitors', { schema: { tags, querystring: monitorsQuery } }, async (request) => ({
    data: await listMonitors(app.database.db, request.query.monitorId),
  }));

  app.get('/exportMonitors', { schema: { tags, querystring: exportMonitorsQuery } }, async (request, reply) =>
    sendDownload(reply, await monitorsFile(app.database.db, request.query.format)),
  );

  /** The full monitor object: without MONITOR_ID it creates, with one it replaces that monitor. Answers { data: { monitorId } }. */
  app.post('/updateMonitor', { schema: { tags, body: monitorPayload } }, async (request) => {
    const db = app.database.db;
    const adminId = currentAdminId(request);
    const { MONITOR_ID: monitorId, ...monitor } = request.body;
    if (monitorId === undefined) return { data: { monitorId: await createMonitor(db, adminId, monitor) } };
    return { data: { monitorId: await updateMonitor(db, adminId, monitorId, monitor) } };
  });

  /** monitorId in the JSON body or in the query (decisions.md section 2); the body wins when both carry one. */
  app.delete('/deleteMonitor', { schema: { tags, querystring: monitorsQuery, body: monitorsQuery.nullish() } }, async (request) => {
    const { monitorId } = parsePayload(deleteMonitorPayload, { monitorId: request.body?.monitorId ?? request.query.monitorId });
    return { data: { monitorId: await deleteMonitor(app.database.db, currentAdminId(request), monitorId) } };
  });
};

export default monitorRoutes;
