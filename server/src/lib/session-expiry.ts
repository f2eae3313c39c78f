import { createHash } from 'node:crypto';

/** Sessions and attempt limits (SESSION_TTL_HOURS, SESSION_MAX_HOURS, LOGIN_*): staff's and families' alike. */
export interface AuthSettings {
  /** Hours a session lives without use (sliding). */
  sessionTtlHours: number;
  /** Hours a session lives at most, however much it is used. */
  sessionMaxHours: number;
  maxFailures: number;
  windowMinutes: number;
  /** Seconds every attempt on an account under attack waits before its password is checked. */
  slowdownSeconds: number;
}

/** A token is stored as its hash: a leaked table signs nobody in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A session expires after `sessionTtlHours` without use, and `sessionMaxHours` after sign-in whatever happens. */
export function sessionExpiry(settings: AuthSettings, createdAt: Date, lastUse: Date): Date {
  return new Date(
    Math.min(lastUse.getTime() + settings.sessionTtlHours * 3600_000, createdAt.getTime() + settings.sessionMaxHours * 3600_000),
  );
}

/** The sliding expiry is written at most this often per session. */
const RENEW_AFTER_MS = 60_000;

/** The expiry a session's use at `now` should write, or null while its stored one is less than `RENEW_AFTER_MS` behind. */
export function dueRenewal(settings: AuthSettings, session: { createdAt: Date; expiresAt: Date }, now: Date): Date | null {
  const renewed = sessionExpiry(settings, session.createdAt, now);
  return renewed.getTime() - session.expiresAt.getTime() > RENEW_AFTER_MS ? renewed : null;
}
