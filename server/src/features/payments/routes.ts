import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignPaymentPayload, ignorePaymentPayload, paymentIdPayload, paymentsQuery } from '@common/schemas/bank.js';
import { currentAdminId } from '../../plugins/auth.js';
import { listPaymentsOfSubscription, listUnmatchedPayments } from './queries.js';
import * as service from './service.js';

const tags = ['payments'];

/** The payments of a subscription and the queue 'Te koppelen'. */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get('/getPayments', { schema: { tags, querystring: paymentsQuery } }, async (request) => ({
    data: await listPaymentsOfSubscription(db(), request.query.subscriptionId),
  }));

  app.get('/getUnmatchedPayments', { schema: { tags } }, async () => ({ data: await listUnmatchedPayments(db()) }));

  app.post('/assignPayment', { schema: { tags, body: assignPaymentPayload } }, async (request) => ({
    data: await service.assignPayment(db(), currentAdminId(request), request.body),
  }));

  app.post('/ignorePayment', { schema: { tags, body: ignorePaymentPayload } }, async (request) => ({
    data: await service.ignorePayment(db(), currentAdminId(request), request.body),
  }));

  app.post('/requeuePayment', { schema: { tags, body: paymentIdPayload } }, async (request) => ({
    data: await service.requeuePayment(db(), currentAdminId(request), request.body.paymentId),
  }));
};

export default paymentRoutes;
