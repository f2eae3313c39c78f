import { eq, or, sql, type SQL } from 'drizzle-orm';
import {
  inUseMessage,
  sameName,
  seasonMessages,
  type AgegroupValues,
  type LocationValues,
  type LunchPreferenceValues,
  type PeriodValues,
} from '@common/schemas/season.js';
import type { AgegroupAdminRecord, LocationAdminRecord, PeriodAdminRecord } from '@common/schemas/season.js';
import type { LunchPreferenceRecord } from '@common/schemas/taxonomy.js';
import { compareDutch, comparePeriodsByStart } from '@common/sort.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { lockRowById } from '../../lib/lock.js';
import { agegroups, camps, locations, lunchPreferences, monitors, periods, subscriptions } from '../../db/schema.js';
import { isoTimestamp, startsInYear } from '../../db/sql.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, invalidFields } from '../../lib/errors.js';
import { followPeriodDates } from './period-dates.js';

/**
 * Locations, periods, age groups and lunch preferences (issue 17): create, update, and delete what
 * nothing uses; short names (names for lists without one) unique; every change audited with before and after.
 */

async function countWhere(tx: Executor, table: typeof camps | typeof monitors | typeof subscriptions, where: SQL | undefined) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

type ListTable = typeof locations | typeof periods | typeof agegroups | typeof lunchPreferences;

/** What differs between the four lists; the create, update and delete rules are the same. */
interface ListSpec<V, R = unknown> {
  table: ListTable;
  /** The SQL name of the table, locked while a name is checked so that two saves cannot both take it. */
  tableName: string;
  call: string;
  entity: string;
  notFound: string;
  columns: (values: V) => Record<string, unknown>;
  /** The rows whose names a new or changed record must not repeat, and the field and message of the refusal. */
  uniqueAmong: (tx: Transaction, values: V) => Promise<{ id: number; name: string }[]>;
  uniqueName: (values: V) => string;
  uniqueField: string;
  uniqueMessage: string;
  /** The refusal when something still uses the record, or null when nothing does. */
  inUse: (tx: Transaction, id: number) => Promise<string | null>;
  /** What else an update changes, in its transaction, once the row is written (a period's camps follow its dates). */
  afterUpdate?: (tx: Transaction, adminId: number, before: R, after: R) => Promise<void>;
}

function listService<V, R = unknown>(spec: ListSpec<V, R>) {
  async function checkUnique(tx: Transaction, values: V, ownId?: number) {
    await tx.execute(sql.raw(`lock table ${spec.tableName} in share row exclusive mode`));
    const name = spec.uniqueName(values);
    if ((await spec.uniqueAmong(tx, values)).some((r) => r.id !== ownId && sameName(r.name, name)))
      throw invalidFields({ [spec.uniqueField]: spec.uniqueMessage });
  }
  const audit = (tx: Transaction, adminId: number, action: string, entityId: number, before: unknown, after: unknown) =>
    writeAudit(tx, { adminId, action: `${spec.call}:${action}`, entity: spec.entity, entityId, before, after });
  return {
    create: (db: Database, adminId: number, values: V): Promise<number> =>
      db.transaction(async (tx) => {
        await checkUnique(tx, values);
        const [row] = (await tx
          .insert(spec.table)
          .values(spec.columns(values) as never)
          .returning()) as { id: number }[];
        await audit(tx, adminId, 'create', row!.id, null, row);
        return row!.id;
      }),
    update: (db: Database, adminId: number, id: number, values: V): Promise<number> =>
      db.transaction(async (tx) => {
        await checkUnique(tx, values, id);
        const before = await lockRowById(tx, spec.table, id, spec.notFound);
        const [after] = await tx
          .update(spec.table)
          .set(spec.columns(values) as never)
          .where(eq(spec.table.id, id))
          .returning();
        await audit(tx, adminId, 'update', id, before, after);
        await spec.afterUpdate?.(tx, adminId, before as R, after as R);
        return id;
      }),
    remove: (db: Database, adminId: number, id: number): Promise<number> =>
      db.transaction(async (tx) => {
        const before = await lockRowById(tx, spec.table, id, spec.notFound);
        const refusal = await spec.inUse(tx, id);
        if (refusal) throw conflict(refusal);
        await tx.delete(spec.table).where(eq(spec.table.id, id));
        await audit(tx, adminId, 'delete', id, before, null);
        return id;
      }),
  };
}

// Locations ------------------------------------------------------------------------------------------

export async function listLocations(db: Executor, locationId?: number): Promise<LocationAdminRecord[]> {
  const rows = await queryRows<LocationAdminRecord>(
    db,
    sql`select l.id as "LOCATION_ID", l.name as "LOCATION_NAME", l.name_short as "LOCATION_NAME_SHORT", l.address as "LOCATION_ADDRESS",
          ${isoTimestamp('l.allow_booking_from')} as "LOCATION_ALLOW_BOOKING_FROM", l.allow_booking_info as "LOCATION_ALLOW_BOOKING_INFO",
          (select count(*)::int from camps c where c.location_id = l.id) as "CAMPS_USING"
        from locations l ${locationId === undefined ? sql`` : sql`where l.id = ${locationId}`}`,
  );
  return rows.sort((a, b) => compareDutch(a.LOCATION_NAME, b.LOCATION_NAME));
}

/** A location camps or monitors point at stays; the refusal says how many of each. */
export const locationService = listService<LocationValues>({
  table: locations,
  tableName: 'locations',
  call: 'crudLocation',
  entity: 'location',
  notFound: seasonMessages.locationNotFound,
  columns: (v) => ({
    name: v.LOCATION_NAME,
    nameShort: v.LOCATION_NAME_SHORT,
    address: v.LOCATION_ADDRESS?.trim() ?? null,
    allowBookingFrom: v.LOCATION_ALLOW_BOOKING_FROM,
    allowBookingInfo: v.LOCATION_ALLOW_BOOKING_INFO,
  }),
  uniqueAmong: (tx) => tx.select({ id: locations.id, name: locations.nameShort }).from(locations),
  uniqueName: (v) => v.LOCATION_NAME_SHORT,
  uniqueField: 'LOCATION_NAME_SHORT',
  uniqueMessage: seasonMessages.shortNameTaken,
  inUse: async (tx, id) => {
    const campCount = await countWhere(tx, camps, eq(camps.locationId, id));
    const monitorCount = await countWhere(
      tx,
      monitors,
      or(
        eq(monitors.campLocation1, id),
        eq(monitors.campLocation2, id),
        eq(monitors.campLocation3, id),
        eq(monitors.campLocation4, id),
        eq(monitors.campLocation5, id),
      ),
    );
    return campCount + monitorCount === 0
      ? null
      : inUseMessage('Deze locatie', [
          { count: campCount, one: 'kamp', many: 'kampen' },
          { count: monitorCount, one: 'monitor', many: 'monitoren' },
        ]);
  },
});

// Periods --------------------------------------------------------------------------------------------

/** Periods (of one camp year) sorted by start date, then name: 'Krokus' before 'Herfst'. */
export async function listPeriods(db: Executor, options: { year?: number; periodId?: number }): Promise<PeriodAdminRecord[]> {
  const where =
    options.periodId !== undefined
      ? sql`where p.id = ${options.periodId}`
      : options.year !== undefined
        ? sql`where ${startsInYear('p.start_date', options.year)}`
        : sql``;
  const rows = await queryRows<PeriodAdminRecord>(
    db,
    sql`select p.id as "PERIOD_ID", p.name as "PERIOD_NAME", p.name_short as "PERIOD_NAME_SHORT",
          p.start_date::text as "PERIOD_STARTDATE", p.end_date::text as "PERIOD_ENDDATE",
          (select count(*)::int from camps c where c.period_id = p.id) as "CAMPS_USING"
        from periods p ${where}`,
  );
  return rows.sort(comparePeriodsByStart);
}

/** Short names are unique within a camp year (every year has its 'Krokus'). */
export const periodService = listService<PeriodValues, typeof periods.$inferSelect>({
  table: periods,
  tableName: 'periods',
  call: 'crudPeriod',
  entity: 'period',
  notFound: seasonMessages.periodNotFound,
  columns: (v) => ({ name: v.PERIOD_NAME, nameShort: v.PERIOD_NAME_SHORT, startDate: v.PERIOD_STARTDATE, endDate: v.PERIOD_ENDDATE }),
  uniqueAmong: (tx, v) =>
    tx
      .select({ id: periods.id, name: periods.nameShort })
      .from(periods)
      .where(startsInYear('start_date', Number(v.PERIOD_STARTDATE.slice(0, 4)))),
  uniqueName: (v) => v.PERIOD_NAME_SHORT,
  uniqueField: 'PERIOD_NAME_SHORT',
  uniqueMessage: seasonMessages.periodShortNameTaken,
  inUse: async (tx, id) => {
    const campCount = await countWhere(tx, camps, eq(camps.periodId, id));
    return campCount === 0 ? null : inUseMessage('Deze periode', [{ count: campCount, one: 'kamp', many: 'kampen' }]);
  },
  afterUpdate: followPeriodDates,
});

// Age groups -----------------------------------------------------------------------------------------

export async function listAgegroups(db: Executor, agegroupId?: number): Promise<AgegroupAdminRecord[]> {
  return queryRows<AgegroupAdminRecord>(
    db,
    sql`select a.id as "AGEGROUP_ID", a.name as "AGEGROUP_NAME", a.min_age as "AGEGROUP_MIN_AGE", a.max_age as "AGEGROUP_MAX_AGE",
          (select count(*)::int from camps c where c.agegroup_id = a.id) as "CAMPS_USING"
        from agegroups a ${agegroupId === undefined ? sql`` : sql`where a.id = ${agegroupId}`}
        order by a.min_age nulls last, a.max_age, a.id`,
  );
}

export const agegroupService = listService<AgegroupValues>({
  table: agegroups,
  tableName: 'agegroups',
  call: 'crudAgegroup',
  entity: 'agegroup',
  notFound: seasonMessages.agegroupNotFound,
  columns: (v) => ({ name: v.AGEGROUP_NAME, minAge: v.AGEGROUP_MIN_AGE, maxAge: v.AGEGROUP_MAX_AGE }),
  uniqueAmong: (tx) => tx.select({ id: agegroups.id, name: agegroups.name }).from(agegroups),
  uniqueName: (v) => v.AGEGROUP_NAME,
  uniqueField: 'AGEGROUP_NAME',
  uniqueMessage: seasonMessages.nameTaken,
  inUse: async (tx, id) => {
    const campCount = await countWhere(tx, camps, eq(camps.agegroupId, id));
    return campCount === 0 ? null : inUseMessage('Deze leeftijdsgroep', [{ count: campCount, one: 'kamp', many: 'kampen' }]);
  },
});

// Lunch preferences ----------------------------------------------------------------------------------

export async function readLunchPreference(db: Executor, id: number): Promise<LunchPreferenceRecord[]> {
  return (await db.select().from(lunchPreferences).where(eq(lunchPreferences.id, id))).map((r) => ({
    LUNCHPREFERENCE_ID: r.id,
    LUNCHPREFERENCE_DESCRIPTION: r.description,
  }));
}

/** Subscriptions keep the lunch preference they chose; one that any subscription names stays. */
export const lunchPreferenceService = listService<LunchPreferenceValues>({
  table: lunchPreferences,
  tableName: 'lunch_preferences',
  call: 'crudLunchPreference',
  entity: 'lunchPreference',
  notFound: seasonMessages.lunchPreferenceNotFound,
  columns: (v) => ({ description: v.LUNCHPREFERENCE_DESCRIPTION }),
  uniqueAmong: (tx) => tx.select({ id: lunchPreferences.id, name: lunchPreferences.description }).from(lunchPreferences),
  uniqueName: (v) => v.LUNCHPREFERENCE_DESCRIPTION,
  uniqueField: 'LUNCHPREFERENCE_DESCRIPTION',
  uniqueMessage: seasonMessages.nameTaken,
  inUse: async (tx, id) => {
    const used = await countWhere(tx, subscriptions, eq(subscriptions.lunchPreferenceId, id));
    return used === 0 ? null : inUseMessage('Deze lunchvoorkeur', [{ count: used, one: 'inschrijving', many: 'inschrijvingen' }]);
  },
});
