import { currentYearInBelgium } from '@common/calendar.js';
import { waitingListCalls } from '@common/contract/waiting-list.js';
import { callRoutes } from '../../lib/calls.js';
import { settingsDefaults } from '../../lib/settings.js';
import { currentAdminId } from '../../lib/session-user.js';
import * as service from '../../domain/waiting-list.js';

/** Staff's calls of the waiting list (issue 34). */
export default callRoutes(waitingListCalls, (app) => {
  const deps = (): service.WaitingDeps => ({
    db: app.database.db,
    relay: app.mailRelay,
    settingsDefaults: settingsDefaults(app.config),
    clock: app.clock,
  });
  return {
    getWaitingList: async (request) => service.getWaitingList(app.database.db, request.query.campId),
    // Without campYear: the current camp year (on the controllable clock), as getSubscriptions.
    getWaitingLists: async (request) =>
      service.getWaitingLists(app.database.db, request.query.campYear ?? currentYearInBelgium(app.clock.now())),
    addToWaitingList: async (request) => service.addToWaitingList(deps(), currentAdminId(request), request.body),
    moveWaitingEntry: async (request) => service.moveWaitingEntry(deps(), currentAdminId(request), request.body),
    offerSeat: async (request) => service.offerSeat(deps(), currentAdminId(request), request.body.WAITING_ID),
    removeWaitingEntry: async (request) => service.removeWaitingEntry(deps(), currentAdminId(request), request.body.WAITING_ID),
  };
});
