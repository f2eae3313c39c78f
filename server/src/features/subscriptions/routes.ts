import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campYearQuery, idQuery, requiredIdQuery } from '../../../../common/src/schemas/taxonomy.js';
import { notFound } from '../../lib/errors.js';
import { currentYearInBelgium } from './belgian-calendar.js';
import { findSubscriptionDetail, listDiscounts, listLunchPreferences, listSubscriptionsOfYear } from './queries.js';

const tags = ['subscriptions'];

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  // Without campYear: the current camp year, as the overview opens on it.
  app.get('/getSubscriptions', { schema: { tags, querystring: campYearQuery } }, async (request) => ({
    data: await listSubscriptionsOfYear(db(), request.query.campYear ?? currentYearInBelgium()),
  }));

  // An unknown id answers 404 with the error shape rather than an empty list (docs/decisions.md).
  app.get('/getSubscriptionFullDetail', { schema: { tags, querystring: requiredIdQuery } }, async (request) => {
    const detail = await findSubscriptionDetail(db(), request.query.id!);
    if (!detail) throw notFound();
    return { data: [detail] };
  });

  app.get('/getDiscounts', { schema: { tags, querystring: idQuery } }, async (request) => ({
    data: await listDiscounts(db(), request.query.id),
  }));

  app.get('/getLunchPreferences', { schema: { tags } }, async () => ({ data: await listLunchPreferences(db()) }));
};

export default subscriptionRoutes;
