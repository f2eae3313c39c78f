import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { maskNationalNumber } from '@common/identity-numbers.js';
import { readRows, type Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  adminId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  before: unknown;
  after: unknown;
}

const NATIONAL_NUMBER_FIELD = /nationalnr/i;
/** Marks a masked number that changed while its mask did not (same birth date), so the history still shows the change. */
const CHANGED = ' (gewijzigd)';

type Snapshot = Record<string, unknown>;
const isSnapshot = (value: unknown): value is Snapshot => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A snapshot, nested ones included, with every national number masked. */
function masked(value: unknown, other: unknown): unknown {
  if (Array.isArray(value)) return value.map((item, i) => masked(item, Array.isArray(other) ? other[i] : undefined));
  if (!isSnapshot(value)) return value;
  const counterpart = isSnapshot(other) ? other : {};
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (!NATIONAL_NUMBER_FIELD.test(key) || typeof field !== 'string' || field === '') return [key, masked(field, counterpart[key])];
      const was = counterpart[key];
      const changedUnderSameMask =
        typeof was === 'string' && was !== '' && was !== field && maskNationalNumber(was) === maskNationalNumber(field);
      return [key, maskNationalNumber(field) + (changedUnderSameMask ? CHANGED : '')];
    }),
  );
}

/**
 * Every mutation is written down: who, when, which call, which record, before and after (decisions.md section 4).
 * National numbers are stored masked (issue 20); the after snapshot marks one that changed under the same mask.
 */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.execute(auditWrite(db, entry));
}

/** `writeAudit`'s statement, not run: for a caller that makes it with other writes in one round trip (`writeTogether`). */
export function auditWrite(db: Executor, entry: AuditEntry): SQL {
  return db
    .insert(auditLog)
    .values({
      adminId: entry.adminId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: masked(entry.before, undefined) ?? null,
      after: masked(entry.after, entry.before) ?? null,
    })
    .getSQL();
}

/**
 * How many times `action` was audited on this record in the last `hours` (the database's time, as the entries are
 * written): the limit of what a family may do a few times only (its copy of its data, requests to staff; issue 34).
 */
export async function auditedWithin(
  db: Executor,
  entry: { action: string; entity: string; entityId: number },
  hours: number,
): Promise<number> {
  const [row] = await readRows(
    db,
    sql`select count(*)::int as n from audit_log where action = ${entry.action} and entity = ${entry.entity}
        and entity_id = ${entry.entityId} and created_at > now() - make_interval(hours => ${hours})`,
    z.object({ n: z.number() }),
  );
  return row!.n;
}
