import { auditCalls } from '@common/contract/audit.js';
import { callRoutes } from '../../lib/calls.js';
import { forbidden } from '../../lib/errors.js';
import { readAuditLog } from './queries.js';

/** GET getAuditLog: the 'Logboek' page and the 'Geschiedenis' card of a detail screen. */
export default callRoutes(auditCalls, (app) => ({
  getAuditLog: async (request) => {
    // Staff read the history of one record ('Geschiedenis'); the whole log ('Logboek') is for a beheerder.
    const oneRecord = request.query.entity !== undefined && request.query.entityId !== undefined;
    if (!oneRecord && request.user?.role !== 'beheerder') throw forbidden();
    return readAuditLog(app.database.db, request.query);
  },
}));
