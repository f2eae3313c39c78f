import { searchEntryOf, type OverviewRow } from '@common/subscription-overview.js';

/** Rows per turn between checks of the idle time left. */
const SLICE = 500;

// Safari has no requestIdleCallback: there a timer gives each turn a few milliseconds.
const whenIdle: (run: (deadline: Pick<IdleDeadline, 'timeRemaining'>) => void) => () => void =
  typeof requestIdleCallback === 'function'
    ? (run) => {
        const handle = requestIdleCallback(run);
        return () => cancelIdleCallback(handle);
      }
    : (run) => {
        const handle = setTimeout(() => {
          const start = performance.now();
          run({ timeRemaining: () => Math.max(0, 8 - (performance.now() - start)) });
        }, 0);
        return () => clearTimeout(handle);
      };

/**
 * Makes the rows' search haystacks while the browser is idle, after the year shows: the first row does not
 * wait for 10,000 of them, and they are ready before a search's 350 ms debounce ends. A search that comes
 * sooner makes the missing ones itself (searchEntryOf). Answers a function that stops the work.
 */
export function makeSearchEntriesWhenIdle(rows: readonly OverviewRow[]): () => void {
  let next = 0;
  let stop = () => {};
  const work = (deadline: Pick<IdleDeadline, 'timeRemaining'>) => {
    while (next < rows.length && deadline.timeRemaining() > 1) {
      const end = Math.min(next + SLICE, rows.length);
      for (; next < end; next++) searchEntryOf(rows[next]!);
    }
    if (next < rows.length) stop = whenIdle(work);
  };
  stop = whenIdle(work);
  return () => stop();
}
