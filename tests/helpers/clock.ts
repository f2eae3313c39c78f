import type { Clock } from '../../server/src/lib/clock.js';

export interface ControlledClock extends Clock {
  advance(ms: number): void;
  /** Every sleep the server asked for, in milliseconds; a sleep returns at once and moves the clock on. */
  slept: number[];
}

/** Time that moves only when a test says so, so durations are asserted without waiting. */
export function controlledClock(start = new Date()): ControlledClock {
  let now = start.getTime();
  const slept: number[] = [];
  return {
    now: () => new Date(now),
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    slept,
  };
}
