/** How long a key whose turn came while its client was gone keeps its right to the head of the line. */
const MISSED_TURN_MS = 60_000;

/**
 * At most `limit` calls of a kind at once; the others wait their turn here, in arrival order, holding nothing (no
 * database connection). Used for the public booking under a rush (issue 37): bookings beyond the gate wait in the
 * process instead of in the database pool's queue, so the pool keeps connections free for staff's calls.
 */
export function gate(limit: number) {
  let running = 0;
  /** The calls waiting, in arrival order: `turn(true)` gives one its turn, `turn(false)` sends it away (replaced). */
  const waiting: {
    turn: (run: boolean) => void;
    key: string | undefined;
    abandoned: (() => boolean) | undefined;
    overdue: boolean;
  }[] = [];
  /** Keys whose turn came while their client was gone, with when: their retry goes first (`run`). */
  const missed = new Map<string, number>();
  const missTurn = (key: string) => {
    const now = Date.now();
    for (const [old, at] of missed) {
      if (at > now - MISSED_TURN_MS) break;
      missed.delete(old);
    }
    missed.delete(key);
    missed.set(key, now);
  };
  /** When a call last had to wait for its turn (Date.now()). */
  let lastWaited = -Infinity;
  return {
    /** Calls waiting for their turn. */
    waiting: () => waiting.length,
    /** Whether a call waits for its turn now, or had to wait within the last `ms`. */
    waitedWithin: (ms: number) => waiting.length > 0 || Date.now() - lastWaited < ms,
    /** Whether a call with this key waits whose client left: a call with the key now would take its place (`run`). */
    holds: (key: string | undefined) => key !== undefined && waiting.some((w) => w.key === key && w.abandoned?.() === true),
    /**
     * `work` at its turn (told whether it waited for it). `abandoned`, asked when the turn comes after a wait: true when nobody waits for the answer
     * any more (the client closed its connection), and then the turn passes on and `work` does not run (it throws
     * `gone()`): a family that gave up and pressed again is not booked by the press it left behind.
     *
     * With a `key` (the request's Idempotency-Key and request), a family's retry after its timeout keeps the place its
     * first press had, instead of queueing at the end behind everyone who pressed later (where, with a line longer
     * than the timeout, it would time out again and again): it takes the place of a waiting call with the same key
     * whose client left, or, when that call's turn already came and passed, it waits at the head of the line (behind
     * other such retries only).
     */
    async run<T>(work: (waited: boolean) => Promise<T>, abandoned?: { is: () => boolean; gone: () => Error; key?: string }): Promise<T> {
      const key = abandoned?.key;
      const overdue = key !== undefined && missed.delete(key);
      const waited = running >= limit;
      if (!waited) running++;
      else {
        lastWaited = Date.now();
        const earlier = key === undefined ? -1 : waiting.findIndex((w) => w.key === key && w.abandoned?.() === true);
        const turn = await new Promise<boolean>((resolve) => {
          const entry = { turn: resolve, key, abandoned: abandoned?.is, overdue };
          if (earlier !== -1) waiting.splice(earlier, 1, entry)[0]!.turn(false);
          else if (overdue) {
            const firstOnTime = waiting.findIndex((w) => !w.overdue);
            waiting.splice(firstOnTime === -1 ? waiting.length : firstOnTime, 0, entry);
          } else waiting.push(entry);
        });
        // Replaced by a later call with its key: it had no turn, so it passes none on.
        if (!turn) throw abandoned!.gone();
      }
      try {
        if (abandoned?.is()) {
          if (key !== undefined) missTurn(key);
          throw abandoned.gone();
        }
        return await work(waited);
      } finally {
        // The turn passes to the next in line (running stays the same), or the place is freed.
        const next = waiting.shift();
        if (next) next.turn(true);
        else running--;
      }
    },
  };
}
