import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { movePeriodDays, parseDayList, weekdaysOfPeriod } from '@common/season/dates.js';
import { failureMessages } from '@common/messages.js';
import { periodDateMessages as messages } from '@common/schemas/season.js';
import { readRows, type Transaction } from '../../db/client.js';
import { camps, subscriptions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { auditedVersionedUpdate } from '../../domain/versioned-update.js';
import { conflict } from '../../lib/errors.js';
import { seatsTakenOf } from '../../domain/seats.js';

interface PeriodDates {
  id: number;
  startDate: string;
  endDate: string;
}

const campOfPeriod = z.object({
  id: z.number(),
  name: z.string(),
  activeDays: z.string(),
  version: z.number(),
  liveBookings: z.number(),
  attendance: z.number(),
});

const bookedDays = z.object({ id: z.number(), selectedDays: z.string() });

/**
 * A period's new dates reach its camps (issue 39, docs/decisions.md 'A period's new dates'): every camp day, and every
 * selected day of a flexible booking, moves by as many days as the start moved, keeping its place in the period.
 * Refused, naming the camps, when a camp has attendance registered (days that happened do not move), when the period
 * would leave its camp year, and when days would fall outside the new period of a camp with live bookings (what a family
 * booked would change). A camp without live bookings loses the days that fall outside; left without any, it gets the
 * period's weekdays. Runs in the period's update, after its row is locked and written; every camp and booking changed
 * is audited, and a camp's version moves on so a camp form opened before cannot save the old days back.
 */
export async function followPeriodDates(tx: Transaction, adminId: number, before: PeriodDates, after: PeriodDates): Promise<void> {
  if (before.startDate === after.startDate && before.endDate === after.endDate) return;
  await tx.execute(sql`select id from camps where period_id = ${after.id} for update`);
  const campsOfPeriod = await readRows(
    tx,
    sql`select c.id, th.name || ' - ' || l.name_short as name, c.active_days as "activeDays", c.version,
          ${seatsTakenOf(sql`c.id`)} as "liveBookings",
          (select count(*)::int from attendance a join subscriptions s on s.id = a.subscription_id where s.camp_id = c.id) as attendance
        from camps c join themes th on th.id = c.theme_id join locations l on l.id = c.location_id
        where c.period_id = ${after.id}
        order by th.name, l.name_short, c.id`,
    campOfPeriod,
  );
  if (campsOfPeriod.length === 0) return;
  const names = (list: typeof campsOfPeriod) => list.map((c) => c.name).join(', ');
  if (before.startDate.slice(0, 4) !== after.startDate.slice(0, 4)) throw conflict(messages.otherYear(names(campsOfPeriod)));
  const attended = campsOfPeriod.filter((c) => c.attendance > 0);
  if (attended.length > 0) throw conflict(messages.attended(names(attended)));
  const plans = campsOfPeriod.map((camp) => ({ camp, ...movePeriodDays(parseDayList(camp.activeDays), before, after) }));
  const losing = plans.filter((p) => p.outside.length > 0 && p.camp.liveBookings > 0);
  if (losing.length > 0) throw conflict(messages.daysOutside(names(losing.map((p) => p.camp))));

  for (const { camp, inside, outside } of plans) {
    const days = (inside.length === 0 && outside.length > 0 ? weekdaysOfPeriod(after.startDate, after.endDate) : inside).join(',');
    if (days === camp.activeDays) continue;
    await auditedVersionedUpdate(tx, {
      table: camps,
      id: camp.id,
      notFound: failureMessages.campNotFound,
      seenVersion: undefined,
      change: () => ({ activeDays: days }),
      audit: { adminId, action: 'crudPeriod:campDays', entity: 'camp' },
      snapshot: (row) => ({ ACTIVE_DAYS: row.activeDays }),
    });
    const booked = await readRows(
      tx,
      sql`select id, selected_days as "selectedDays" from subscriptions where camp_id = ${camp.id} and coalesce(selected_days, '') <> ''
          order by id for update`,
      bookedDays,
    );
    for (const booking of booked) {
      // A cancelled booking of a camp whose days were cut keeps only the days that are still camp days.
      const moved = movePeriodDays(parseDayList(booking.selectedDays), before, after)
        .inside.filter((d) => days.split(',').includes(d))
        .join(',');
      if (moved === booking.selectedDays) continue;
      await tx
        .update(subscriptions)
        .set({ selectedDays: moved === '' ? null : moved })
        .where(eq(subscriptions.id, booking.id));
      await writeAudit(tx, {
        adminId,
        action: 'crudPeriod:selectedDays',
        entity: 'subscription',
        entityId: booking.id,
        before: { SUBSCRIPTION_SELECTED_DAYS: booking.selectedDays },
        after: { SUBSCRIPTION_SELECTED_DAYS: moved === '' ? null : moved },
      });
    }
  }
}
