import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  addDiscountPayload,
  subscriptionIdPayload,
  updateSubscriberParentPayload,
  updateSubscriberPayload,
  updateSubscriptionPayload,
} from '@common/schemas/subscriptions.js';
import { exportSubscriptionsQuery } from '@common/schemas/participants.js';
import { campYearQuery, idQuery, requiredIdQuery } from '@common/schemas/taxonomy.js';
import { sendDownload } from '../../lib/downloads.js';
import { AppError } from '../../lib/errors.js';
import { currentAdminId } from '../../plugins/auth.js';
import { settingsDefaults } from '../settings/settings.js';
import { currentYearInBelgium } from './belgian-calendar.js';
import type { SubscriptionDeps } from './change-subscription.js';
import { subscriptionsFile } from './export.js';
import { subscriptionMessages } from './messages.js';
import { findSubscriptionDetail, listDiscounts, listLunchPreferences, listSubscriptionsOfYear } from './queries.js';
import * as service from './service.js';

const tags = ['subscriptions'];

/** The calls of spec section 7 about subscriptions; the rules live in service.ts. */
const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const deps = (request: FastifyRequest): SubscriptionDeps => ({
    db: app.database.db,
    mailer: app.mailer,
    log: request.log,
    settingsDefaults: settingsDefaults(app.config),
  });

  // Without campYear: the current camp year, as the overview opens on it.
  app.get('/getSubscriptions', { schema: { tags, querystring: campYearQuery } }, async (request) => ({
    data: await listSubscriptionsOfYear(db(), request.query.campYear ?? currentYearInBelgium()),
  }));

  // The overview's filter parameters select exactly the rows the overview shows (common/src/subscription-overview.ts).
  app.get('/exportSubscriptions', { schema: { tags, querystring: exportSubscriptionsQuery } }, async (request, reply) => {
    const year = request.query.campYear ?? currentYearInBelgium();
    return sendDownload(reply, await subscriptionsFile(db(), year, request.query));
  });

  // An unknown id answers 404 with the error shape rather than an empty list (docs/decisions.md).
  app.get('/getSubscriptionFullDetail', { schema: { tags, querystring: requiredIdQuery } }, async (request) => {
    const detail = await findSubscriptionDetail(db(), request.query.id);
    if (!detail) throw new AppError('NOT_FOUND', subscriptionMessages.notFound);
    return { data: [detail] };
  });

  app.get('/getDiscounts', { schema: { tags, querystring: idQuery } }, async (request) => ({
    data: await listDiscounts(db(), request.query.id),
  }));

  app.get('/getLunchPreferences', { schema: { tags } }, async () => ({ data: await listLunchPreferences(db()) }));

  app.post('/updateSubscriber', { schema: { tags, body: updateSubscriberPayload } }, async (request) => ({
    data: await service.updateSubscriber(deps(request), currentAdminId(request), request.body),
  }));

  app.post('/updateSubscriberParent', { schema: { tags, body: updateSubscriberParentPayload } }, async (request) => ({
    data: await service.updateSubscriberParent(deps(request), currentAdminId(request), request.body),
  }));

  app.post('/updateSubscription', { schema: { tags, body: updateSubscriptionPayload } }, async (request) => ({
    data: await service.updateSubscription(deps(request), currentAdminId(request), request.body),
  }));

  app.post('/addDiscount', { schema: { tags, body: addDiscountPayload } }, async (request) => ({
    data: await service.addDiscount(deps(request), currentAdminId(request), request.body),
  }));

  const bySubscriptionId = {
    convertToCash: service.convertToCash,
    convertToBankTransfer: service.convertToBankTransfer,
    paymentComplete: service.paymentComplete,
    cancelSubscription: service.cancelSubscription,
    deleteSubscription: service.deleteSubscription,
    resendConfirmationEmail: service.resendConfirmationEmail,
  };
  for (const [name, useCase] of Object.entries(bySubscriptionId)) {
    app.post(`/${name}`, { schema: { tags, body: subscriptionIdPayload } }, async (request) => ({
      data: await useCase(deps(request), currentAdminId(request), request.body.SUBSCRIPTION_ID),
    }));
  }
};

export default subscriptionRoutes;
