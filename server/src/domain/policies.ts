import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { currentYearInBelgium, todayInBelgium } from '@common/calendar.js';
import {
  changes,
  mayExportFormat,
  mayFindByPartOfNationalNumber,
  mayReadHistory,
  maySeeUserEmails,
  partialView,
  rolesFor,
  staffOpensSafetySheets,
  type RecordType,
} from '@common/policies.js';
import type { Role } from '@common/roles.js';
import { readRows, type Executor } from '../db/client.js';
import { safetySheetMessages } from '@common/safety-sheet.js';
import { inList } from '../db/sql.js';
import { AppError, forbidden } from '../lib/errors.js';
import { readSafetySettings } from './safety-sheets.js';

/**
 * The server's half of the record policies (issue 33): the rules that need the database or the clock, on top of
 * the pure policies in common/src/policies.ts (which roles read, change and export each kind of record, which
 * fields a partial reader sees, which pages a role opens). Every data rule of who sees what is here, used by the
 * calls, the audit history and the exports; a handler never writes `role !== 'beheerder'` itself.
 */

export { mayFindByPartOfNationalNumber, mayReadHistory, maySeeUserEmails };

/** What the rules need of the signed-in user (SessionUser). */
export interface Viewer {
  role: Role;
  monitorId: number | null;
}

/**
 * Which camps a monitor user may see (issue 36): the camps of the current season (the camp year of today, in Belgium)
 * that have not ended and that the monitor the user is linked to is planned on. The way over from the camp
 * locations: a monitor not planned on any camp of the season yet still sees the camps at their camp locations
 * (MONITOR_CAMP_LOCATION_1 to 5), so existing monitor users keep their lists until the organiser plans the season
 * (a draft copied from last year is no planning yet);
 * from their first assignment on, exactly their planned camps. Answers the camp ids; a monitor user linked to no
 * monitor sees none.
 */
export async function monitorCampIds(db: Executor, monitorId: number | null, now: Date): Promise<number[]> {
  if (monitorId === null) return [];
  const season = sql`p.start_date >= ${`${currentYearInBelgium(now)}-01-01`}::date and p.start_date < ${`${currentYearInBelgium(now) + 1}-01-01`}::date`;
  const rows = await readRows(
    db,
    sql`with planned as (
          select c.id, p.end_date from monitor_assignments ma join camps c on c.id = ma.camp_id join periods p on p.id = c.period_id
          where ma.monitor_id = ${monitorId} and not ma.draft and ${season})
        select id from planned where end_date >= ${todayInBelgium(now)}::date
        union
        select c.id from camps c join periods p on p.id = c.period_id
          join monitors m on m.id = ${monitorId}
            and c.location_id in (m.camp_location_1, m.camp_location_2, m.camp_location_3, m.camp_location_4, m.camp_location_5)
          where not exists (select 1 from planned)
            and p.start_date >= ${`${currentYearInBelgium(now)}-01-01`}::date and p.end_date >= ${todayInBelgium(now)}::date`,
    z.object({ id: z.number() }),
  );
  return rows.map((r) => r.id);
}

/**
 * The monitor whose own planning the user changes (issue 36, a monitor's own availability): the monitor a monitor user
 * is linked to. A user of another role, or a monitor user linked to no monitor, is refused (403): staff enter a
 * monitor's availability through the planning's own calls.
 */
export function ownMonitorId(viewer: Viewer): number {
  if (!rolesFor(changes('ownPlanning')).includes(viewer.role) || viewer.monitorId === null) throw forbidden();
  return viewer.monitorId;
}

/** The camps a user may see of a kind of record that is read per camp: null when every camp (a whole reader). */
export async function visibleCampIds(db: Executor, viewer: Viewer, record: RecordType, now: Date): Promise<number[] | null> {
  if (!partialView(record, viewer.role)) return null;
  if (viewer.role === 'monitor') return monitorCampIds(db, viewer.monitorId, now);
  return [];
}

/** Refuses (403) a camp the user may not see of this kind of record. An unknown camp is left to the call (its 404). */
export async function assertCampVisible(db: Executor, viewer: Viewer, record: RecordType, campId: number, now: Date): Promise<void> {
  const visible = await visibleCampIds(db, viewer, record, now);
  if (visible === null || visible.includes(campId)) return;
  const [camp] = await readRows(db, sql`select id from camps where id = ${campId}`, z.object({ id: z.number() }));
  if (camp) throw forbidden();
}

/** Refuses (403) a subscription of a camp the user may not see of this kind of record. */
export async function assertSubscriptionCampVisible(
  db: Executor,
  viewer: Viewer,
  record: RecordType,
  subscriptionId: number,
  now: Date,
): Promise<void> {
  if (!partialView(record, viewer.role)) return;
  const [row] = await readRows(
    db,
    sql`select camp_id as "campId" from subscriptions where id = ${subscriptionId}`,
    z.object({ campId: z.number() }),
  );
  if (row) await assertCampVisible(db, viewer, record, row.campId, now);
}

/**
 * Each record with only the fields the role sees of this kind (all of them for a whole reader). The fields a
 * partial reader does not get are optional in the record's schema, which checks every answer.
 */
export function visibleFields<T extends object>(record: RecordType, role: Role, rows: T[]): T[] {
  const fields = partialView(record, role)?.fields;
  if (!fields) return rows;
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => fields.includes(key))) as T);
}

/** Refuses (403) an export format the role may not have of this kind of record. */
export function assertExportFormat(record: RecordType, role: Role, format: string): void {
  if (!mayExportFormat(record, role, format)) throw forbidden();
}

/**
 * Whether the user may read the safety sheets of a camp's children now (issue 35, health data): a beheerder at any
 * time; a medewerker when the organiser gave medewerkers that right (MEDEWERKER_READS); a monitor only for a camp of
 * monitorCampIds from MONITOR_DAYS_BEFORE days before its first day through its last.
 */
export async function maySeeCampSafetySheets(db: Executor, viewer: Viewer, campId: number, now: Date): Promise<boolean> {
  return (await safetySheetCampsOf(db, viewer, now, campId)) !== false;
}

/** null: every camp (a staff reader); false: none; else the camps whose sheets a monitor reads now (among `onlyCamp`). */
async function safetySheetCampsOf(db: Executor, viewer: Viewer, now: Date, onlyCamp?: number): Promise<number[] | null | false> {
  const settings = await readSafetySettings(db);
  if (staffOpensSafetySheets(viewer.role, settings.MEDEWERKER_READS)) return null;
  if (viewer.role !== 'monitor') return false;
  const camps = (await monitorCampIds(db, viewer.monitorId, now)).filter((id) => onlyCamp === undefined || id === onlyCamp);
  if (camps.length === 0) return false;
  const rows = await readRows(
    db,
    sql`select c.id from camps c join periods p on p.id = c.period_id
        where ${inList(sql.raw('c.id'), camps, 'int')}
          and ${todayInBelgium(now)}::date between p.start_date - ${settings.MONITOR_DAYS_BEFORE}::int and p.end_date`,
    z.object({ id: z.number() }),
  );
  return rows.length === 0 ? false : rows.map((r) => r.id);
}

const sheetRefused = () => new AppError('SAFETY_SHEET_FORBIDDEN', safetySheetMessages.notAllowed);

/** Refuses (403 SAFETY_SHEET_FORBIDDEN) a camp's sheets the user may not read now. */
export async function assertCampSafetySheetsReadable(db: Executor, viewer: Viewer, campId: number, now: Date): Promise<void> {
  if (!(await maySeeCampSafetySheets(db, viewer, campId, now))) throw sheetRefused();
}

/** Refuses (403 SAFETY_SHEET_FORBIDDEN) a child's sheet the user may not read now: a monitor, a child of none of their camps now. */
export async function assertSafetySheetReadable(db: Executor, viewer: Viewer, childId: number, now: Date): Promise<void> {
  const camps = await safetySheetCampsOf(db, viewer, now);
  if (camps === null) return;
  if (camps !== false) {
    const [row] = await readRows(
      db,
      sql`select 1 as one from subscriptions where child_id = ${childId} and not cancelled and ${inList(sql.raw('camp_id'), camps, 'int')} limit 1`,
      z.object({ one: z.number() }),
    );
    if (row) return;
  }
  throw sheetRefused();
}

/** Refuses (403) a save of a sheet by a medewerker without the right; a beheerder always may. */
export async function assertSafetySheetChangeable(db: Executor, viewer: Viewer): Promise<void> {
  if (!staffOpensSafetySheets(viewer.role, (await readSafetySettings(db)).MEDEWERKER_READS)) throw sheetRefused();
}
