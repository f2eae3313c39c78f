import { and, inArray, ne, sql } from 'drizzle-orm';
import { maskedNationalNumber } from '@common/identity-numbers.js';
import { validationMessages } from '@common/messages.js';
import {
  MONITOR_LOCATION_FIELDS,
  monitorMessages,
  monitorPayload,
  monitorRuleMessages,
  type MonitorValues,
} from '@common/schemas/monitors.js';
import type { Database, Transaction } from '../../db/client.js';
import { locations, monitors } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { auditedVersionedUpdate } from '../../domain/versioned-update.js';
import { auditedDelete } from '../../domain/audited-delete.js';
import { invalidFields } from '../../lib/errors.js';
import { parsePayload } from '../../lib/validation.js';
import { toMonitorRecord } from './queries.js';

/** The columns of a whole, validated monitor. */
function monitorColumns(monitor: MonitorValues) {
  return {
    firstname: monitor.MONITOR_FIRSTNAME,
    lastname: monitor.MONITOR_LASTNAME,
    email: monitor.MONITOR_EMAIL,
    phone: monitor.MONITOR_PHONE,
    remark: monitor.MONITOR_REMARK,
    birthdate: monitor.MONITOR_BIRTHDATE,
    nationalnr: monitor.MONITOR_NATIONALNR,
    accountNr: monitor.MONITOR_ACCOUNT_NR,
    street: monitor.MONITOR_STREET,
    housenr: monitor.MONITOR_HOUSENR,
    postalcode: monitor.MONITOR_POSTALCODE,
    city: monitor.MONITOR_CITY,
    campLocation1: monitor.MONITOR_CAMP_LOCATION_1 ?? null,
    campLocation2: monitor.MONITOR_CAMP_LOCATION_2 ?? null,
    campLocation3: monitor.MONITOR_CAMP_LOCATION_3 ?? null,
    campLocation4: monitor.MONITOR_CAMP_LOCATION_4 ?? null,
    campLocation5: monitor.MONITOR_CAMP_LOCATION_5 ?? null,
  };
}

/** A camp location must name an existing location: an unknown one is a 400 on its field. */
async function checkLocations(tx: Transaction, monitor: MonitorValues) {
  const named = MONITOR_LOCATION_FIELDS.map((field) => monitor[field]).filter((id): id is number => typeof id === 'number');
  if (named.length === 0) return;
  const known = new Set((await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, named))).map((row) => row.id));
  const fields: Record<string, string> = {};
  for (const field of MONITOR_LOCATION_FIELDS) {
    const id = monitor[field];
    if (typeof id === 'number' && !known.has(id)) fields[field] = validationMessages.wrongFormat;
  }
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

/**
 * One e-mail address per monitor, ignoring case. The table is locked against other writers first, so two
 * saves with the same address cannot both pass.
 */
async function checkUniqueEmail(tx: Transaction, email: string, monitorId: number | null) {
  await tx.execute(sql`lock table monitors in share row exclusive mode`);
  const [other] = await tx
    .select({ id: monitors.id })
    .from(monitors)
    .where(and(sql`lower(${monitors.email}) = lower(${email})`, monitorId === null ? undefined : ne(monitors.id, monitorId)));
  if (other) throw invalidFields({ MONITOR_EMAIL: monitorRuleMessages.emailInUse });
}

export async function createMonitor(db: Database, adminId: number, monitor: MonitorValues): Promise<number> {
  return db.transaction(async (tx) => {
    await checkLocations(tx, monitor);
    await checkUniqueEmail(tx, monitor.MONITOR_EMAIL, null);
    const [row] = await tx.insert(monitors).values(monitorColumns(monitor)).returning();
    await writeAudit(tx, {
      adminId,
      action: 'updateMonitor:create',
      entity: 'monitor',
      entityId: row!.id,
      before: null,
      after: toMonitorRecord(row!),
    });
    return row!.id;
  });
}

/**
 * The fields sent, laid over the stored monitor and validated as a whole: a field left out keeps its value, so a
 * card that saves only its own fields never undoes another's. With the version it was made from, a save over a
 * newer monitor is refused.
 */
export async function updateMonitor(
  db: Database,
  adminId: number,
  monitorId: number,
  fields: Record<string, unknown>,
  seenVersion: number | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    await auditedVersionedUpdate(tx, {
      table: monitors,
      id: monitorId,
      notFound: monitorMessages.notFound,
      seenVersion,
      change: async (before) => {
        const { MONITOR_ID: _id, MONITOR_VERSION: _version, ...stored } = toMonitorRecord(before);
        // The detail shows the number masked; the mask sent back means 'unchanged' (docs/decisions.md, 'National register numbers').
        const unchangedNumber = before.nationalnr !== null && fields.MONITOR_NATIONALNR === maskedNationalNumber(before.nationalnr);
        const { MONITOR_NATIONALNR: _masked, ...changed } = fields;
        const monitor = parsePayload(monitorPayload, { ...stored, ...(unchangedNumber ? changed : fields) });
        await checkLocations(tx, monitor);
        await checkUniqueEmail(tx, monitor.MONITOR_EMAIL, monitorId);
        return monitorColumns(monitor);
      },
      audit: { adminId, action: 'updateMonitor:update', entity: 'monitor' },
      snapshot: toMonitorRecord,
    });
    return monitorId;
  });
}

export async function deleteMonitor(db: Database, adminId: number, monitorId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await auditedDelete(tx, {
      table: monitors,
      id: monitorId,
      notFound: monitorMessages.notFound,
      audit: { adminId, action: 'deleteMonitor', entity: 'monitor' },
      snapshot: toMonitorRecord,
    });
    return monitorId;
  });
}
