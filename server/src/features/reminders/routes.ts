import { reminderCalls } from '@common/contract/reminders.js';
import { callRoutes } from '../../lib/calls.js';
import { currentAdminId } from '../../lib/session-user.js';
import { settingsDefaults } from '../../lib/settings.js';
import { paymentQrCode } from './payment-qr-code.js';
import * as service from './service.js';

/** 'Openstaande betalingen', payment reminders and the payment QR code of a subscription. */
export default callRoutes(reminderCalls, (app) => {
  const defaults = settingsDefaults(app.config);
  const deps = () => ({ relay: app.mailRelay, settingsDefaults: defaults });
  return {
    getOpenPayments: async (request) => service.listOpenPayments(app.database.db, deps(), app.clock, request.query),
    sendPaymentReminders: async (request) =>
      service.sendPaymentReminders(app.database.db, deps(), app.clock, currentAdminId(request), request.body.subscriptionIds),
    getPaymentQrCode: async (request) => paymentQrCode(app.database.db, defaults, request.query.subscriptionId),
  };
});
