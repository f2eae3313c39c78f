import { sql, type SQL } from 'drizzle-orm';
import { readRows, type Executor } from '../db/client.js';
import { z } from 'zod';

/**
 * The seats a camp's subscriptions take, the one definition every read and the booking check use: a subscription
 * takes a seat while it is not cancelled (a deleted one is gone), and an open offer of the waiting list (issue 34)
 * holds its seats until it is accepted, declined or lapses, so nobody else books them. As a table (`camp_id`, `taken`)
 * to left join on the camp; `of`, a condition on `s.camp_id`, limits it to some camps.
 */
export const seatsTakenPerCamp = (of?: SQL) => {
  const and = of ? sql`and ${of}` : sql``;
  return sql`(select s.camp_id, sum(s.seats)::int as taken from (
      select s.camp_id, 1 as seats from subscriptions s where not s.cancelled ${and}
      union all
      select s.camp_id, s.seats from waiting_offers s where s.state = 'open' ${and}
    ) s group by s.camp_id)`;
};

/** The seats taken of one camp (its id, or a column of the query around it such as `c.id`), as a value. */
export const seatsTakenOf = (campId: SQL | number) =>
  sql`coalesce((select seats.taken from ${seatsTakenPerCamp(sql`s.camp_id = ${campId}`)} seats), 0)`;

/** The seats taken of one camp. */
export async function countSeatsTaken(db: Executor, campId: number): Promise<number> {
  const [row] = await readRows(db, sql`select ${seatsTakenOf(campId)} as taken`, z.object({ taken: z.number() }));
  return row?.taken ?? 0;
}

/**
 * The children on each camp's waiting list (issue 34): in line or offered a seat (not yet booked), as a table
 * (`camp_id`, `count`) to left join on the camp; the camps list and the dashboard show it.
 */
export const waitingPerCamp = sql`(select camp_id, count(*)::int as count from waiting_entries
    where state in ('waiting', 'offered') group by camp_id)`;
