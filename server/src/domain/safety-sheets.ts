import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { todayInBelgium } from '@common/calendar.js';
import {
  medicationRound,
  phoneDigits,
  safetySheetMessages,
  safetyWarnings,
  sheetStatus,
  type MedicationDose,
  type SafetySheetData,
  type SheetStatus,
} from '@common/safety-sheet.js';
import type { SafetySheetAnswer, SafetySheetSettings, SaveSafetySheetPayload } from '@common/schemas/safety-sheet.js';
import type { FastifyBaseLogger } from 'fastify';
import { readRows, type Database, type Executor } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { createPeriodicRunner, type PeriodicRunner } from '../lib/periodic-runner.js';
import { auditLog, safetySheets, safetySheetSettings } from '../db/schema.js';
import { inList } from '../db/sql.js';
import { writeAudit } from '../lib/audit.js';
import { invalidFields, notFound } from '../lib/errors.js';

/**
 * The safety sheets' data (issue 35): the organiser's rules, a child's sheet read and saved, what a camp's lists
 * show of its children's sheets, and the retention. Who may read what is decided before, in domain/policies.ts; the
 * sheet's content never goes into the audit log, a mail or the server log.
 */

const SETTINGS_ROW = 1;
export const DEFAULT_SAFETY_SETTINGS: SafetySheetSettings = {
  LEVELS: {},
  MONITOR_DAYS_BEFORE: 1,
  RETENTION_DAYS: 30,
  MEDEWERKER_READS: false,
};

export async function readSafetySettings(db: Executor): Promise<SafetySheetSettings> {
  const [row] = await db.select().from(safetySheetSettings).where(eq(safetySheetSettings.id, SETTINGS_ROW));
  if (!row) return DEFAULT_SAFETY_SETTINGS;
  return {
    LEVELS: row.levels,
    MONITOR_DAYS_BEFORE: row.monitorDaysBefore,
    RETENTION_DAYS: row.retentionDays,
    MEDEWERKER_READS: row.medewerkerReads,
  };
}

/** Saves the fields sent over the rules in force; audited with before and after (no family's data in them). */
export async function saveSafetySettings(
  db: Executor,
  adminId: number,
  values: Partial<SafetySheetSettings>,
): Promise<SafetySheetSettings> {
  const before = await readSafetySettings(db);
  const after = { ...before, ...values };
  const columns = {
    levels: after.LEVELS,
    monitorDaysBefore: after.MONITOR_DAYS_BEFORE,
    retentionDays: after.RETENTION_DAYS,
    medewerkerReads: after.MEDEWERKER_READS,
  };
  await db
    .insert(safetySheetSettings)
    .values({ id: SETTINGS_ROW, ...columns })
    .onConflictDoUpdate({ target: safetySheetSettings.id, set: columns });
  await writeAudit(db, { adminId, action: 'saveSafetySheetSettings', entity: 'safetySheetSettings', entityId: null, before, after });
  return after;
}

const childRow = z.object({ id: z.number(), name: z.string(), parentPhone: z.string(), parentPhone2: z.string() });
async function findChild(db: Executor, childId: number) {
  const [child] = await readRows(
    db,
    sql`select ch.id, ch.firstname || ' ' || ch.lastname as name, pa.phone as "parentPhone", pa.phone2 as "parentPhone2"
        from children ch join parents pa on pa.id = ch.parent_id where ch.id = ${childId}`,
    childRow,
  );
  if (!child) throw notFound(safetySheetMessages.childNotFound);
  return child;
}

const yearOf = (now: Date) => Number(todayInBelgium(now).slice(0, 4));

/** A child's sheet as the calls answer it (SHEET null while none is stored), with its warnings of this year. */
export async function readSafetySheet(db: Executor, childId: number, now: Date): Promise<SafetySheetAnswer> {
  const child = await findChild(db, childId);
  const [row] = await db.select().from(safetySheets).where(eq(safetySheets.childId, childId));
  const settings = await readSafetySettings(db);
  return {
    CHILD_ID: child.id,
    CHILD_NAME: child.name,
    SHEET: row?.sheet ?? null,
    KEEP_IN_ACCOUNT: row?.keepInAccount ?? false,
    PHOTO_CONSENT_DATE: row?.photoConsentOn ?? null,
    UPDATED_AT: row ? row.updatedAt.toISOString() : null,
    UPDATED_BY: row?.updatedBy ?? null,
    WARNINGS: row ? safetyWarnings(row.sheet, settings.LEVELS, yearOf(now)) : [],
  };
}

/** Reads of sheets, audited one entry per child: who (the user), whose (the child), when; never what it says. */
export async function auditSheetReads(
  db: Executor,
  adminId: number,
  childIds: readonly number[],
  action = 'readSafetySheet',
): Promise<void> {
  const whose = [...new Set(childIds)];
  if (whose.length === 0) return;
  await db
    .insert(auditLog)
    .values(whose.map((entityId) => ({ adminId, action, entity: 'safetySheet', entityId, before: null, after: null })));
}

/**
 * Saves a child's sheet (replacing the one stored). At least one emergency contact must be someone other than the
 * parent of the booking (another phone number than the parent's). The photo consent keeps the day it was given until
 * it changes. Audited without the content: who saved whose sheet, and when.
 */
export async function saveSafetySheet(
  db: Executor,
  input: { payload: SaveSafetySheetPayload; by: 'family' | 'staff'; adminId: number | null; now: Date },
): Promise<void> {
  const { CHILD_ID, KEEP_IN_ACCOUNT, ...sheet } = input.payload;
  const child = await findChild(db, CHILD_ID);
  const parentPhones = new Set([child.parentPhone, child.parentPhone2].filter(Boolean).map(phoneDigits));
  if (!sheet.EMERGENCY_CONTACTS.some((c) => !parentPhones.has(phoneDigits(c.PHONE))))
    throw invalidFields({ EMERGENCY_CONTACTS: safetySheetMessages.emergencyContactOther });
  const [stored] = await db.select().from(safetySheets).where(eq(safetySheets.childId, CHILD_ID));
  const today = todayInBelgium(input.now);
  const values = {
    sheet: sheet satisfies SafetySheetData,
    // Only the family chooses to keep the sheet in its account; a save at the desk keeps its choice.
    keepInAccount: input.by === 'family' ? (KEEP_IN_ACCOUNT ?? false) : (stored?.keepInAccount ?? false),
    photoConsentOn: stored && stored.sheet.PHOTO_CONSENT === sheet.PHOTO_CONSENT ? stored.photoConsentOn : today,
    updatedAt: input.now,
    updatedBy: input.by,
  };
  await db
    .insert(safetySheets)
    .values({ childId: CHILD_ID, ...values })
    .onConflictDoUpdate({ target: safetySheets.childId, set: values });
  await writeAudit(db, {
    adminId: input.adminId,
    action: input.by === 'family' ? 'saveFamilySafetySheet' : 'saveSafetySheet',
    entity: 'safetySheet',
    entityId: CHILD_ID,
    before: null,
    after: { UPDATED_BY: input.by },
  });
}

/** What a camp's participant list shows of a child's sheet, for whoever may read it. */
export interface CampSafety {
  SAFETY_SHEET_STATUS: SheetStatus;
  SAFETY_WARNINGS: { LEVEL: 'info' | 'attention' | 'urgent'; TEXT: string }[];
  PICKUP_ALLOWED: SafetySheetData['PICKUP_ALLOWED'];
  PICKUP_REFUSED: SafetySheetData['PICKUP_REFUSED'];
  GOES_HOME_ALONE: boolean;
  PHOTO_CONSENT: SafetySheetData['PHOTO_CONSENT'] | null;
}

const sheetRow = z.object({ childId: z.number(), sheet: z.unknown(), updatedAt: z.string() });
async function sheetsOf(db: Executor, childIds: readonly number[]) {
  if (childIds.length === 0) return new Map<number, { sheet: SafetySheetData; updatedAt: string }>();
  const rows = await readRows(
    db,
    sql`select child_id as "childId", sheet, updated_at::text as "updatedAt" from safety_sheets where ${inList(sql.raw('child_id'), childIds, 'int')}`,
    sheetRow,
  );
  return new Map(rows.map((r) => [r.childId, { sheet: r.sheet as SafetySheetData, updatedAt: r.updatedAt }]));
}

/** Per child of a camp: the status of its sheet (against the camp's year), its warnings, pick-up and photo consent. */
export async function campSafety(db: Executor, childIds: readonly number[], campYear: number): Promise<Map<number, CampSafety>> {
  const sheets = await sheetsOf(db, childIds);
  const { LEVELS } = await readSafetySettings(db);
  return new Map(
    childIds.map((childId) => {
      const stored = sheets.get(childId);
      return [
        childId,
        {
          SAFETY_SHEET_STATUS: sheetStatus(stored?.updatedAt ?? null, campYear),
          SAFETY_WARNINGS: stored ? safetyWarnings(stored.sheet, LEVELS, campYear) : [],
          PICKUP_ALLOWED: stored?.sheet.PICKUP_ALLOWED ?? [],
          PICKUP_REFUSED: stored?.sheet.PICKUP_REFUSED ?? [],
          GOES_HOME_ALONE: stored?.sheet.GOES_HOME_ALONE ?? false,
          PHOTO_CONSENT: stored?.sheet.PHOTO_CONSENT ?? null,
        },
      ];
    }),
  );
}

/** The medication round of the children of a day (their ids and names), by time. */
export async function medicationRoundOf(db: Executor, children: { CHILD_ID: number; CHILD_NAME: string }[]): Promise<MedicationDose[]> {
  const sheets = await sheetsOf(
    db,
    children.map((c) => c.CHILD_ID),
  );
  return medicationRound(children.flatMap((c) => (sheets.has(c.CHILD_ID) ? [{ ...c, sheet: sheets.get(c.CHILD_ID)!.sheet }] : [])));
}

/**
 * The retention of the sheets (docs/privacy.md): a sheet the family does not keep in its account is erased
 * RETENTION_DAYS after the end of the child's last camp (not cancelled), or after its last save when that is later
 * (a sheet filled in for a camp not booked). Kept in the account: the family has an account on the public site
 * linked to the child's parent and ticked 'Bewaren in mijn account'. Answers how many sheets were erased.
 */
export async function eraseExpiredSafetySheets(db: Executor, now: Date): Promise<number> {
  const { RETENTION_DAYS } = await readSafetySettings(db);
  const today = todayInBelgium(now);
  const erased = await readRows(
    db,
    sql`delete from safety_sheets ss
        where not (ss.keep_in_account and exists (
                select 1 from family_accounts fa join children ch on ch.parent_id = fa.parent_id where ch.id = ss.child_id))
          and greatest(
                (select max(p.end_date) from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
                 where s.child_id = ss.child_id and not s.cancelled),
                (ss.updated_at at time zone 'Europe/Brussels')::date
              ) + ${RETENTION_DAYS}::int < ${today}::date
        returning ss.child_id as "childId"`,
    z.object({ childId: z.number() }),
  );
  return erased.length;
}

/** How often the server looks for sheets past their retention: once an hour is well within a day. */
export const SAFETY_SHEET_RETENTION_POLL_MS = 60 * 60 * 1000;

/**
 * Erases the sheets past their retention in the server (at start-up and every hour), audited by count only. Several
 * server processes may run it at once: a sheet is deleted once.
 */
export function createSafetySheetRetention(deps: { db: () => Database; clock: Clock; log: FastifyBaseLogger }): PeriodicRunner {
  return createPeriodicRunner({
    work: () =>
      deps.db().transaction(async (tx) => {
        const erased = await eraseExpiredSafetySheets(tx, deps.clock.now());
        if (erased > 0)
          await writeAudit(tx, {
            adminId: null,
            action: 'eraseExpiredSafetySheets',
            entity: 'safetySheet',
            entityId: null,
            before: null,
            after: { COUNT: erased },
          });
        return erased;
      }),
    pollMs: SAFETY_SHEET_RETENTION_POLL_MS,
    log: deps.log,
    done: 'safety sheets past their retention erased',
    failed: 'erasing safety sheets past their retention failed',
  });
}
