import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { MailAttachment } from '../db/schema.js';
import { MAIL_CONNECTIONS, type Mailer } from './mailer.js';

export interface RelaySettings {
  /** The most one mail may take, connecting, greeting and sending together. */
  deadlineMs: number;
  /** Attempts before a mail is given up as 'failed'. */
  maxAttempts: number;
  /** Wait after the first failure; it doubles with every attempt, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often the relay looks for due mail that no call announced (retries, other processes, a restart). */
  pollMs: number;
}

export interface MailRelay {
  /** A call committed mail: send it now rather than at the next poll. */
  nudge(): void;
  /** Sends every mail that is due, and resolves when they are all settled (tests call it directly). */
  runOnce(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  /**
   * Mail waits while `busy` answers true (while any such answers true): under an opening rush the families' bookings
   * come first, and their confirmation mails follow once the line for bookings is empty (issue 37). The relay looks
   * again every HOLD_MS.
   */
  holdWhile(busy: () => boolean): void;
}

interface ClaimedMail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  attachments: MailAttachment[] | null;
}

/** Mails claimed in one go; they are sent in parallel, each on a connection of the mailer's and within the deadline. */
const BATCH = MAIL_CONNECTIONS;

/** How often a relay holding its mail back (`holdWhile`) looks again. */
const HOLD_MS = 1000;

/** The wait before the attempt after `attempts` failed ones: base, 2×base, 4×base, … capped. */
export const retryDelay = (settings: RelaySettings, attempts: number) =>
  Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), settings.retryMaxMs);

/**
 * Sends the mail of the outbox in the server, apart from the calls that record it: a call answers as soon
 * as its transaction commits. Due rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several
 * processes on one PostgreSQL never send one mail twice at once, and the mail of a process that died is
 * picked up once its lease ran out. Without SMTP_URL nothing is claimed: the mail stays in the outbox.
 */
export function createMailRelay(deps: {
  db: () => Database;
  mailer: Mailer;
  /** The sender of the organiser's settings, read for every batch (staff may change it). */
  sender: () => Promise<string>;
  log: FastifyBaseLogger;
  clock: Clock;
  settings: RelaySettings;
}): MailRelay {
  const { mailer, log, clock, settings } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const busy: (() => boolean)[] = [];
  let holdTimer: NodeJS.Timeout | null = null;
  /** Whether mail must wait now; if so, the relay runs again after HOLD_MS. */
  const holding = () => {
    if (!busy.some((isBusy) => isBusy())) return false;
    if (!holdTimer && !stopped) {
      holdTimer = setTimeout(() => {
        holdTimer = null;
        void runOnce();
      }, HOLD_MS);
      holdTimer.unref();
    }
    return true;
  };

  async function claim(): Promise<ClaimedMail[]> {
    const now = clock.now();
    const leaseEnd = new Date(now.getTime() + settings.deadlineMs + 60_000);
    return queryRows<ClaimedMail>(
      deps.db(),
      sql`update mail_outbox set attempts = attempts + 1, claimed_until = ${leaseEnd.toISOString()}::timestamptz
          where id in (
            select id from mail_outbox
            where status = 'outbox' and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()}::timestamptz)
              and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
            order by next_attempt_at nulls first, id
            limit ${BATCH}
            for update skip locked)
          returning id, recipient, subject, body, attempts, attachments`,
    );
  }

  async function deliver(mail: ClaimedMail, from: string): Promise<void> {
    const deadline = AbortSignal.timeout(settings.deadlineMs);
    try {
      await mailer.send({ from, to: mail.recipient, subject: mail.subject, text: mail.body, attachments: mail.attachments }, deadline);
      await deps
        .db()
        .execute(
          sql`update mail_outbox set status = 'sent', sent_at = ${clock.now().toISOString()}::timestamptz, error = null, claimed_until = null where id = ${mail.id}`,
        );
      log.info({ mailId: mail.id, attempt: mail.attempts }, 'mail sent');
    } catch (error) {
      const finalAttempt = mail.attempts >= settings.maxAttempts;
      const next = new Date(clock.now().getTime() + retryDelay(settings, mail.attempts));
      const reason = deadline.aborted
        ? `geen antwoord binnen ${settings.deadlineMs / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
      await deps.db().execute(
        sql`update mail_outbox set status = ${finalAttempt ? 'failed' : 'outbox'}, error = ${reason.slice(0, 1000)},
            next_attempt_at = ${next.toISOString()}::timestamptz, claimed_until = null where id = ${mail.id}`,
      );
      log.warn({ mailId: mail.id, attempt: mail.attempts, final: finalAttempt, err: error }, 'mail could not be sent');
    }
  }

  /** The next mails to send: none while mail is held back. */
  const nextBatch = async () => (holding() ? [] : claim());

  async function drain(): Promise<void> {
    do {
      again = false;
      for (let batch = await nextBatch(); batch.length > 0; batch = await nextBatch()) {
        const from = await deps.sender();
        await Promise.all(batch.map((mail) => deliver(mail, from)));
      }
    } while (again && !stopped && !holding());
  }

  const runOnce = (): Promise<void> => {
    if (!mailer.transport) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'mail relay failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    nudge: () => void runOnce(),
    runOnce,
    start: () => {
      if (!mailer.transport || timer) return;
      timer = setInterval(() => void runOnce(), settings.pollMs);
      timer.unref();
      void runOnce();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      if (holdTimer) clearTimeout(holdTimer);
      timer = null;
      await running;
    },
    holdWhile: (isBusy) => void busy.push(isBusy),
  };
}
