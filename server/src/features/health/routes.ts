import { healthCalls } from '@common/contract/health.js';
import { callRoutes } from '../../lib/calls.js';
import { databaseUnavailable } from '../../lib/errors.js';
import { databaseHealth } from './database-health.js';

/** For a load balancer: 200 while the database answers a trivial query, 503 when it does not. */
export default callRoutes(healthCalls, (app) => {
  const databaseAnswers = databaseHealth(app.database, app.clock);
  return {
    health: async () => {
      try {
        await databaseAnswers();
      } catch {
        throw databaseUnavailable();
      }
      return { status: 'ok' as const };
    },
  };
});
