import { auditCalls } from '@common/contract/audit.js';
import { callRoutes } from '../../lib/calls.js';
import { readAuditLog } from './queries.js';

/** GET getAuditLog: the 'Logboek' page and the 'Geschiedenis' card of a detail screen. */
export default callRoutes(auditCalls, (app) => ({
  getAuditLog: async (request) => readAuditLog(app.database.db, request.query),
}));
