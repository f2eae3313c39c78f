import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatDate } from '@common/format.js';
import { failureMessages, validationMessages } from '@common/messages.js';
import { euroToCents } from '@common/money.js';
import { birthyearBounds, campDaysOutsidePeriod, campRuleMessages, type CampValues } from '@common/schemas/camps.js';
import type { Database, Transaction } from '../../db/client.js';
import { agegroups, camps, locations, mailTemplates, periods, subscriptions, themes } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { auditedVersionedUpdate } from '../../domain/versioned-update.js';
import { auditedDelete } from '../../domain/audited-delete.js';
import { conflict, invalidFields } from '../../lib/errors.js';
import { countSeatsTaken } from '../../domain/seats.js';
import { inWaitingList, refillCamp, type WaitingDeps } from '../../domain/waiting-list.js';

export const campMessages = {
  notFound: failureMessages.campNotFound,
  hasSubscriptions: 'Dit kamp heeft inschrijvingen en kan niet verwijderd worden.',
  lockedFields: 'Locatie, periode, thema en leeftijdsgroep van een kamp met inschrijvingen liggen vast.',
};

function campColumns(camp: CampValues) {
  return {
    locationId: camp.LOCATION_ID,
    periodId: camp.PERIOD_ID,
    themeId: camp.THEME_ID,
    agegroupId: camp.AGEGROUP_ID,
    minBirthyear: camp.MIN_BIRTHYEAR,
    maxBirthyear: camp.MAX_BIRTHYEAR,
    priceCents: euroToCents(camp.PRICE),
    seatsAvailable: camp.SEATS_AVAILABLE,
    closed: camp.CAMP_CLOSED,
    allowBookingFrom: camp.CAMP_ALLOW_BOOKING_FROM ? new Date(camp.CAMP_ALLOW_BOOKING_FROM).toISOString() : null,
    allowBookingInfo: camp.CAMP_ALLOW_BOOKING_INFO,
    activeDays: camp.ACTIVE_DAYS,
    discountAllowed: camp.CAMP_DISCOUNT_ALLOWED,
    discountSelectedDaysAllowed: camp.CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED,
    flexibleBookingAllowed: camp.CAMP_FLEXIBLE_BOOKING_ALLOWED,
    minimumContiguousDays: camp.CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS,
    minimumRequiredDays: camp.CAMP_MINIMUM_REQUIRED_CAMP_DAYS,
    maximumAllowedDays: camp.CAMP_MAXIMUM_ALLOWED_CAMP_DAYS,
    reductionToEarnCents: euroToCents(camp.CAMP_REDUCTION_TO_EARN),
    fiscalMaxReductionCents: euroToCents(camp.CAMP_FISCAL_MAX_REDUCTION),
    ...(camp.CAMP_CANCELLATION_FEE === undefined ? {} : { cancellationFeeCents: euroToCents(camp.CAMP_CANCELLATION_FEE) }),
    remark: camp.REMARK,
    emailTemplateConfirm: camp.CAMP_EMAILTEMPLATE_CONFIRM,
    emailTemplateCancel: camp.CAMP_EMAILTEMPLATE_CANCEL,
    emailTemplateConvertCash: camp.CAMP_EMAILTEMPLATE_CONVERT_CASH,
    emailTemplateConvertBankTransfer: camp.CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER,
  };
}

type CampFieldErrors = Partial<Record<keyof CampValues, string>>;

/** Every id a camp names must exist: an unknown lookup or mail template is a 400 on that field (decisions.md section 5). */
async function checkReferences(tx: Transaction, camp: CampValues, fields: CampFieldErrors) {
  const exists = async (table: typeof locations | typeof themes | typeof agegroups, id: number) =>
    (await tx.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
  if (!(await exists(locations, camp.LOCATION_ID))) fields.LOCATION_ID = validationMessages.wrongFormat;
  if (!(await exists(themes, camp.THEME_ID))) fields.THEME_ID = validationMessages.wrongFormat;
  if (!(await exists(agegroups, camp.AGEGROUP_ID))) fields.AGEGROUP_ID = validationMessages.wrongFormat;
  const templateFields = [
    'CAMP_EMAILTEMPLATE_CONFIRM',
    'CAMP_EMAILTEMPLATE_CANCEL',
    'CAMP_EMAILTEMPLATE_CONVERT_CASH',
    'CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER',
  ] as const;
  const known = new Set(
    (
      await tx
        .select({ id: mailTemplates.id })
        .from(mailTemplates)
        .where(
          inArray(
            mailTemplates.id,
            templateFields.map((f) => camp[f]),
          ),
        )
    ).map((t) => t.id),
  );
  for (const field of templateFields) if (!known.has(camp[field])) fields[field] = validationMessages.wrongFormat;
}

/**
 * The rules between a camp and what is stored: days inside the period, birth years around the camp year,
 * no second camp with the same location, period, theme and age group, and no fewer seats than are taken.
 * The period row is locked, so two saves of camps in one period cannot both pass the duplicate check.
 */
async function checkCamp(tx: Transaction, camp: CampValues, campId: number | null) {
  const fields: CampFieldErrors = {};
  await checkReferences(tx, camp, fields);
  const [period] = await tx.select().from(periods).where(eq(periods.id, camp.PERIOD_ID)).for('update');
  if (!period) {
    fields.PERIOD_ID = validationMessages.wrongFormat;
  } else {
    if (campDaysOutsidePeriod(camp.ACTIVE_DAYS, period.startDate, period.endDate).length > 0) {
      fields.ACTIVE_DAYS = campRuleMessages.daysOutsidePeriod(formatDate(period.startDate), formatDate(period.endDate));
    }
    const { from, to } = birthyearBounds(Number(period.startDate.slice(0, 4)));
    for (const field of ['MIN_BIRTHYEAR', 'MAX_BIRTHYEAR'] as const) {
      if (camp[field] < from || camp[field] > to) fields[field] ??= campRuleMessages.birthyearRange(from, to);
    }
    const [twin] = await tx
      .select({ id: camps.id })
      .from(camps)
      .where(
        and(
          eq(camps.locationId, camp.LOCATION_ID),
          eq(camps.periodId, camp.PERIOD_ID),
          eq(camps.themeId, camp.THEME_ID),
          eq(camps.agegroupId, camp.AGEGROUP_ID),
          campId === null ? undefined : ne(camps.id, campId),
        ),
      );
    if (twin) {
      for (const field of ['LOCATION_ID', 'PERIOD_ID', 'THEME_ID', 'AGEGROUP_ID'] as const)
        fields[field] ??= campRuleMessages.duplicateCamp;
    }
  }
  if (campId !== null) {
    const taken = await countSeatsTaken(tx, campId);
    if (camp.SEATS_AVAILABLE < taken) fields.SEATS_AVAILABLE = campRuleMessages.seatsBelowTaken(taken);
  }
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

async function subscriptionCount(tx: Transaction, campId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.campId, campId));
  return row?.n ?? 0;
}

export async function createCamp(db: Database, adminId: number, camp: CampValues): Promise<number> {
  return db.transaction(async (tx) => {
    await checkCamp(tx, camp, null);
    const [row] = await tx.insert(camps).values(campColumns(camp)).returning();
    await writeAudit(tx, { adminId, action: 'crudCamp:create', entity: 'camp', entityId: row!.id, before: null, after: row });
    return row!.id;
  });
}

/**
 * Location, period, theme and age group only change while no child is subscribed: they are what parents booked.
 * More seats go to the camp's waiting list at once (issue 34), in the same transaction.
 */
export async function updateCamp(deps: WaitingDeps, adminId: number, campId: number, camp: CampValues): Promise<number> {
  return inWaitingList(deps, adminId, async (ctx) => {
    const { tx } = ctx;
    await auditedVersionedUpdate(tx, {
      table: camps,
      id: campId,
      notFound: campMessages.notFound,
      seenVersion: camp.CAMP_VERSION,
      change: async (before) => {
        const columns = campColumns(camp);
        const identityChanged =
          before.locationId !== columns.locationId ||
          before.periodId !== columns.periodId ||
          before.themeId !== columns.themeId ||
          before.agegroupId !== columns.agegroupId;
        if (identityChanged && (await subscriptionCount(tx, campId)) > 0) throw conflict(campMessages.lockedFields);
        await checkCamp(tx, camp, campId);
        return columns;
      },
      audit: { adminId, action: 'crudCamp:update', entity: 'camp' },
    });
    await refillCamp(ctx, campId);
    return campId;
  });
}

export async function deleteCamp(db: Database, adminId: number, campId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await auditedDelete(tx, {
      table: camps,
      id: campId,
      notFound: campMessages.notFound,
      check: async () => {
        if ((await subscriptionCount(tx, campId)) > 0) throw conflict(campMessages.hasSubscriptions);
      },
      audit: { adminId, action: 'crudCamp:delete', entity: 'camp' },
    });
    return campId;
  });
}
