import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate } from '@common/format.js';
import { formatEuro, type Cents } from '@common/money.js';
import type { z as zod } from 'zod';
import type {
  assignMonitorPayload,
  saveAvailabilityPayload,
  saveMonitorQualificationsPayload,
  saveQualificationPayload,
  saveVolunteerAllowancePayload,
} from '@common/schemas/planning.js';
import { failureMessages, validationMessages } from '@common/messages.js';
import {
  allowanceDays,
  checkAllowances,
  periodsShareWeek,
  planningMessages,
  validThrough,
  type VolunteerKind,
} from '@common/volunteer-allowance.js';
import { readRows, type Database, type Executor, type Transaction } from '../../db/client.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { lockRowById } from '../../lib/lock.js';
import { auditedDelete } from '../../domain/audited-delete.js';
import {
  agegroupRatios,
  agegroups,
  campRequiredQualifications,
  camps,
  monitorAssignments,
  monitorAvailability,
  monitorQualifications,
  monitors,
  monitorVolunteerKinds,
  planningPublications,
  qualifications,
  volunteerAllowances,
} from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { startsInYear } from '../../db/sql.js';
import { AppError, conflict, invalidFields, notFound } from '../../lib/errors.js';
import { readVolunteerCaps } from '../../lib/settings.js';
import { campYearOf, enqueueChangeMail, enqueuePublishedMail, type PlanningChange } from './mails.js';

/**
 * Monitor planning's changes (issue 36). Every change of one monitor's planning or allowances takes that monitor's
 * row lock first, so two assignments of one monitor (in two tabs, by two people) are checked one after the other:
 * the rule 'not in two camps the same week' and the caps hold under concurrency.
 */

const monitorNotFound = 'Monitor niet gevonden';
const lockMonitor = (tx: Transaction, monitorId: number) => lockRowById(tx, monitors, monitorId, monitorNotFound);

interface CampFacts {
  id: number;
  periodId: number;
  start: string;
  end: string;
  activeDays: string;
}

async function campFacts(tx: Transaction, campId: number): Promise<CampFacts> {
  const [camp] = await readRows(
    tx,
    sql`select c.id, c.period_id as "periodId", p.start_date::text as start, p.end_date::text as "end", c.active_days as "activeDays"
        from camps c join periods p on p.id = c.period_id where c.id = ${campId}`,
    z.object({ id: z.number(), periodId: z.number(), start: z.string(), end: z.string(), activeDays: z.string() }),
  );
  if (!camp) throw notFound(failureMessages.campNotFound);
  return camp;
}

const daysOfCamp = (camp: CampFacts) => allowanceDays(camp.activeDays, camp.start, camp.end);

// ---------------------------------------------------------------------------------------------------------------
// Availability

export async function saveAvailability(db: Database, adminId: number, input: zod.output<typeof saveAvailabilityPayload>) {
  return db.transaction(async (tx) => {
    await lockMonitor(tx, input.MONITOR_ID);
    const wanted = [...new Set(input.PERIOD_IDS)];
    const yearOf = sql`extract(year from p.start_date)::int`;
    const known = wanted.length
      ? await readRows(
          tx,
          sql`select p.id, ${yearOf} as year from periods p where p.id in (select unnest(${`{${wanted.join(',')}}`}::int[]))`,
          z.object({ id: z.number(), year: z.number() }),
        )
      : [];
    if (known.length !== wanted.length || (input.campYear !== undefined && known.some((p) => p.year !== input.campYear)))
      throw invalidFields({ PERIOD_IDS: validationMessages.wrongFormat });
    const inScope = input.campYear === undefined ? sql`true` : sql`${yearOf} = ${input.campYear}`;
    const planned = await readRows(
      tx,
      sql`select distinct c.period_id as "periodId" from monitor_assignments ma join camps c on c.id = ma.camp_id join periods p on p.id = c.period_id
          where ma.monitor_id = ${input.MONITOR_ID} and not ma.draft and ${inScope}`,
      z.object({ periodId: z.number() }),
    );
    if (planned.some((p) => !wanted.includes(p.periodId))) throw new AppError('NOT_AVAILABLE', planningMessages.stillPlanned);
    const before = await readRows(
      tx,
      sql`select ma.period_id as "periodId" from monitor_availability ma join periods p on p.id = ma.period_id
          where ma.monitor_id = ${input.MONITOR_ID} and ${inScope} order by 1`,
      z.object({ periodId: z.number() }),
    );
    await tx.execute(
      sql`delete from monitor_availability ma using periods p where p.id = ma.period_id and ma.monitor_id = ${input.MONITOR_ID} and ${inScope}`,
    );
    if (wanted.length) await tx.insert(monitorAvailability).values(wanted.map((periodId) => ({ monitorId: input.MONITOR_ID, periodId })));
    await writeAudit(tx, {
      adminId,
      action: 'saveAvailability',
      entity: 'monitor',
      entityId: input.MONITOR_ID,
      before: { PERIOD_IDS: before.map((p) => p.periodId) },
      after: { PERIOD_IDS: [...wanted].sort((a, b) => a - b) },
    });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The allowance register

const capMessage = (cents: Cents) => formatEuro(cents / 100);

/**
 * Writes a monitor's allowances on days of one camp (0: none that day) and checks the monitor's year against the
 * caps of their kind, refusing (and so rolling back) a day above the daily cap or a year above the yearly cap.
 * The caller holds the monitor's row lock.
 */
async function writeAllowances(tx: Transaction, monitorId: number, campId: number, days: { day: string; cents: Cents }[]) {
  for (const { day, cents } of days) {
    await tx.delete(volunteerAllowances).where(and(eq(volunteerAllowances.monitorId, monitorId), eq(volunteerAllowances.day, day)));
    if (cents > 0) await tx.insert(volunteerAllowances).values({ monitorId, campId, day, amountCents: cents });
  }
  const [kindRow] = await tx
    .select({ kind: monitorVolunteerKinds.kind })
    .from(monitorVolunteerKinds)
    .where(eq(monitorVolunteerKinds.monitorId, monitorId));
  const kind: VolunteerKind = kindRow?.kind ?? 'gewoon';
  const caps = await readVolunteerCaps(tx);
  for (const year of new Set(days.map((d) => Number(d.day.slice(0, 4))))) {
    const register = await readRows(
      tx,
      sql`select day::text as day, amount_cents as "amountCents" from volunteer_allowances
          where monitor_id = ${monitorId} and day >= ${`${year}-01-01`} and day < ${`${year + 1}-01-01`} order by day`,
      z.object({ day: z.string(), amountCents: z.number() }),
    );
    const check = checkAllowances(register, caps, year, kind);
    const overDay = check.daysOverDailyCap[0];
    if (overDay !== undefined && check.dailyCapCents !== null)
      throw new AppError('DAILY_CAP_EXCEEDED', planningMessages.dailyCap(formatDate(overDay), capMessage(check.dailyCapCents)));
    if (check.overYearlyCap && check.yearlyCapCents !== null)
      throw new AppError(
        'YEARLY_CAP_EXCEEDED',
        planningMessages.yearlyCap(capMessage(check.yearTotalCents), capMessage(check.yearlyCapCents)),
      );
  }
}

async function assertAssigned(tx: Transaction, monitorId: number, campId: number) {
  const [row] = await tx
    .select({ id: monitorAssignments.id, head: monitorAssignments.head, draft: monitorAssignments.draft })
    .from(monitorAssignments)
    .where(and(eq(monitorAssignments.monitorId, monitorId), eq(monitorAssignments.campId, campId)));
  return row;
}

export async function saveVolunteerAllowance(db: Database, adminId: number, input: zod.output<typeof saveVolunteerAllowancePayload>) {
  return db.transaction(async (tx) => {
    await lockMonitor(tx, input.MONITOR_ID);
    const camp = await campFacts(tx, input.CAMP_ID);
    if (!(await assertAssigned(tx, input.MONITOR_ID, input.CAMP_ID))) throw notFound(planningMessages.notAssigned);
    const allowed = daysOfCamp(camp);
    if (input.DAYS.some((d) => !allowed.includes(d.DAY))) throw invalidFields({ DAYS: validationMessages.wrongFormat });
    const days = input.DAYS.map((d) => ({ day: d.DAY, cents: Math.round(d.AMOUNT * 100) }));
    await writeAllowances(tx, input.MONITOR_ID, input.CAMP_ID, days);
    await writeAudit(tx, {
      adminId,
      action: 'saveVolunteerAllowance',
      entity: 'volunteerAllowance',
      entityId: input.MONITOR_ID,
      before: null,
      after: { CAMP_ID: input.CAMP_ID, DAYS: input.DAYS },
    });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Assignments

/**
 * Plans a monitor on a camp, or changes whether they are its head monitor. A new assignment is refused when the
 * monitor did not give the camp's period as available, works another camp in a week the camp touches, or when the
 * camp requires a qualification that neither this monitor nor one already planned holds through the camp's end.
 */
export async function assignMonitor(db: Database, deps: OutboxDeps, adminId: number, input: zod.output<typeof assignMonitorPayload>) {
  return withOutbox(db, deps, async (tx, outbox) => {
    await lockMonitor(tx, input.MONITOR_ID);
    const camp = await campFacts(tx, input.CAMP_ID);
    // The camp's row too: its head monitor changes one at a time.
    await lockRowById(tx, camps, input.CAMP_ID, failureMessages.campNotFound);
    await holdPublication(tx, camp.id, 'shared');
    const existing = await assertAssigned(tx, input.MONITOR_ID, input.CAMP_ID);
    // A draft copied from last year is confirmed by assigning it: it meets the same rules as a new assignment.
    if (!existing || existing.draft) {
      const [available] = await tx
        .select({ periodId: monitorAvailability.periodId })
        .from(monitorAvailability)
        .where(and(eq(monitorAvailability.monitorId, input.MONITOR_ID), eq(monitorAvailability.periodId, camp.periodId)));
      if (!available) throw new AppError('NOT_AVAILABLE', planningMessages.notAvailable);
      const others = await readRows(
        tx,
        sql`select p.start_date::text as start, p.end_date::text as "end" from monitor_assignments ma join camps c on c.id = ma.camp_id
            join periods p on p.id = c.period_id where ma.monitor_id = ${input.MONITOR_ID} and ma.camp_id <> ${camp.id}`,
        z.object({ start: z.string(), end: z.string() }),
      );
      if (others.some((other) => periodsShareWeek(other, camp))) throw new AppError('DOUBLE_WEEK', planningMessages.doubleWeek);
      await assertQualificationCovered(tx, camp, input.MONITOR_ID);
    }
    const changes: { monitorId: number; kind: PlanningChange }[] = [];
    if (input.HEAD) {
      const formerHeads = await tx
        .update(monitorAssignments)
        .set({ head: false })
        .where(and(eq(monitorAssignments.campId, camp.id), eq(monitorAssignments.head, true)))
        .returning({ monitorId: monitorAssignments.monitorId, draft: monitorAssignments.draft });
      for (const former of formerHeads)
        if (former.monitorId !== input.MONITOR_ID && !former.draft) changes.push({ monitorId: former.monitorId, kind: 'headLost' });
    }
    if (existing) await tx.update(monitorAssignments).set({ head: input.HEAD, draft: false }).where(eq(monitorAssignments.id, existing.id));
    else await tx.insert(monitorAssignments).values({ monitorId: input.MONITOR_ID, campId: camp.id, head: input.HEAD });
    if (!existing || existing.draft) changes.push({ monitorId: input.MONITOR_ID, kind: 'added' });
    else if (existing.head !== input.HEAD) changes.push({ monitorId: input.MONITOR_ID, kind: input.HEAD ? 'headGained' : 'headLost' });
    if (input.ALLOWANCE_PER_DAY !== undefined) {
      const cents = Math.round(input.ALLOWANCE_PER_DAY * 100);
      await writeAllowances(
        tx,
        input.MONITOR_ID,
        camp.id,
        daysOfCamp(camp).map((day) => ({ day, cents })),
      );
    }
    await writeAudit(tx, {
      adminId,
      action: 'assignMonitor',
      entity: 'planning',
      entityId: camp.id,
      before: existing ? { MONITOR_ID: input.MONITOR_ID, HEAD: existing.head } : null,
      after: {
        MONITOR_ID: input.MONITOR_ID,
        HEAD: input.HEAD,
        ...(input.ALLOWANCE_PER_DAY === undefined ? {} : { ALLOWANCE_PER_DAY: input.ALLOWANCE_PER_DAY }),
      },
    });
    for (const change of changes) await enqueueChangeMail(tx, { outbox, ...deps }, { ...change, campId: camp.id });
  });
}

/** The camp's required qualifications must be held through its end by this monitor or one planned already. */
async function assertQualificationCovered(tx: Transaction, camp: CampFacts, monitorId: number) {
  const required = await tx
    .select({ id: qualifications.id, name: qualifications.name })
    .from(campRequiredQualifications)
    .innerJoin(qualifications, eq(qualifications.id, campRequiredQualifications.qualificationId))
    .where(eq(campRequiredQualifications.campId, camp.id));
  if (required.length === 0) return;
  const held = await readRows(
    tx,
    sql`select mq.qualification_id as id, mq.valid_until::text as "validUntil" from monitor_qualifications mq
        where mq.monitor_id = ${monitorId} or mq.monitor_id in (select monitor_id from monitor_assignments where camp_id = ${camp.id})`,
    z.object({ id: z.number(), validUntil: z.string().nullable() }),
  );
  const missing = required.filter((r) => !held.some((h) => h.id === r.id && validThrough(h.validUntil, camp.end)));
  if (missing.length)
    throw new AppError('QUALIFICATION_MISSING', planningMessages.qualificationMissing(missing.map((m) => m.name).join(', ')));
}

export async function unassignMonitor(db: Database, deps: OutboxDeps, adminId: number, monitorId: number, campId: number) {
  return withOutbox(db, deps, async (tx, outbox) => {
    await lockMonitor(tx, monitorId);
    await campFacts(tx, campId);
    await holdPublication(tx, campId, 'shared');
    const existing = await assertAssigned(tx, monitorId, campId);
    if (!existing) throw notFound(planningMessages.notAssigned);
    await tx.delete(monitorAssignments).where(eq(monitorAssignments.id, existing.id));
    await tx.delete(volunteerAllowances).where(and(eq(volunteerAllowances.monitorId, monitorId), eq(volunteerAllowances.campId, campId)));
    await writeAudit(tx, {
      adminId,
      action: 'unassignMonitor',
      entity: 'planning',
      entityId: campId,
      before: { MONITOR_ID: monitorId, HEAD: existing.head },
      after: null,
    });
    // A draft was never the monitor's planning: taking it off tells them nothing.
    if (!existing.draft) await enqueueChangeMail(tx, { outbox, ...deps }, { monitorId, campId, kind: 'removed' });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Publishing

/**
 * The publication of a camp year and the changes of its planning wait for each other (an advisory lock per camp
 * year: shared by a change, exclusive by the publication), so that a change made while the planning is being published
 * is either in the monitor's planning mail or mailed as a change, never neither.
 */
async function holdPublication(tx: Executor, of: number, mode: 'shared' | 'exclusive', isYear = false) {
  const year = isYear ? of : await campYearOf(tx, of);
  if (year === undefined) return;
  await tx.execute(
    mode === 'shared' ? sql`select pg_advisory_xact_lock_shared(36036, ${year})` : sql`select pg_advisory_xact_lock(36036, ${year})`,
  );
}

/**
 * Publishes a camp year's planning: every monitor with a confirmed camp that year gets their planning by mail, and
 * from now on each change of a monitor's camps that year mails them what changed. Published again, everyone's
 * planning goes out again. Drafts copied from last year are not mailed until staff confirm them.
 */
export async function publishPlanning(db: Database, deps: OutboxDeps, adminId: number, campYear: number, now: Date) {
  return withOutbox(db, deps, async (tx, outbox) => {
    await holdPublication(tx, campYear, 'exclusive', true);
    const [before] = await tx.select().from(planningPublications).where(eq(planningPublications.campYear, campYear));
    const publishedAt = now.toISOString();
    await tx
      .insert(planningPublications)
      .values({ campYear, publishedAt, adminId })
      .onConflictDoUpdate({ target: planningPublications.campYear, set: { publishedAt, adminId } });
    const planned = await readRows(
      tx,
      sql`select distinct ma.monitor_id as id from monitor_assignments ma join camps c on c.id = ma.camp_id join periods p on p.id = c.period_id
          where not ma.draft and ${startsInYear('p.start_date', campYear)} order by 1`,
      z.object({ id: z.number() }),
    );
    let mails = 0;
    for (const monitor of planned) if (await enqueuePublishedMail(tx, { outbox, ...deps }, monitor.id, campYear)) mails++;
    await writeAudit(tx, {
      adminId,
      action: 'publishPlanning',
      entity: 'planning',
      entityId: null,
      before: before ? { campYear, PUBLISHED_AT: before.publishedAt } : null,
      after: { campYear, PUBLISHED_AT: publishedAt, MAILS: mails },
    });
    return { PUBLISHED_AT: publishedAt, MAILS: mails };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Qualifications, requirements, ratios

export async function saveQualification(db: Database, adminId: number, input: zod.output<typeof saveQualificationPayload>) {
  return db.transaction(async (tx) => {
    const name = input.QUALIFICATION_NAME.trim();
    let row: { id: number; name: string } | undefined;
    let before: { QUALIFICATION_NAME: string } | null = null;
    if (input.QUALIFICATION_ID === undefined) {
      [row] = await tx.insert(qualifications).values({ name }).returning();
    } else {
      const stored = await lockRowById(tx, qualifications, input.QUALIFICATION_ID, 'Kwalificatie niet gevonden');
      before = { QUALIFICATION_NAME: stored.name };
      [row] = await tx.update(qualifications).set({ name }).where(eq(qualifications.id, stored.id)).returning();
    }
    await writeAudit(tx, {
      adminId,
      action: 'saveQualification',
      entity: 'qualification',
      entityId: row!.id,
      before,
      after: { QUALIFICATION_NAME: row!.name },
    });
    return { QUALIFICATION_ID: row!.id, QUALIFICATION_NAME: row!.name };
  });
}

export async function deleteQualification(db: Database, adminId: number, qualificationId: number) {
  return db.transaction(async (tx) => {
    await auditedDelete(tx, {
      table: qualifications,
      id: qualificationId,
      notFound: 'Kwalificatie niet gevonden',
      check: async () => {
        const [used] = await readRows(
          tx,
          sql`select (select count(*) from monitor_qualifications where qualification_id = ${qualificationId})::int
                + (select count(*) from camp_required_qualifications where qualification_id = ${qualificationId})::int as n`,
          z.object({ n: z.number() }),
        );
        if (used!.n > 0) throw conflict(planningMessages.qualificationInUse);
      },
      audit: { adminId, action: 'deleteQualification', entity: 'qualification' },
      snapshot: (stored) => ({ QUALIFICATION_NAME: stored.name }),
    });
    return { ok: true as const };
  });
}

async function assertQualificationsExist(tx: Transaction, ids: number[], field: string) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: qualifications.id }).from(qualifications).where(inArray(qualifications.id, ids));
  if (found.length !== new Set(ids).size) throw invalidFields({ [field]: validationMessages.wrongFormat });
}

export async function saveMonitorQualifications(db: Database, adminId: number, input: zod.output<typeof saveMonitorQualificationsPayload>) {
  return db.transaction(async (tx) => {
    await lockMonitor(tx, input.MONITOR_ID);
    const ids = input.QUALIFICATIONS.map((q) => q.QUALIFICATION_ID);
    if (new Set(ids).size !== ids.length) throw invalidFields({ QUALIFICATIONS: validationMessages.wrongFormat });
    await assertQualificationsExist(tx, ids, 'QUALIFICATIONS');
    const before = await tx.select().from(monitorQualifications).where(eq(monitorQualifications.monitorId, input.MONITOR_ID));
    await tx.delete(monitorQualifications).where(eq(monitorQualifications.monitorId, input.MONITOR_ID));
    if (ids.length)
      await tx.insert(monitorQualifications).values(
        input.QUALIFICATIONS.map((q) => ({
          monitorId: input.MONITOR_ID,
          qualificationId: q.QUALIFICATION_ID,
          validUntil: q.VALID_UNTIL,
        })),
      );
    await tx
      .insert(monitorVolunteerKinds)
      .values({ monitorId: input.MONITOR_ID, kind: input.VOLUNTEER_KIND })
      .onConflictDoUpdate({ target: monitorVolunteerKinds.monitorId, set: { kind: input.VOLUNTEER_KIND } });
    await writeAudit(tx, {
      adminId,
      action: 'saveMonitorQualifications',
      entity: 'monitor',
      entityId: input.MONITOR_ID,
      before: { QUALIFICATIONS: before.map((q) => ({ QUALIFICATION_ID: q.qualificationId, VALID_UNTIL: q.validUntil })) },
      after: { VOLUNTEER_KIND: input.VOLUNTEER_KIND, QUALIFICATIONS: input.QUALIFICATIONS },
    });
    return { ok: true as const };
  });
}

export async function saveCampRequirements(db: Database, adminId: number, campId: number, qualificationIds: number[]) {
  return db.transaction(async (tx) => {
    await lockRowById(tx, camps, campId, failureMessages.campNotFound);
    const ids = [...new Set(qualificationIds)];
    await assertQualificationsExist(tx, ids, 'QUALIFICATION_IDS');
    await tx.delete(campRequiredQualifications).where(eq(campRequiredQualifications.campId, campId));
    if (ids.length) await tx.insert(campRequiredQualifications).values(ids.map((qualificationId) => ({ campId, qualificationId })));
    await writeAudit(tx, {
      adminId,
      action: 'saveCampRequirements',
      entity: 'planning',
      entityId: campId,
      before: null,
      after: { QUALIFICATION_IDS: ids },
    });
    return { ok: true as const };
  });
}

export async function saveAgegroupRatio(db: Database, adminId: number, agegroupId: number, childrenPerMonitor: number) {
  return db.transaction(async (tx) => {
    await lockRowById(tx, agegroups, agegroupId, 'Leeftijdsgroep niet gevonden');
    await tx
      .insert(agegroupRatios)
      .values({ agegroupId, childrenPerMonitor })
      .onConflictDoUpdate({ target: agegroupRatios.agegroupId, set: { childrenPerMonitor } });
    await writeAudit(tx, {
      adminId,
      action: 'saveAgegroupRatio',
      entity: 'planning',
      entityId: agegroupId,
      before: null,
      after: { AGEGROUP_ID: agegroupId, CHILDREN_PER_MONITOR: childrenPerMonitor },
    });
    return { ok: true as const };
  });
}
