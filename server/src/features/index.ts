import type { FastifyPluginAsync } from 'fastify';
import attestRoutes from './attests/routes.js';
import auditRoutes from './audit/routes.js';
import authRoutes from './auth/routes.js';
import userRoutes from './auth/user-routes.js';
import bankRoutes from './bank/routes.js';
import campRoutes from './camps/routes.js';
import dashboardRoutes from './dashboard/routes.js';
import healthRoutes from './health/routes.js';
import mailLogRoutes from './mail/log-routes.js';
import mailRoutes from './mail/routes.js';
import mailScheduleRoutes from './mail-schedules/routes.js';
import monitorRoutes from './monitors/routes.js';
import participantRoutes from './participants/routes.js';
import paymentRoutes from './payments/routes.js';
import planningRoutes from './planning/routes.js';
import registrationRoutes from './registration/routes.js';
import refundRoutes from './refunds/routes.js';
import reminderRoutes from './reminders/routes.js';
import safetySheetRoutes from './participants/safety-routes.js';
import familySafetySheetRoutes from './public/safety-sheet-routes.js';
import privacyRoutes from './privacy/routes.js';
import publicRoutes from './public/routes.js';
import seasonRoutes from './season/routes.js';
import settingsRoutes from './settings/routes.js';
import subscriptionRoutes from './subscriptions/routes.js';
import taxonomyRoutes from './taxonomy/routes.js';
import themeRoutes from './themes/routes.js';
import voucherRoutes from './vouchers/routes.js';
import waitingListRoutes from './waiting-list/routes.js';

/** Every feature's routes, one per call of common/src/contract/ (app.ts checks that none is left out). */
export const apiFeatures: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  settingsRoutes,
  subscriptionRoutes,
  taxonomyRoutes,
  campRoutes,
  themeRoutes,
  voucherRoutes,
  monitorRoutes,
  participantRoutes,
  seasonRoutes,
  mailRoutes,
  bankRoutes,
  paymentRoutes,
  mailLogRoutes,
  auditRoutes,
  registrationRoutes,
  dashboardRoutes,
  reminderRoutes,
  refundRoutes,
  mailScheduleRoutes,
  privacyRoutes,
  attestRoutes,
  publicRoutes,
  planningRoutes,
  waitingListRoutes,
  safetySheetRoutes,
  familySafetySheetRoutes,
];
