import { and, eq, sql } from 'drizzle-orm';
import { participantMessages, presenceAllowedOn, subscriptionDays } from '@common/participants.js';
import type { AttendanceAnswer, SetAttendancePayload } from '@common/schemas/participants.js';
import type { Database } from '../../db/client.js';
import { lockRowById } from '../../lib/lock.js';
import { attendance, camps, subscriptions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, invalidFields } from '../../lib/errors.js';
import { subscriptionMessages } from '../../domain/subscription-messages.js';

/**
 * Registers (true, false) or clears (null) a child's attendance on one of its camp days: a day of the camp,
 * and for flexible booking a booked one; anything else is a 400 and changes nothing. Presence on a day after
 * `today` (in Belgium) is a 409 FUTURE_ATTENDANCE (issue 39). The subscription row is locked, so two monitors
 * ticking the same child wait for each other; each change is audited.
 */
export async function setAttendance(
  db: Database,
  adminId: number,
  payload: SetAttendancePayload,
  today: string,
): Promise<AttendanceAnswer> {
  return db.transaction(async (tx) => {
    const subscription = await lockRowById(tx, subscriptions, payload.SUBSCRIPTION_ID, subscriptionMessages.notFound);
    const [camp] = await tx
      .select({ activeDays: camps.activeDays, flexibleBooking: camps.flexibleBookingAllowed })
      .from(camps)
      .where(eq(camps.id, subscription.campId));
    if (!subscriptionDays(camp!, subscription.selectedDays).includes(payload.date)) {
      throw invalidFields({ date: participantMessages.notACampDay });
    }
    if (subscription.cancelled) throw conflict(participantMessages.cancelled);
    if (payload.present === true && !presenceAllowedOn(payload.date, today)) {
      throw new AppError('FUTURE_ATTENDANCE', participantMessages.futurePresence(payload.date));
    }

    const where = and(eq(attendance.subscriptionId, subscription.id), eq(attendance.day, payload.date));
    const [existing] = await tx.select({ present: attendance.present }).from(attendance).where(where);
    if (payload.present === null) {
      await tx.delete(attendance).where(where);
    } else {
      await tx
        .insert(attendance)
        .values({ subscriptionId: subscription.id, day: payload.date, present: payload.present, registeredBy: adminId })
        .onConflictDoUpdate({
          target: [attendance.subscriptionId, attendance.day],
          set: { present: payload.present, registeredBy: adminId, registeredAt: sql`now()` },
        });
    }
    await writeAudit(tx, {
      adminId,
      action: 'setAttendance',
      entity: 'subscription',
      entityId: subscription.id,
      before: { date: payload.date, present: existing?.present ?? null },
      after: { date: payload.date, present: payload.present },
    });
    return { SUBSCRIPTION_ID: subscription.id, date: payload.date, present: payload.present };
  });
}
