import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { readRows, type Executor } from '../db/client.js';
import type { Role } from '@common/roles.js';
import { forbidden } from './errors.js';

/** What the scoping needs of the signed-in user (SessionUser). */
interface Viewer {
  role: Role;
  monitorId: number | null;
}

/**
 * A monitor user sees the camps at the camp locations (MONITOR_CAMP_LOCATION_1 to 5) of the monitor the
 * user is linked to (docs/decisions.md, 'Roles'); staff see every camp. Checked here for every call a
 * monitor may use.
 */
const monitorLocations = (monitorId: number): SQL =>
  sql`select unnest(array[m.camp_location_1, m.camp_location_2, m.camp_location_3, m.camp_location_4, m.camp_location_5])
      from monitors m where m.id = ${monitorId}`;

/** The location ids whose camps the user may see; null when the user sees every camp. */
export async function visibleCampLocations(db: Executor, user: Viewer): Promise<number[] | null> {
  if (user.role !== 'monitor') return null;
  if (user.monitorId === null) return [];
  const rows = await readRows(
    db,
    sql`select l as "id" from (${monitorLocations(user.monitorId)}) as t(l) where l is not null`,
    z.object({ id: z.number() }),
  );
  return rows.map((r) => r.id);
}

/** Refuses (403) a monitor user a camp outside their monitor's locations. */
export async function assertCampVisible(db: Executor, user: Viewer, campId: number): Promise<void> {
  const locations = await visibleCampLocations(db, user);
  if (locations === null) return;
  const [camp] = await readRows(
    db,
    sql`select location_id as "locationId" from camps where id = ${campId}`,
    z.object({ locationId: z.number() }),
  );
  // An unknown camp is left to the call, which answers 404 as it does for staff.
  if (camp && !locations.includes(camp.locationId)) throw forbidden();
}

/** Refuses (403) a monitor user a subscription of a camp outside their monitor's locations. */
export async function assertSubscriptionCampVisible(db: Executor, user: Viewer, subscriptionId: number): Promise<void> {
  if (user.role !== 'monitor') return;
  const [row] = await readRows(
    db,
    sql`select camp_id as "campId" from subscriptions where id = ${subscriptionId}`,
    z.object({ campId: z.number() }),
  );
  if (row) await assertCampVisible(db, user, row.campId);
}
