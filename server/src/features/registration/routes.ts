import { registrationCalls } from '@common/contract/registration.js';
import { currentYearInBelgium } from '@common/calendar.js';
import { callRoutes } from '../../lib/calls.js';
import { currentAdminId } from '../../lib/session-user.js';
import { settingsDefaults } from '../../lib/settings.js';
import { findFamilies } from './queries.js';
import * as service from './service.js';
import { listDeletedSubscriptions, purgeExpiredTrash } from './trash.js';

const HOUR_MS = 60 * 60 * 1000;

/** Staff registration, moving and the trash (issue 18); the server empties the trash itself every hour. */
export default callRoutes(registrationCalls, (app) => {
  const deps = (): service.RegistrationDeps => ({
    db: app.database.db,
    relay: app.mailRelay,
    settingsDefaults: settingsDefaults(app.config),
    clock: app.clock,
  });
  const retentionDays = app.config.TRASH_RETENTION_DAYS;

  const purge = async () => {
    try {
      const purged = await purgeExpiredTrash(app.database.db, app.clock.now(), retentionDays);
      if (purged.length > 0) app.log.info({ purged: purged.length }, 'trash: deleted subscriptions emptied for good');
    } catch (error) {
      app.log.warn({ err: error }, 'trash: emptying failed, tried again in an hour');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void purge();
    timer = setInterval(() => void purge(), HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  return {
    findFamilies: async (request) => findFamilies(app.database.db, request.query.search),
    createSubscription: async (request) => service.createSubscription(deps(), currentAdminId(request), request.body),
    moveSubscription: async (request) => service.moveSubscription(deps(), currentAdminId(request), request.body),
    getDeletedSubscriptions: async (request) =>
      listDeletedSubscriptions(app.database.db, request.query.campYear ?? currentYearInBelgium(), retentionDays),
    restoreSubscription: async (request) =>
      service.restoreSubscription(deps(), currentAdminId(request), request.body.SUBSCRIPTION_ID, request.body),
  };
});
