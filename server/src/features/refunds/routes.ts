import { refundCalls } from '@common/contract/refunds.js';
import { callRoutes } from '../../lib/calls.js';
import { currentAdminId } from '../../lib/session-user.js';
import { settingsDefaults } from '../../lib/settings.js';
import * as service from './service.js';

/** 'Terugbetalingen': the list, the SEPA file and refunds marked paid. */
export default callRoutes(refundCalls, (app) => {
  const deps = { settingsDefaults: settingsDefaults(app.config), relay: app.mailRelay };
  return {
    getRefunds: async (request) => service.listRefunds(app.database.db, request.query.campYear),
    exportRefunds: async (request) => service.exportRefunds(app.database.db, deps, app.clock, currentAdminId(request), request.body),
    markRefundPaid: async (request) => service.markRefundPaid(app.database.db, deps, currentAdminId(request), request.body),
  };
});
