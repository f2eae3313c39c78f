/**
 * Automatic mails of a camp (issue 19, the camp form's 'Mail schedules'): when each one is due for a
 * subscription. Days are Brussels calendar days (YYYY-MM-DD), so a mail is due from midnight in Belgium.
 */
export const MAIL_SCHEDULE_TRIGGERS = ['beforeStart', 'afterBooking', 'afterEnd'] as const;
export type MailScheduleTrigger = (typeof MAIL_SCHEDULE_TRIGGERS)[number];
export const mailScheduleTriggerLabels: Record<MailScheduleTrigger, string> = {
  beforeStart: 'dagen voor het kamp begint',
  afterBooking: 'dagen na de inschrijving, zolang niet betaald',
  afterEnd: 'dagen na het kamp',
};

export const MAIL_SCHEDULE_TARGETS = ['all', 'unpaid', 'paid'] as const;
export type MailScheduleTarget = (typeof MAIL_SCHEDULE_TARGETS)[number];
export const mailScheduleTargetLabels: Record<MailScheduleTarget, string> = {
  all: 'Iedereen',
  unpaid: 'Niet (volledig) betaald',
  paid: 'Betaald',
};

export interface ScheduleRule {
  trigger: MailScheduleTrigger;
  days: number;
  target: MailScheduleTarget;
}

export interface ScheduledSubscription {
  /** Brussels day of the booking. */
  bookedOn: string;
  campStart: string;
  campEnd: string;
  cancelled: boolean;
  saldoCents: number;
}

/** YYYY-MM-DD plus a number of days (negative goes back). */
export function addDays(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000;
  return new Date(time).toISOString().slice(0, 10);
}

/** The day the mail falls due for this subscription. */
export function scheduleDueOn(rule: ScheduleRule, subscription: ScheduledSubscription): string {
  if (rule.trigger === 'beforeStart') return addDays(subscription.campStart, -rule.days);
  if (rule.trigger === 'afterBooking') return addDays(subscription.bookedOn, rule.days);
  return addDays(subscription.campEnd, rule.days);
}

/**
 * Whether the subscription gets this mail at all (now or later): never when cancelled; the target group
 * decides by the saldo (an 'after booking' mail is for the unpaid only); a 'before start' mail is no longer
 * sent once the camp has begun, an 'after booking' one once it has ended.
 */
export function scheduleApplies(rule: ScheduleRule, subscription: ScheduledSubscription, today: string): boolean {
  if (subscription.cancelled) return false;
  const unpaid = subscription.saldoCents > 0;
  if (rule.trigger === 'afterBooking' && !unpaid) return false;
  if (rule.target === 'unpaid' && !unpaid) return false;
  if (rule.target === 'paid' && unpaid) return false;
  if (rule.trigger === 'beforeStart' && today > subscription.campStart) return false;
  if (rule.trigger === 'afterBooking' && today > subscription.campEnd) return false;
  return true;
}

/** Due today: it applies and its day has come. */
export function scheduleIsDue(rule: ScheduleRule, subscription: ScheduledSubscription, today: string): boolean {
  return scheduleApplies(rule, subscription, today) && scheduleDueOn(rule, subscription) <= today;
}
