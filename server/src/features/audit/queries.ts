import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { auditActionLabel, auditChanges, auditEntityLabels } from '@common/audit-fields.js';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditLogAnswer, type AuditLogQuery } from '@common/schemas/audit.js';
import { queryRows, readRows, type Executor } from '../../db/client.js';
import { isoTimestamp } from '../../db/sql.js';
import { roles } from '@common/roles.js';

const entryRow = z.object({
  id: z.number(),
  at: z.string(),
  admin_id: z.number().nullable(),
  email: z.string().nullable(),
  role: z.enum(roles).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

/** The history of one subscription also holds its child's, its parent's and its payments' entries. */
async function recordCondition(db: Executor, entity: string, entityId: number): Promise<SQL> {
  const own = sql`(a.entity = ${entity} and a.entity_id = ${entityId})`;
  if (entity !== 'subscription') return own;
  const [owner] = await queryRows<{ child_id: number; parent_id: number }>(
    db,
    sql`select s.child_id, c.parent_id from subscriptions s join children c on c.id = s.child_id where s.id = ${entityId}`,
  );
  const id = String(entityId);
  const payments = sql`(a.entity = 'payment' and (a.before->>'subscriptionId' = ${id} or a.after->>'subscriptionId' = ${id}))`;
  if (!owner) return sql`(${own} or ${payments})`;
  return sql`(${own} or ${payments} or (a.entity = 'subscriber' and a.entity_id = ${owner.child_id}) or (a.entity = 'parent' and a.entity_id = ${owner.parent_id}))`;
}

/**
 * One page of the audit log, newest first, with each change as field: old → new in Dutch. Users' e-mail addresses
 * only with `userEmails` (the user policy's readers); otherwise an entry names the role of whoever made it.
 */
export async function readAuditLog(db: Executor, query: AuditLogQuery, show: { userEmails: boolean }): Promise<AuditLogAnswer> {
  const conditions: SQL[] = [];
  if (query.entity && query.entityId !== undefined) conditions.push(await recordCondition(db, query.entity, query.entityId));
  else if (query.entity) conditions.push(sql`a.entity = ${query.entity}`);
  else if (query.entityId !== undefined) conditions.push(sql`a.entity_id = ${query.entityId}`);
  if (query.userId !== undefined) conditions.push(sql`a.admin_id = ${query.userId}`);
  if (query.action) conditions.push(sql`a.action = ${query.action}`);
  if (query.from) conditions.push(sql`(a.created_at at time zone 'Europe/Brussels')::date >= ${query.from}::date`);
  if (query.to) conditions.push(sql`(a.created_at at time zone 'Europe/Brussels')::date <= ${query.to}::date`);
  if (query.beforeId !== undefined) conditions.push(sql`a.id < ${query.beforeId}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await readRows(
    db,
    sql`select a.id, ${isoTimestamp('a.created_at')} as at, a.admin_id, ad.email, ad.role, a.action, a.entity, a.entity_id, a.before, a.after
        from audit_log a left join admins ad on ad.id = a.admin_id
        ${where} order by a.id desc limit ${AUDIT_PAGE_SIZE + 1}`,
    entryRow,
  );
  const entries: AuditEntry[] = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
    id: row.id,
    at: row.at,
    userId: row.admin_id,
    userEmail: show.userEmails ? row.email : null,
    userRole: row.role,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    entity: row.entity,
    entityLabel: auditEntityLabels[row.entity] ?? row.entity,
    entityId: row.entity_id,
    changes: auditChanges(row.before, row.after),
  }));
  const [users, actions, entities] = await Promise.all([
    show.userEmails
      ? queryRows<{ id: number; email: string }>(db, sql`select id, email from admins order by lower(email)`)
      : Promise.resolve([]),
    queryRows<{ action: string }>(db, sql`select distinct action from audit_log order by action`),
    queryRows<{ entity: string }>(db, sql`select distinct entity from audit_log order by entity`),
  ]);
  return {
    entries,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
    users,
    actions: actions.map((a) => a.action),
    entities: entities.map(({ entity }) => ({ entity, label: auditEntityLabels[entity] ?? entity })),
  };
}
