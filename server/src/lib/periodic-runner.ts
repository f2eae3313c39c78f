import type { FastifyBaseLogger } from 'fastify';

/** Work the server does by itself now and then (the mail schedules, the waiting list's lapsed offers). */
export interface PeriodicRunner {
  /** Does the work now; resolves with how many things it did (tests call it directly with a controlled clock). */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs `work` at start-up (so nothing waits for a restart) and every `pollMs`; a run never overlaps the previous one,
 * and a failing run is logged and tried again at the next turn. `done` names in the log what a run did when it did some.
 */
export function createPeriodicRunner(options: {
  work: () => Promise<number>;
  pollMs: number;
  log: FastifyBaseLogger;
  done: string;
  failed: string;
}): PeriodicRunner {
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const runOnce = (): Promise<number> => {
    running ??= options
      .work()
      .then((count) => {
        if (count > 0) options.log.info({ count }, options.done);
        return count;
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, options.failed);
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
      timer = setInterval(() => void runOnce(), options.pollMs);
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
