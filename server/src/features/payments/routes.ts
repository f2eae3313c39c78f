import { paymentCalls } from '@common/contract/bank.js';
import { callRoutes } from '../../lib/calls.js';
import { currentAdminId } from '../../lib/session-user.js';
import { todayInBelgium } from '@common/calendar.js';
import { findSubscriptionsToAssign, listPaymentsOfSubscription, listUnmatchedPayments } from './queries.js';
import * as service from './service.js';

/** The payments of a subscription and the queue 'Te koppelen'. */
export default callRoutes(paymentCalls, (app) => ({
  getPayments: async (request) => listPaymentsOfSubscription(app.database.db, request.query.subscriptionId),
  getUnmatchedPayments: async () => listUnmatchedPayments(app.database.db),
  findSubscriptionsToAssign: async (request) =>
    findSubscriptionsToAssign(app.database.db, request.query.search, todayInBelgium(app.clock.now())),
  assignPayment: async (request) => service.assignPayment(app.database.db, currentAdminId(request), request.body),
  ignorePayment: async (request) => service.ignorePayment(app.database.db, currentAdminId(request), request.body),
  requeuePayment: async (request) => service.requeuePayment(app.database.db, currentAdminId(request), request.body.paymentId),
}));
