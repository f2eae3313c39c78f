import { dashboardAnswer, dashboardQuery, exportDiscountsByReasonQuery } from '../schemas/dashboard.js';
import { exports, reads } from '../policies.js';
import { call, download, feature } from './define.js';

export const dashboardCalls = feature('dashboard', {
  getDashboard: call({
    method: 'GET',
    path: '/api/getDashboard',
    access: reads('dashboard'),
    provides: ['subscription', 'camp', 'payment'],
    summary: 'The season of a camp year at a glance: occupancy, bookings per week, money, discounts per reason, cancellations',
    query: dashboardQuery,
    response: dashboardAnswer,
    example: { query: { campYear: 2026 } },
  }),
  exportDiscountsByReason: download({
    method: 'GET',
    path: '/api/exportDiscountsByReason',
    access: exports('dashboard'),
    summary: 'The discounts of a camp year per reason and location, for a compensation claim (xlsx or CSV)',
    query: exportDiscountsByReasonQuery,
    files: ['xlsx', 'csv'],
    example: { query: { campYear: 2026, format: 'xlsx' } },
  }),
});
