import { dashboardCalls } from '@common/contract/dashboard.js';
import { currentYearInBelgium } from '@common/calendar.js';
import { callRoutes } from '../../lib/calls.js';
import { discountsByReasonFile } from './export.js';
import { getDashboard } from './queries.js';

/** The season dashboard of a camp year (without one: this year, as getSubscriptions), and its discounts per reason as a spreadsheet. */
export default callRoutes(dashboardCalls, (app) => ({
  getDashboard: async (request) => getDashboard(app.database.db, request.query.campYear ?? currentYearInBelgium()),
  exportDiscountsByReason: async (request) =>
    discountsByReasonFile(app.database.db, request.query.campYear ?? currentYearInBelgium(), request.query.format),
}));
