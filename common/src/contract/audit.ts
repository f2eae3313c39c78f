import { auditLogAnswer, auditLogQuery } from '../schemas/audit.js';
import { reads } from '../policies.js';
import { call, feature } from './define.js';

export const auditCalls = feature('audit', {
  getAuditLog: call({
    method: 'GET',
    path: '/api/getAuditLog',
    access: reads('auditLog'),
    provides: ['audit'],
    summary: 'The audit log, newest first, 100 at a time: who changed what and when, each change as field: old → new in Dutch',
    query: auditLogQuery,
    response: auditLogAnswer,
    example: { query: { entity: 'subscription', entityId: 1 } },
  }),
});
