/**
 * At most `limit` calls of a kind at once; the others wait their turn here, in arrival order, holding nothing (no
 * database connection). Used for the public booking under a rush (issue 37): bookings beyond the gate wait in the
 * process instead of in the database pool's queue, so the pool keeps connections free for staff's calls.
 */
export function gate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    /** Calls waiting for their turn. */
    waiting: () => waiting.length,
    /**
     * `work` at its turn. `abandoned`, asked when the turn comes after a wait: true when nobody waits for the answer
     * any more (the client closed its connection), and then the turn passes on and `work` does not run (it throws
     * `gone()`): a family that gave up and pressed again is not booked by the press it left behind.
     */
    async run<T>(work: () => Promise<T>, abandoned?: { is: () => boolean; gone: () => Error }): Promise<T> {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        if (abandoned?.is()) throw abandoned.gone();
        return await work();
      } finally {
        // The turn passes to the next in line (running stays the same), or the place is freed.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
