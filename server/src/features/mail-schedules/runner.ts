import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { MailRelay } from '../../mail/relay.js';
import type { OrganiserSettings } from '../../lib/settings.js';
import { sendDueScheduledMails } from './service.js';

/** How often the server looks for scheduled mails that fell due: mails are due per day, so minutes are soon enough. */
export const MAIL_SCHEDULE_POLL_MS = 5 * 60 * 1000;

export interface MailScheduleRunner {
  /** Queues every due mail now; resolves with how many (tests call it directly with a controlled clock). */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

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
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const runOnce = (): Promise<number> => {
    running ??= sendDueScheduledMails(deps.db(), deps, deps.clock)
      .then((queued) => {
        if (queued > 0) deps.log.info({ queued }, 'scheduled mails queued');
        return queued;
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'mail schedules failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    runOnce,
    start: () => {
      if (timer) return;
      timer = setInterval(() => void runOnce(), MAIL_SCHEDULE_POLL_MS);
      timer.unref();
      void runOnce();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
