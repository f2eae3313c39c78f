import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  myPlanningAnswer,
  type MyAvailabilityAnswer,
  planningCamp,
  planningPeriod,
  type PlanningAnswer,
  type PlanningCamp,
  type PlanningMonitor,
  type RegisterAnswer,
} from '@common/schemas/planning.js';
import {
  allowanceDays,
  capOf,
  DEFAULT_CHILDREN_PER_MONITOR,
  monitorsNeeded,
  validThrough,
  type VolunteerCapsCents,
  type VolunteerKind,
} from '@common/volunteer-allowance.js';
import { readRows, type Executor } from '../../db/client.js';
import { startsInYear } from '../../db/sql.js';
import { seatsTakenPerCamp } from '../../domain/seats.js';
import { readVolunteerCaps } from '../../lib/settings.js';

/** Monitor planning's reads (issue 36): the grid of a camp year, one camp's row, the register of a calendar year. */

const campRow = planningCamp
  .pick({
    CAMP_ID: true,
    PERIOD_ID: true,
    LOCATION_ID: true,
    LOCATION_NAME: true,
    THEME_NAME: true,
    AGEGROUP_ID: true,
    AGEGROUP_NAME: true,
    CAMP_START: true,
    CAMP_END: true,
    CHILDREN_BOOKED: true,
    CHILDREN_PER_MONITOR: true,
  })
  .extend({ activeDays: z.string() });
const assignmentRow = z.object({ campId: z.number(), monitorId: z.number(), name: z.string(), head: z.boolean(), draft: z.boolean() });
const qualificationRow = z.object({ monitorId: z.number(), id: z.number(), name: z.string(), validUntil: z.string().nullable() });
const requirementRow = z.object({ campId: z.number(), id: z.number(), name: z.string() });

const monitorName = sql.raw(`m.firstname || ' ' || m.lastname`);

/** The camps of a camp year (or the one camp), each with what its planning row needs. */
async function campRows(db: Executor, of: { campYear: number } | { campId: number }) {
  const where = 'campYear' in of ? startsInYear('p.start_date', of.campYear) : sql`c.id = ${of.campId}`;
  return readRows(
    db,
    sql`select c.id as "CAMP_ID", c.period_id as "PERIOD_ID", c.location_id as "LOCATION_ID", l.name as "LOCATION_NAME",
          t.name as "THEME_NAME", a.id as "AGEGROUP_ID", a.name as "AGEGROUP_NAME", p.start_date::text as "CAMP_START", p.end_date::text as "CAMP_END", c.active_days as "activeDays",
          coalesce(seats.taken, 0)::int as "CHILDREN_BOOKED",
          coalesce(r.children_per_monitor, ${DEFAULT_CHILDREN_PER_MONITOR})::int as "CHILDREN_PER_MONITOR"
        from camps c join periods p on p.id = c.period_id join locations l on l.id = c.location_id
          join themes t on t.id = c.theme_id join agegroups a on a.id = c.agegroup_id
          left join agegroup_ratios r on r.agegroup_id = c.agegroup_id
          left join ${seatsTakenPerCamp()} seats on seats.camp_id = c.id
        where ${where}
        order by p.start_date, l.name, a.name, t.name, c.id`,
    campRow,
  );
}

async function planningFacts(db: Executor, campIds: number[]) {
  const ids = sql`(select unnest(${`{${campIds.join(',')}}`}::int[]))`;
  const [assignments, requirements, qualifications] = await Promise.all([
    readRows(
      db,
      sql`select ma.camp_id as "campId", ma.monitor_id as "monitorId", ${monitorName} as name, ma.head, ma.draft
          from monitor_assignments ma join monitors m on m.id = ma.monitor_id
          where ma.camp_id in ${ids} order by ma.head desc, m.lastname, m.firstname`,
      assignmentRow,
    ),
    readRows(
      db,
      sql`select cr.camp_id as "campId", q.id, q.name from camp_required_qualifications cr join qualifications q on q.id = cr.qualification_id
          where cr.camp_id in ${ids} order by q.name`,
      requirementRow,
    ),
    readRows(
      db,
      sql`select mq.monitor_id as "monitorId", q.id, q.name, mq.valid_until::text as "validUntil"
          from monitor_qualifications mq join qualifications q on q.id = mq.qualification_id
          where mq.monitor_id in (select monitor_id from monitor_assignments where camp_id in ${ids})`,
      qualificationRow,
    ),
  ]);
  return { assignments, requirements, qualifications };
}

/** Each camp's planning: booked children against its ratio, the monitors planned, and what it is short of. */
function toPlanningCamps(rows: z.infer<typeof campRow>[], facts: Awaited<ReturnType<typeof planningFacts>>): PlanningCamp[] {
  return rows.map(({ activeDays, ...camp }) => {
    const onCamp = facts.assignments.filter((a) => a.campId === camp.CAMP_ID);
    // A draft copied from last year is shown but counts for nothing until staff confirm it.
    const monitors = onCamp.filter((a) => !a.draft);
    const required = facts.requirements.filter((r) => r.campId === camp.CAMP_ID);
    const missing = required.filter(
      (r) =>
        !facts.qualifications.some(
          (q) => q.id === r.id && monitors.some((m) => m.monitorId === q.monitorId) && validThrough(q.validUntil, camp.CAMP_END),
        ),
    );
    const needed = monitorsNeeded(camp.CHILDREN_BOOKED, camp.CHILDREN_PER_MONITOR);
    const monitorsMissing = Math.max(0, needed - monitors.length);
    return {
      ...camp,
      CAMP_DAYS: allowanceDays(activeDays, camp.CAMP_START, camp.CAMP_END),
      MONITORS_PLANNED: monitors.length,
      MONITORS_NEEDED: needed,
      MONITORS_MISSING: monitorsMissing,
      HAS_HEAD: monitors.some((m) => m.head),
      REQUIRED_QUALIFICATIONS: required.map((r) => ({ QUALIFICATION_ID: r.id, QUALIFICATION_NAME: r.name })),
      QUALIFICATIONS_MISSING: missing.map((r) => ({ QUALIFICATION_ID: r.id, QUALIFICATION_NAME: r.name })),
      SHORT: monitorsMissing > 0 || missing.length > 0,
      MONITORS: onCamp.map((m) => ({ MONITOR_ID: m.monitorId, MONITOR_NAME: m.name, HEAD: m.head, DRAFT: m.draft })),
    };
  });
}

/** One camp's planning row (the answer of assignMonitor and unassignMonitor), or undefined for an unknown camp. */
export async function planningCampOf(db: Executor, campId: number): Promise<PlanningCamp | undefined> {
  const rows = await campRows(db, { campId });
  return toPlanningCamps(rows, await planningFacts(db, [campId]))[0];
}

const cents = (c: number | null) => (c === null ? null : c / 100);

/** The monitors as the planning shows them: availability of the camp year, qualifications, the allowance of the year. */
async function planningMonitors(db: Executor, campYear: number, caps: { daily: VolunteerCapsCents; yearly: VolunteerCapsCents }) {
  const [monitors, availability, qualifications] = await Promise.all([
    readRows(
      db,
      sql`select m.id, ${monitorName} as name, coalesce(k.kind, 'gewoon') as kind,
            coalesce((select sum(v.amount_cents) from volunteer_allowances v where v.monitor_id = m.id and ${startsInYear('v.day', campYear)}), 0)::int as total
          from monitors m left join monitor_volunteer_kinds k on k.monitor_id = m.id
          order by m.lastname, m.firstname, m.id`,
      z.object({ id: z.number(), name: z.string(), kind: z.enum(['gewoon', 'verhoogd']), total: z.number() }),
    ),
    readRows(
      db,
      sql`select ma.monitor_id as "monitorId", ma.period_id as "periodId" from monitor_availability ma join periods p on p.id = ma.period_id
          where ${startsInYear('p.start_date', campYear)}`,
      z.object({ monitorId: z.number(), periodId: z.number() }),
    ),
    readRows(
      db,
      sql`select mq.monitor_id as "monitorId", q.id, q.name, mq.valid_until::text as "validUntil"
          from monitor_qualifications mq join qualifications q on q.id = mq.qualification_id order by q.name`,
      qualificationRow,
    ),
  ]);
  return monitors.map((m): PlanningMonitor => ({
    MONITOR_ID: m.id,
    MONITOR_NAME: m.name,
    VOLUNTEER_KIND: m.kind,
    AVAILABLE_PERIOD_IDS: availability.filter((a) => a.monitorId === m.id).map((a) => a.periodId),
    QUALIFICATIONS: qualifications
      .filter((q) => q.monitorId === m.id)
      .map((q) => ({ QUALIFICATION_ID: q.id, QUALIFICATION_NAME: q.name, VALID_UNTIL: q.validUntil })),
    ALLOWANCE_YEAR_TOTAL: m.total / 100,
    VOLUNTEER_DAILY_CAP: cents(capOf(caps.daily, campYear, m.kind)),
    VOLUNTEER_YEARLY_CAP: cents(capOf(caps.yearly, campYear, m.kind)),
  }));
}

/** The periods of a camp year, by start. */
const periodsOf = (db: Executor, campYear: number) =>
  readRows(
    db,
    sql`select id as "PERIOD_ID", name as "PERIOD_NAME", start_date::text as "PERIOD_STARTDATE", end_date::text as "PERIOD_ENDDATE"
        from periods p where ${startsInYear('p.start_date', campYear)} order by start_date, id`,
    planningPeriod,
  );

/** getPlanning: the camp year's periods, camps with their planning, monitors and ratios. */
export async function planningOf(db: Executor, campYear: number): Promise<PlanningAnswer> {
  const [periods, camps, caps, ratios, published] = await Promise.all([
    periodsOf(db, campYear),
    campRows(db, { campYear }),
    readVolunteerCaps(db),
    readRows(
      db,
      sql`select a.id as "AGEGROUP_ID", a.name as "AGEGROUP_NAME", coalesce(r.children_per_monitor, ${DEFAULT_CHILDREN_PER_MONITOR})::int as "CHILDREN_PER_MONITOR"
          from agegroups a left join agegroup_ratios r on r.agegroup_id = a.id order by a.min_age nulls last, a.name`,
      z.object({ AGEGROUP_ID: z.number(), AGEGROUP_NAME: z.string(), CHILDREN_PER_MONITOR: z.number() }),
    ),
    readRows(
      db,
      sql`select published_at as "at" from planning_publications where camp_year = ${campYear}`,
      z.object({ at: z.union([z.string(), z.date()]).transform((v) => new Date(v).toISOString()) }),
    ),
  ]);
  const facts = await planningFacts(
    db,
    camps.map((c) => c.CAMP_ID),
  );
  return {
    PUBLISHED_AT: published[0]?.at ?? null,
    periods,
    camps: toPlanningCamps(camps, facts),
    monitors: await planningMonitors(db, campYear, caps),
    ratios,
  };
}

/** The register of a calendar year: every allowance by monitor and day, and each monitor's total against the caps. */
export async function registerOf(db: Executor, year: number): Promise<RegisterAnswer> {
  const [rows, caps] = await Promise.all([
    readRows(
      db,
      sql`select v.monitor_id as "MONITOR_ID", ${monitorName} as "MONITOR_NAME", coalesce(k.kind, 'gewoon') as kind,
            v.camp_id as "CAMP_ID", p.name || ' · ' || l.name || ' · ' || t.name as "CAMP_LABEL", v.day::text as "DAY", v.amount_cents as "cents"
          from volunteer_allowances v join monitors m on m.id = v.monitor_id left join monitor_volunteer_kinds k on k.monitor_id = m.id
            join camps c on c.id = v.camp_id join periods p on p.id = c.period_id join locations l on l.id = c.location_id
            join themes t on t.id = c.theme_id
          where ${startsInYear('v.day', year)}
          order by m.lastname, m.firstname, m.id, v.day`,
      z.object({
        MONITOR_ID: z.number(),
        MONITOR_NAME: z.string(),
        kind: z.enum(['gewoon', 'verhoogd']),
        CAMP_ID: z.number(),
        CAMP_LABEL: z.string(),
        DAY: z.string(),
        cents: z.number(),
      }),
    ),
    readVolunteerCaps(db),
  ]);
  const totals = new Map<number, { MONITOR_NAME: string; kind: VolunteerKind; cents: number }>();
  for (const row of rows) {
    const total = totals.get(row.MONITOR_ID) ?? { MONITOR_NAME: row.MONITOR_NAME, kind: row.kind, cents: 0 };
    total.cents += row.cents;
    totals.set(row.MONITOR_ID, total);
  }
  return {
    rows: rows.map(({ kind: _kind, cents: c, ...row }) => ({ ...row, AMOUNT: c / 100 })),
    totals: [...totals].map(([monitorId, t]) => ({
      MONITOR_ID: monitorId,
      MONITOR_NAME: t.MONITOR_NAME,
      VOLUNTEER_KIND: t.kind,
      TOTAL: t.cents / 100,
      VOLUNTEER_DAILY_CAP: cents(capOf(caps.daily, year, t.kind)),
      VOLUNTEER_YEARLY_CAP: cents(capOf(caps.yearly, year, t.kind)),
    })),
  };
}

/** getMyPlanning: the camps of the camp year the monitor is planned on (confirmed: a draft is no planning yet). */
export async function myPlanningOf(db: Executor, monitorId: number | null, campYear: number) {
  if (monitorId === null) return [];
  return readRows(
    db,
    sql`select c.id as "CAMP_ID", p.name as "PERIOD_NAME", p.start_date::text as "PERIOD_STARTDATE", p.end_date::text as "PERIOD_ENDDATE",
          l.name as "LOCATION_NAME", t.name as "THEME_NAME", a.name as "AGEGROUP_NAME", ma.head as "HEAD",
          coalesce(seats.taken, 0)::int as "CHILDREN_BOOKED"
        from monitor_assignments ma join camps c on c.id = ma.camp_id join periods p on p.id = c.period_id
          join locations l on l.id = c.location_id join themes t on t.id = c.theme_id join agegroups a on a.id = c.agegroup_id
          left join ${seatsTakenPerCamp()} seats on seats.camp_id = c.id
        where ma.monitor_id = ${monitorId} and not ma.draft and ${startsInYear('p.start_date', campYear)}
        order by p.start_date, c.id`,
    myPlanningAnswer.element,
  );
}

/** getMyAvailability: the camp year's periods, the monitor's available ones and those they are planned in. */
export async function myAvailabilityOf(db: Executor, monitorId: number | null, campYear: number): Promise<MyAvailabilityAnswer> {
  if (monitorId === null) return { periods: [], AVAILABLE_PERIOD_IDS: [], PLANNED_PERIOD_IDS: [] };
  const [periods, available, planned] = await Promise.all([
    periodsOf(db, campYear),
    readRows(
      db,
      sql`select ma.period_id as id from monitor_availability ma join periods p on p.id = ma.period_id
          where ma.monitor_id = ${monitorId} and ${startsInYear('p.start_date', campYear)} order by p.start_date`,
      z.object({ id: z.number() }),
    ),
    readRows(
      db,
      sql`select distinct c.period_id as id from monitor_assignments ma join camps c on c.id = ma.camp_id join periods p on p.id = c.period_id
          where ma.monitor_id = ${monitorId} and not ma.draft and ${startsInYear('p.start_date', campYear)}`,
      z.object({ id: z.number() }),
    ),
  ]);
  return { periods, AVAILABLE_PERIOD_IDS: available.map((p) => p.id), PLANNED_PERIOD_IDS: planned.map((p) => p.id) };
}
