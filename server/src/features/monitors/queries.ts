import { eq } from 'drizzle-orm';
import { maskedNationalNumber } from '@common/identity-numbers.js';
import type { MonitorRecord } from '@common/schemas/monitors.js';
import { compareByLastThenFirstName } from '@common/sort.js';
import type { Executor } from '../../db/client.js';
import { monitors } from '../../db/schema.js';

export type MonitorRow = typeof monitors.$inferSelect;

export function toMonitorRecord(row: MonitorRow): MonitorRecord {
  return {
    MONITOR_ID: row.id,
    MONITOR_VERSION: row.version,
    MONITOR_FIRSTNAME: row.firstname,
    MONITOR_LASTNAME: row.lastname,
    MONITOR_EMAIL: row.email,
    MONITOR_PHONE: row.phone,
    MONITOR_REMARK: row.remark,
    MONITOR_BIRTHDATE: row.birthdate,
    MONITOR_NATIONALNR: row.nationalnr,
    MONITOR_ACCOUNT_NR: row.accountNr,
    MONITOR_STREET: row.street,
    MONITOR_HOUSENR: row.housenr,
    MONITOR_POSTALCODE: row.postalcode,
    MONITOR_CITY: row.city,
    MONITOR_CAMP_LOCATION_1: row.campLocation1,
    MONITOR_CAMP_LOCATION_2: row.campLocation2,
    MONITOR_CAMP_LOCATION_3: row.campLocation3,
    MONITOR_CAMP_LOCATION_4: row.campLocation4,
    MONITOR_CAMP_LOCATION_5: row.campLocation5,
  };
}

const byName = compareByLastThenFirstName<MonitorRecord>(
  (m) => m.MONITOR_LASTNAME,
  (m) => m.MONITOR_FIRSTNAME,
);

/**
 * Every monitor, or the one with `monitorId` (an empty list when unknown), the national number masked (issue 20:
 * revealNationalNumber answers it in full). Sorted in the server with the
 * Dutch collation of common/ (then by id for namesakes), so PGlite and PostgreSQL answer the same order.
 */
export async function listMonitors(db: Executor, monitorId?: number): Promise<MonitorRecord[]> {
  const query = db.select().from(monitors);
  const rows = await (monitorId === undefined ? query : query.where(eq(monitors.id, monitorId)));
  return rows
    .map((row) => ({ ...toMonitorRecord(row), MONITOR_NATIONALNR: maskedNationalNumber(row.nationalnr) }))
    .sort((a, b) => byName(a, b) || a.MONITOR_ID - b.MONITOR_ID);
}
