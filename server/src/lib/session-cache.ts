import type { Clock } from './clock.js';
import type { NoticeListener } from '../db/notices.js';

/** The channel the database's triggers notify on whatever ends or changes a session (migration 0013). */
export const SESSIONS_CHANNEL = 'kampbeheer_sessions';

/** A session as read from the database: what the call may do, and until when. */
export interface StoredSession<User> {
  user: User;
  createdAt: Date;
  expiresAt: Date;
}

export interface SessionCacheSettings {
  /** How long a session read from the database is answered without asking it again. */
  keepMs: number;
  /** Sessions kept at most; the least recently stored leaves first. */
  maxEntries: number;
}

export const defaultSessionCacheSettings: SessionCacheSettings = { keepMs: 5000, maxEntries: 1000 };

/**
 * The sessions one server process checked in the last few seconds, so that a call's session check rarely
 * asks the database. It relies on the notices of `SESSIONS_CHANNEL`: on each it drops every session it
 * keeps, and while its listener is not connected it keeps none (a notice may be lost then); a listener that
 * connected anew may have missed one, so everything kept before is dropped. A lookup that began before a
 * drop does not store its answer (the generation moved on), so a revocation is never undone by a read that
 * was already on its way.
 */
export class SessionCache<User> {
  private readonly entries = new Map<string, { session: StoredSession<User>; storedAt: number }>();
  private generation = 0;
  private epoch: number | null = null;
  private listener: NoticeListener | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly settings: SessionCacheSettings = defaultSessionCacheSettings,
  ) {}

  /** From now on, keep sessions while `listener` is connected. */
  listenOn(listener: NoticeListener): void {
    this.listener = listener;
  }

  /** A session may have ended or changed: forget every one, and let no lookup in progress store its answer. */
  drop(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * The session kept under `key` while it is younger than `keepMs` and still `usable`; otherwise `read`'s
   * answer, kept if nothing was dropped while it was read.
   */
  async get(
    key: string,
    usable: (session: StoredSession<User>) => boolean,
    read: () => Promise<StoredSession<User> | null>,
  ): Promise<StoredSession<User> | null> {
    const epoch = this.listener?.epoch() ?? null;
    if (epoch !== this.epoch) {
      this.drop();
      this.epoch = epoch;
    }
    if (epoch === null) return read();
    const kept = this.entries.get(key);
    if (kept && this.clock.now().getTime() - kept.storedAt < this.settings.keepMs && usable(kept.session)) return kept.session;
    const generation = this.generation;
    const readAt = this.clock.now().getTime();
    const session = await read();
    if (session && generation === this.generation && this.listener?.epoch() === epoch) this.store(key, session, readAt);
    else if (!session) this.entries.delete(key);
    return session;
  }

  private store(key: string, session: StoredSession<User>, readAt: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.settings.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { session, storedAt: readAt });
  }
}
