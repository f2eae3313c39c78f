import { sql } from 'drizzle-orm';
import { campYears } from '@common/constants.js';
import { centsToEuro } from '@common/money.js';
import {
  copySeasonMessages,
  sameName,
  type CopySeasonCamp,
  type CopySeasonPeriod,
  type CopySeasonResult,
  type CopySeasonValues,
} from '@common/schemas/season.js';
import { addDays, daysBetween, movePeriodDays, parseDayList, sameWeekdayInYear, weekdaysOfPeriod } from '@common/season/dates.js';
import type { Database, Transaction } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { camps, periods } from '../../db/schema.js';
import { copyPlanningDrafts } from '../../domain/planning-drafts.js';
import { startsInYear } from '../../db/sql.js';
import { writeAudit } from '../../lib/audit.js';
import { invalidFields } from '../../lib/errors.js';

type CampRow = typeof camps.$inferSelect;
interface SourceCamp extends CampRow {
  themeName: string;
  locationName: string;
  agegroupName: string;
}
interface PeriodRow {
  id: number;
  name: string;
  nameShort: string;
  startDate: string;
  endDate: string;
}
interface PlannedPeriod extends PeriodRow {
  /** Created by this copy; its id is known once it is inserted. */
  created: boolean;
}

async function periodsOfYear(tx: Transaction, year: number): Promise<PeriodRow[]> {
  return queryRows<PeriodRow>(
    tx,
    sql`select id, name, name_short as "nameShort", start_date::text as "startDate", end_date::text as "endDate"
        from periods where ${startsInYear('start_date', year)} order by start_date, id`,
  );
}

async function campsOfYear(tx: Transaction, year: number) {
  const rows = await tx
    .select({
      camp: camps,
      themeName: sql<string>`(select name from themes where id = ${camps.themeId})`,
      locationName: sql<string>`(select name from locations where id = ${camps.locationId})`,
      agegroupName: sql<string>`(select name from agegroups where id = ${camps.agegroupId})`,
    })
    .from(camps)
    .innerJoin(periods, sql`${periods.id} = ${camps.periodId}`)
    .where(sql`${startsInYear('periods.start_date', year)}`)
    .orderBy(periods.startDate, camps.id);
  return rows.map((r): SourceCamp => ({ ...r.camp, themeName: r.themeName, locationName: r.locationName, agegroupName: r.agegroupName }));
}

/** The booking start moves by whole years: bookings open on the same date and hour next season. */
function shiftTimestamp(iso: string | null, years: number): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString();
}

/**
 * Camp days move with the period's start; days that fall outside the target period are dropped, and a
 * camp left without days gets the period's weekdays.
 */
function shiftCampDays(activeDays: string, from: PeriodRow, to: PeriodRow): string {
  const { inside } = movePeriodDays(parseDayList(activeDays), from, to);
  return (inside.length > 0 ? inside : weekdaysOfPeriod(to.startDate, to.endDate)).join(',');
}

const identity = (c: { locationId: number; themeId: number; agegroupId: number }, periodKey: string) =>
  `${c.locationId}|${c.themeId}|${c.agegroupId}|${periodKey}`;

/**
 * Seizoen kopiëren: every camp of `fromYear` into the period of `toYear` with the same name (a missing
 * period is created on the same weekday), closed, price raised by the percentage, birth years and camp
 * days shifted. A camp whose copy exists (same location, theme, age group and period) is skipped, so a
 * second run creates nothing. A dry run answers the same plan and writes nothing.
 */
export async function copySeason(db: Database, adminId: number, input: CopySeasonValues, today: Date): Promise<CopySeasonResult> {
  // Both years must be camp years the Kampjaar selector offers (2021 up to next year), or the copies could not be opened.
  const offered = campYears(today);
  const outside = (['fromYear', 'toYear'] as const).filter((field) => !offered.includes(input[field]));
  if (outside.length > 0) {
    const message = copySeasonMessages.yearOutOfRange(offered[0]!, offered.at(-1)!);
    throw invalidFields(Object.fromEntries(outside.map((field) => [field, message])));
  }
  const years = input.toYear - input.fromYear;
  return db.transaction(async (tx) => {
    // One copy at a time, so two clicks cannot both find a camp missing and both create it.
    await tx.execute(sql`select pg_advisory_xact_lock(17017)`);
    // One after the other: a transaction's one connection takes one query at a time.
    const sourcePeriods = await periodsOfYear(tx, input.fromYear);
    const targetPeriods = await periodsOfYear(tx, input.toYear);
    const sourceCamps = await campsOfYear(tx, input.fromYear);
    const targetCamps = await campsOfYear(tx, input.toYear);

    const plannedPeriods = new Map<number, PlannedPeriod>();
    for (const source of sourcePeriods) {
      const existing = targetPeriods.find((p) => sameName(p.name, source.name));
      if (existing) plannedPeriods.set(source.id, { ...existing, created: false });
      else {
        const startDate = sameWeekdayInYear(source.startDate, years);
        plannedPeriods.set(source.id, {
          id: 0,
          name: source.name,
          nameShort: source.nameShort,
          startDate,
          endDate: addDays(startDate, daysBetween(source.startDate, source.endDate)),
          created: true,
        });
      }
    }

    // How many copies of each camp already exist in the target year: that many source camps are skipped.
    const existingCopies = new Map<string, number>();
    for (const camp of targetCamps) {
      const key = identity(camp, `id:${camp.periodId}`);
      existingCopies.set(key, (existingCopies.get(key) ?? 0) + 1);
    }

    const periodKey = (p: PlannedPeriod) => (p.created ? `new:${p.name}` : `id:${p.id}`);
    const plan = sourceCamps.map((camp) => {
      const from = sourcePeriods.find((p) => p.id === camp.periodId)!;
      const to = plannedPeriods.get(camp.periodId)!;
      const key = identity(camp, periodKey(to));
      const left = existingCopies.get(key) ?? 0;
      if (left > 0) existingCopies.set(key, left - 1);
      const { id: _id, periodId: _periodId, themeName: _t, locationName: _l, agegroupName: _a, ...fields } = camp;
      const copy: Omit<CampRow, 'id' | 'periodId'> = {
        ...fields,
        closed: true,
        priceCents: Math.round(camp.priceCents * (1 + input.priceIncreasePercent / 100)),
        minBirthyear: camp.minBirthyear + years,
        maxBirthyear: camp.maxBirthyear + years,
        activeDays: shiftCampDays(camp.activeDays, from, to),
        allowBookingFrom: shiftTimestamp(camp.allowBookingFrom, years),
      };
      return { source: camp, to, copy, skip: left > 0 };
    });

    const describe = (entry: (typeof plan)[number], campId: number | null): CopySeasonCamp => ({
      SOURCE_CAMP_ID: entry.source.id,
      CAMP_ID: campId,
      THEME_NAME: entry.source.themeName,
      LOCATION_NAME: entry.source.locationName,
      AGEGROUP_NAME: entry.source.agegroupName,
      PERIOD_NAME: entry.to.name,
      PERIOD_STARTDATE: entry.to.startDate,
      PRICE: centsToEuro(entry.copy.priceCents),
      MIN_BIRTHYEAR: entry.copy.minBirthyear,
      MAX_BIRTHYEAR: entry.copy.maxBirthyear,
      ACTIVE_DAYS: entry.copy.activeDays,
      ...(entry.skip ? { REASON: copySeasonMessages.skippedExists } : {}),
    });

    if (!input.dryRun) {
      for (const period of plannedPeriods.values()) {
        if (!period.created || period.id !== 0) continue;
        const [row] = await tx
          .insert(periods)
          .values({ name: period.name, nameShort: period.nameShort, startDate: period.startDate, endDate: period.endDate })
          .returning();
        period.id = row!.id;
        await writeAudit(tx, { adminId, action: 'copySeason', entity: 'period', entityId: row!.id, before: null, after: row });
      }
    }

    const created: CopySeasonCamp[] = [];
    const skipped: CopySeasonCamp[] = [];
    for (const entry of plan) {
      if (entry.skip) {
        skipped.push(describe(entry, null));
        continue;
      }
      if (input.dryRun) {
        created.push(describe(entry, null));
        continue;
      }
      const [row] = await tx
        .insert(camps)
        .values({ ...entry.copy, periodId: entry.to.id })
        .returning();
      await writeAudit(tx, {
        adminId,
        action: 'copySeason',
        entity: 'camp',
        entityId: row!.id,
        before: null,
        after: { ...row, SOURCE_CAMP_ID: entry.source.id },
      });
      created.push(describe(entry, row!.id));
    }

    // Last year's monitors onto the copies, as drafts staff confirm (issue 36): only onto camps this copy creates.
    const planning = input.copyPlanning
      ? await copyPlanningDrafts(
          tx,
          adminId,
          input.toYear,
          plan
            .filter((entry) => !entry.skip)
            .map((entry, i) => ({
              sourceCampId: entry.source.id,
              campId: created[i]!.CAMP_ID,
              start: entry.to.startDate,
              end: entry.to.endDate,
            })),
        )
      : null;

    const periodsAnswer: CopySeasonPeriod[] = [...new Map([...plannedPeriods.values()].map((p) => [periodKey(p), p])).values()]
      .sort((a, b) => a.startDate.localeCompare(b.startDate))
      .map((p) => ({
        PERIOD_ID: p.id === 0 ? null : p.id,
        PERIOD_NAME: p.name,
        PERIOD_STARTDATE: p.startDate,
        PERIOD_ENDDATE: p.endDate,
        CREATED: p.created,
      }));
    return { dryRun: input.dryRun, planning, periods: periodsAnswer, created, skipped };
  });
}
