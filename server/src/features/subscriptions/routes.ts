import type { FastifyRequest } from 'fastify';
import { subscriptionCalls } from '@common/contract/subscriptions.js';
import { callRoutes, sendsItsOwnAnswer, type CallRequest } from '../../lib/calls.js';
import { AppError } from '../../lib/errors.js';
import { currentAdminId, currentRole } from '../../lib/session-user.js';
import { settingsDefaults } from '../../lib/settings.js';
import { currentYearInBelgium } from '@common/calendar.js';
import { SUBSCRIPTION_ROWS_DEFAULT } from '@common/constants.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import type { SubscriptionDeps } from './change-subscription.js';
import { subscriptionsFile } from './export.js';
import { subscriptionMessages } from '../../domain/subscription-messages.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import { parseSearchQuery } from '@common/search.js';
import {
  searchSubscriptionsOnServer,
  listDiscounts,
  listLunchPreferences,
  readSubscriptionsOfYear,
  readWholeYear,
  selectSubscriptions,
} from './queries.js';
import { createYearAnswerCache, type WriteAnswer } from '../../lib/year-answers.js';
import { subscriptionColumnsOf } from '@common/subscription-columns.js';
import { compareByChildName, filterRows, noOverviewFilter } from '@common/subscription-overview.js';
import * as service from './service.js';

type ByIdRequest = CallRequest<(typeof subscriptionCalls)['convertToCash']>;

/** Year answers one process keeps: the three calls of a year for four years, at most about 10 MB for years of 50,000. */
const YEAR_ANSWERS_KEPT = 12;

/** The calls of spec section 7 about subscriptions; the rules live in service.ts. */
export default callRoutes(subscriptionCalls, (app) => {
  const db = () => app.database.db;
  const deps = (_request?: FastifyRequest): SubscriptionDeps => ({
    db: app.database.db,
    relay: app.mailRelay,
    settingsDefaults: settingsDefaults(app.config),
    clock: app.clock,
  });
  /** The calls that change one subscription named by SUBSCRIPTION_ID. */
  const bySubscriptionId =
    <T>(useCase: (deps: SubscriptionDeps, adminId: number, subscriptionId: number) => Promise<T>) =>
    (request: ByIdRequest) =>
      useCase(deps(request), currentAdminId(request), request.body.SUBSCRIPTION_ID);

  const yearAnswers = createYearAnswerCache(YEAR_ANSWERS_KEPT);

  /** The text of the two answers the overview loads, from a year's rows in its order. */
  const columnsText = (rows: SubscriptionListRow[]) =>
    JSON.stringify({ data: subscriptionCalls.getSubscriptionColumns.response.parse(subscriptionColumnsOf(rows)) });
  const firstRowsText = (rows: SubscriptionListRow[]) => {
    // The overview's own rule with nothing chosen, on rows already in its order.
    const open = filterRows(
      rows.map((subscription) => ({ subscription })),
      noOverviewFilter,
      null,
    ).map((row) => row.subscription);
    const firstRows = { ...subscriptionColumnsOf(open.slice(0, SUBSCRIPTION_ROWS_DEFAULT)), total: open.length };
    return JSON.stringify({ data: subscriptionCalls.getSubscriptionFirstRows.response.parse(firstRows) });
  };
  /**
   * The overview asks its first rows, and once they show, its whole year: a read of the year for either answer
   * keeps the other too, made from the same rows, so the year is read from the database once, not twice.
   */
  const overviewAnswer = (year: number, text: (rows: SubscriptionListRow[]) => string, other: string, otherText: typeof text) => {
    return async (write: WriteAnswer) => {
      const { rows, version } = await readWholeYear(db(), year);
      rows.sort(compareByChildName);
      await write(text(rows));
      yearAnswers.keep(`${other}:${year}`, version, async (writeOther) => {
        await writeOther(otherText(rows));
        return version;
      });
      return version;
    };
  };

  return {
    // Without campYear: the current camp year, as the overview opens on it. Served from the year answers
    // of this process while the lists' version is unchanged (lib/year-answers.ts).
    getSubscriptions: sendsItsOwnAnswer(async (request, reply) => {
      const year = request.query.campYear ?? currentYearInBelgium();
      const rowsSchema = subscriptionCalls.getSubscriptions.response;
      await yearAnswers.send(db(), request, reply, `getSubscriptions:${year}`, async (write) => {
        // `{"data":[` and each chunk's rows as JSON.stringify writes them inside the array: the same text, a chunk at a time.
        await write('{"data":[');
        let separator = '';
        const version = await readSubscriptionsOfYear(db(), year, async (rows) => {
          await write(separator + JSON.stringify(rowsSchema.parse(rows)).slice(1, -1));
          separator = ',';
        });
        await write(']}');
        return version;
      });
    }),

    // The same rows column-wise for the web app, which the browser keeps and revalidates (docs/decisions.md).
    getSubscriptionColumns: sendsItsOwnAnswer(async (request, reply) => {
      const year = request.query.campYear ?? currentYearInBelgium();
      const read = overviewAnswer(year, columnsText, 'getSubscriptionFirstRows', firstRowsText);
      await yearAnswers.send(db(), request, reply, `getSubscriptionColumns:${year}`, read, 'private, no-cache');
    }),

    // What the overview shows while the whole year loads (docs/decisions.md, 'The overview opens on its first rows').
    getSubscriptionFirstRows: sendsItsOwnAnswer(async (request, reply) => {
      const year = request.query.campYear ?? currentYearInBelgium();
      const read = overviewAnswer(year, firstRowsText, 'getSubscriptionColumns', columnsText);
      await yearAnswers.send(db(), request, reply, `getSubscriptionFirstRows:${year}`, read, 'private, no-cache');
    }),

    searchSubscriptions: async (request) => {
      const query = parseSearchQuery(request.query.q);
      return query ? searchSubscriptionsOnServer(db(), request.query.campYear ?? currentYearInBelgium(), query, currentRole(request)) : [];
    },

    getSubscriptionSelection: async (request) => {
      const { campYear, ...selection } = request.query;
      return selectSubscriptions(db(), campYear ?? currentYearInBelgium(), selection);
    },

    // The overview's filter parameters select exactly the rows the overview shows (common/src/subscription-overview.ts).
    exportSubscriptions: async (request) =>
      subscriptionsFile(db(), request.query.campYear ?? currentYearInBelgium(), request.query, currentRole(request)),

    // An unknown id answers 404 with the error shape rather than an empty list (docs/decisions.md).
    getSubscriptionFullDetail: async (request) => {
      const detail = await findSubscriptionDetail(db(), request.query.id);
      if (!detail) throw new AppError('NOT_FOUND', subscriptionMessages.notFound);
      return [detail];
    },

    getDiscounts: async (request) => listDiscounts(db(), request.query.id),
    getLunchPreferences: async () => listLunchPreferences(db()),
    updateSubscriber: async (request) => service.updateSubscriber(deps(request), currentAdminId(request), request.body),
    correctSubscriber: async (request) => service.correctSubscriber(deps(request), currentAdminId(request), request.body, app.clock.now()),
    updateSubscriberParent: async (request) => service.updateSubscriberParent(deps(request), currentAdminId(request), request.body),
    updateSubscription: async (request) => service.updateSubscription(deps(request), currentAdminId(request), request.body),
    addDiscount: async (request) => service.addDiscount(deps(request), currentAdminId(request), request.body),
    convertToCash: bySubscriptionId(service.convertToCash),
    convertToBankTransfer: bySubscriptionId(service.convertToBankTransfer),
    paymentComplete: async (request) => service.paymentComplete(deps(request), currentAdminId(request), request.body),
    cancelSubscription: bySubscriptionId(service.cancelSubscription),
    deleteSubscription: bySubscriptionId(service.deleteSubscription),
    resendConfirmationEmail: bySubscriptionId(service.resendConfirmationEmail),
  };
});
