import { describe, expect, it } from 'vitest';
import { gate } from '../../server/src/lib/gate.js';

/** A promise with its resolve, to end a piece of work when the test says so. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A gate of one whose place a first call holds until the test ends it (`first.resolve()`); `ran` records the calls run. */
function oneRunning() {
  const bookings = gate(1);
  const first = deferred();
  const ran: string[] = [];
  const running = bookings.run(async () => {
    ran.push('first');
    await first.promise;
  });
  return { bookings, first, ran, running };
}

describe('the gate in front of the public bookings (issue 37)', () => {
  it('runs at most its limit at once; the others start in arrival order as places free', async () => {
    const bookings = gate(2);
    const ends = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = ends.map((end, i) =>
      bookings.run(async () => {
        started.push(i);
        await end.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(bookings.waiting()).toBe(2);
    ends[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    ends[0]!.resolve();
    ends[2]!.resolve();
    ends[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('tells whether a call waits for its turn now or had to within a while (the mail relay holds back meanwhile)', async () => {
    const { bookings, first, running } = oneRunning();
    expect(bookings.waitedWithin(60_000)).toBe(false);
    const second = bookings.run(async () => 'second');
    await tick();
    expect(bookings.waitedWithin(0)).toBe(true);
    first.resolve();
    expect(await second).toBe('second');
    await running;
    expect(bookings.waiting()).toBe(0);
    expect(bookings.waitedWithin(60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(bookings.waitedWithin(20)).toBe(false);
  });

  it('passes the turn on when a piece of work fails', async () => {
    const bookings = gate(1);
    const failing = bookings.run(async () => {
      throw new Error('refused');
    });
    const next = bookings.run(async () => 'booked');
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('booked');
    expect(bookings.waiting()).toBe(0);
  });

  it('skips a waiting call whose client left, and passes its turn on', async () => {
    const { bookings, first, ran, running } = oneRunning();
    let left = false;
    const abandoned = bookings.run(async () => void ran.push('abandoned'), { is: () => left, gone: () => new Error('gone') });
    const next = bookings.run(async () => void ran.push('next'));
    await tick();
    left = true;
    first.resolve();
    await running;
    await expect(abandoned).rejects.toThrow('gone');
    await next;
    expect(ran).toEqual(['first', 'next']);
  });

  it('gives a retry the place of its earlier press with the same key whose client left, not the end of the line', async () => {
    const { bookings, first, ran, running } = oneRunning();
    let left = false;
    const press = { is: () => left, gone: () => new Error('gone'), key: 'family-1 key-a' };
    const abandoned = bookings.run(async () => void ran.push('abandoned'), press);
    const later = bookings.run(async () => void ran.push('later'), {
      is: () => false,
      gone: () => new Error('gone'),
      key: 'family-2 key-b',
    });
    await tick();
    left = true;
    const retry = bookings.run(async () => void ran.push('retry'), { ...press, is: () => false });
    await expect(abandoned).rejects.toThrow('gone');
    expect(bookings.waiting()).toBe(2);
    // A press with the same key whose client is still there (a double tap) queues at the end.
    const tap = bookings.run(async () => void ran.push('tap'), { ...press, is: () => false });
    first.resolve();
    await Promise.all([running, retry, later, tap]);
    expect(ran).toEqual(['first', 'retry', 'later', 'tap']);
    expect(bookings.waiting()).toBe(0);
  });

  it('lets a retry whose earlier press missed its turn (its client gone) wait at the head of the line', async () => {
    const { bookings, first, ran, running } = oneRunning();
    const second = deferred();
    let left = false;
    const press = { is: () => left, gone: () => new Error('gone'), key: 'family-1 key-a' };
    const abandoned = bookings.run(async () => void ran.push('abandoned'), press);
    const earlier = bookings.run(async () => {
      ran.push('earlier');
      await second.promise;
    });
    await tick();
    left = true;
    first.resolve();
    await expect(abandoned).rejects.toThrow('gone');
    await tick();
    const later = bookings.run(async () => void ran.push('later'));
    const retry = bookings.run(async () => void ran.push('retry'), { ...press, is: () => false });
    second.resolve();
    await Promise.all([running, earlier, later, retry]);
    expect(ran).toEqual(['first', 'earlier', 'retry', 'later']);
  });
});
