import { sql } from 'drizzle-orm';
import { centsToEuro, subscriptionAmounts } from '@common/money.js';
import { ageOn, campDays, compareParticipants, subscriptionDays, type Attendance, type CampParticipant } from '@common/participants.js';
import { paymentStatus } from '@common/payment-status.js';
import { queryRows, type Executor } from '../../db/client.js';
import { discountCentsSql, joinDiscountTotals } from '../../domain/subscription-money.js';

/** What the participant lists need of a camp: its days and what its title is made of. */
export interface CampFacts {
  id: number;
  activeDays: string;
  flexibleBooking: boolean;
  themeName: string;
  locationName: string;
  periodName: string;
  periodStart: string;
  periodEnd: string;
  agegroupName: string;
}

export async function findCampFacts(db: Executor, campId: number): Promise<CampFacts | null> {
  const [row] = await queryRows<CampFacts>(
    db,
    sql`select c.id, c.active_days as "activeDays", c.flexible_booking_allowed as "flexibleBooking",
          th.name as "themeName", l.name as "locationName", p.name as "periodName",
          p.start_date::text as "periodStart", p.end_date::text as "periodEnd", ag.name as "agegroupName"
        from camps c
        join themes th on th.id = c.theme_id
        join locations l on l.id = c.location_id
        join periods p on p.id = c.period_id
        join agegroups ag on ag.id = c.agegroup_id
        where c.id = ${campId}`,
  );
  return row ?? null;
}

interface ParticipantFacts extends Omit<
  CampParticipant,
  'SUBSCRIBER_AGE' | 'PAYMENT_STATUS' | 'SUBSCRIPTION_SALDO' | 'SUBSCRIPTION_AMOUNT_TO_PAY' | 'DAYS' | 'ATTENDANCE'
> {
  SUBSCRIBER_BIRTHDATE: string;
  SELECTED_DAYS: string | null;
  PRICE_CENTS: number;
  DISCOUNT_CENTS: number;
  PAID_AMOUNT_CENTS: number;
  PAID: boolean;
}

/**
 * The children of a camp who are not cancelled, with the days they come (every camp day, or the booked
 * ones for flexible booking) and what was registered for each; with a date, only those who come that
 * day, with that day alone. Two queries (subscriptions, attendance) whatever the camp's size.
 */
export async function listCampParticipants(db: Executor, camp: CampFacts, date?: string): Promise<CampParticipant[]> {
  const rows = await queryRows<ParticipantFacts>(
    db,
    sql`select
          s.id as "SUBSCRIPTION_ID", s.reference as "SUBSCRIPTION_REFERENCE",
          ch.id as "SUBSCRIBER_ID", ch.firstname as "SUBSCRIBER_FIRSTNAME", ch.lastname as "SUBSCRIBER_LASTNAME",
          ch.birthdate::text as "SUBSCRIBER_BIRTHDATE",
          s.lunch_preference_id as "SUBSCRIPTION_LUNCH_PREFERENCE_ID", lp.description as "LUNCHPREFERENCE_DESCRIPTION",
          s.remark as "SUBSCRIPTION_REMARK",
          pa.firstname as "SUBSCRIBER_PARENT_FIRSTNAME", pa.lastname as "SUBSCRIBER_PARENT_LASTNAME",
          pa.phone as "SUBSCRIBER_PARENT_PHONE", pa.phone2 as "SUBSCRIBER_PARENT_PHONE2", pa.email as "SUBSCRIBER_PARENT_EMAIL",
          s.selected_days as "SELECTED_DAYS",
          s.camp_price_cents as "PRICE_CENTS", ${discountCentsSql} as "DISCOUNT_CENTS",
          s.paid_amount_cents as "PAID_AMOUNT_CENTS", s.paid as "PAID"
        from subscriptions s
        join children ch on ch.id = s.child_id
        join parents pa on pa.id = ch.parent_id
        left join lunch_preferences lp on lp.id = s.lunch_preference_id
        ${joinDiscountTotals({ campId: camp.id })}
        where s.camp_id = ${camp.id} and not s.cancelled`,
  );
  const registered = await queryRows<{ subscription_id: number; day: string; present: boolean }>(
    db,
    sql`select a.subscription_id, a.day::text as day, a.present
        from attendance a join subscriptions s on s.id = a.subscription_id
        where s.camp_id = ${camp.id} ${date === undefined ? sql`` : sql`and a.day = ${date}`}`,
  );
  const attendanceOf = new Map<number, Map<string, boolean>>();
  for (const r of registered) {
    const days = attendanceOf.get(r.subscription_id) ?? new Map<string, boolean>();
    days.set(r.day, r.present);
    attendanceOf.set(r.subscription_id, days);
  }

  const firstDay = campDays(camp.activeDays)[0] ?? camp.periodStart;
  const participants: CampParticipant[] = [];
  for (const { SELECTED_DAYS, PRICE_CENTS, DISCOUNT_CENTS, PAID_AMOUNT_CENTS, PAID, ...row } of rows) {
    const allDays = subscriptionDays(camp, SELECTED_DAYS);
    const days = date === undefined ? allDays : allDays.filter((day) => day === date);
    if (days.length === 0) continue;
    const amounts = subscriptionAmounts({
      campPriceCents: PRICE_CENTS,
      discountsCents: [DISCOUNT_CENTS],
      paidAmountCents: PAID_AMOUNT_CENTS,
    });
    const registeredDays = attendanceOf.get(row.SUBSCRIPTION_ID);
    const attendance: Record<string, Attendance> = {};
    for (const day of days) attendance[day] = registeredDays?.get(day) ?? null;
    participants.push({
      ...row,
      SUBSCRIBER_AGE: ageOn(row.SUBSCRIBER_BIRTHDATE, firstDay),
      PAYMENT_STATUS: paymentStatus(PAID, amounts.saldoCents),
      SUBSCRIPTION_SALDO: centsToEuro(amounts.saldoCents),
      SUBSCRIPTION_AMOUNT_TO_PAY: centsToEuro(amounts.amountToPayCents),
      DAYS: days,
      ATTENDANCE: attendance,
    });
  }
  return participants.sort(compareParticipants);
}
