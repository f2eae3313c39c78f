import { attestCalls } from './attests.js';
import { auditCalls } from './audit.js';
import { authCalls } from './auth.js';
import { bankCalls, paymentCalls } from './bank.js';
import { campCalls } from './camps.js';
import { dashboardCalls } from './dashboard.js';
import { combine } from './define.js';
import { healthCalls } from './health.js';
import { mailLogCalls } from './mail-log.js';
import { mailCalls } from './mail.js';
import { mailScheduleCalls } from './mail-schedules.js';
import { monitorCalls } from './monitors.js';
import { participantCalls } from './participants.js';
import { planningCalls } from './planning.js';
import { registrationCalls } from './registration.js';
import { refundCalls } from './refunds.js';
import { reminderCalls } from './reminders.js';
import { familySafetySheetCalls, safetySheetCalls } from './safety-sheets.js';
import { privacyCalls } from './privacy.js';
import { publicCalls } from './public.js';
import { seasonCalls } from './season.js';
import { settingsCalls } from './settings.js';
import { subscriptionCalls } from './subscriptions.js';
import { taxonomyCalls } from './taxonomy.js';
import { themeCalls } from './themes.js';
import { userCalls } from './users.js';
import { voucherCalls } from './vouchers.js';
import { waitingListCalls } from './waiting-list.js';

export * from './define.js';

/**
 * Every API call, by name (ARCHITECTURE.md, 'How a call is declared and served'). The server registers a route for each, the web's
 * API client and the tests enumerate it; a name or path declared twice stops the program at once.
 */
export const contract = combine(
  healthCalls,
  authCalls,
  userCalls,
  settingsCalls,
  subscriptionCalls,
  taxonomyCalls,
  campCalls,
  themeCalls,
  voucherCalls,
  monitorCalls,
  participantCalls,
  seasonCalls,
  mailCalls,
  bankCalls,
  paymentCalls,
  mailLogCalls,
  auditCalls,
  registrationCalls,
  dashboardCalls,
  reminderCalls,
  refundCalls,
  mailScheduleCalls,
  privacyCalls,
  attestCalls,
  publicCalls,
  planningCalls,
  waitingListCalls,
  safetySheetCalls,
  familySafetySheetCalls,
);

export type Contract = typeof contract;
export type CallName = keyof Contract;
