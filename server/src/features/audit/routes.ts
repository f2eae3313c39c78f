import { auditCalls } from '@common/contract/audit.js';
import { callRoutes } from '../../lib/calls.js';
import { forbidden } from '../../lib/errors.js';
import { mayReadHistory, maySeeUserEmails } from '../../domain/policies.js';
import { currentRole } from '../../lib/session-user.js';
import { readAuditLog } from './queries.js';

/** GET getAuditLog: the 'Logboek' page and the 'Geschiedenis' card of a detail screen. */
export default callRoutes(auditCalls, (app) => ({
  getAuditLog: async (request) => {
    const role = currentRole(request);
    const { entity, entityId } = request.query;
    // One record's history is its readers' (the record's policy); the whole log, or a filter over it, the log's.
    const history = entity !== undefined && entityId !== undefined;
    if (!mayReadHistory(role, history ? entity : 'auditLog')) throw forbidden();
    return readAuditLog(app.database.db, request.query, { userEmails: maySeeUserEmails(role) });
  },
}));
