import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicRunner, type PeriodicRunner } from '../lib/periodic-runner.js';
import { lapseExpiredOffers, type WaitingDeps } from './waiting-list.js';

/** How often the server looks for offers whose time is up: an offer lapses within a minute of its deadline. */
export const WAITING_LIST_POLL_MS = 60 * 1000;

export type WaitingListRunner = PeriodicRunner;

/**
 * Lapses the waiting list's offers in the server (issue 34), at start-up and every minute, so a seat nobody took
 * reaches the next family without staff lifting a finger. Several server processes may run it at once: each offer
 * is lapsed under its camp's row lock, once.
 */
export function createWaitingListRunner(deps: { deps: () => WaitingDeps; log: FastifyBaseLogger }): WaitingListRunner {
  return createPeriodicRunner({
    work: () => lapseExpiredOffers(deps.deps()),
    pollMs: WAITING_LIST_POLL_MS,
    log: deps.log,
    done: 'waiting list offers lapsed',
    failed: 'waiting list offers failed',
  });
}
