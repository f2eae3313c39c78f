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
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
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
