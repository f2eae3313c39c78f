import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { MailRelay } from '../../mail/relay.js';
import type { OrganiserSettings } from '../../lib/settings.js';
import { sendDueScheduledMails } from './service.js';
import { createPeriodicRunner, type PeriodicRunner } from '../../lib/periodic-runner.js';

/** How often the server looks for scheduled mails that fell due: mails are due per day, so minutes are soon enough. */
export const MAIL_SCHEDULE_POLL_MS = 5 * 60 * 1000;

export type MailScheduleRunner = PeriodicRunner;

/**
 * Runs the camps' mail schedules in the server: at start-up (so nothing waits for a restart) and every few
 * minutes. Each queued mail wakes the relay (withOutbox); a run never overlaps the previous one.
 */
export function createMailScheduleRunner(deps: {
  db: () => Database;
  relay: MailRelay;
  log: FastifyBaseLogger;
  clock: Clock;
  settingsDefaults: OrganiserSettings;
}): MailScheduleRunner {
  return createPeriodicRunner({
    work: () => sendDueScheduledMails(deps.db(), deps, deps.clock),
    pollMs: MAIL_SCHEDULE_POLL_MS,
    log: deps.log,
    done: 'scheduled mails queued',
    failed: 'mail schedules failed',
  });
}
