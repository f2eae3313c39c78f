import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { roles } from '../roles.js';
import { isoDate, optionalIdField } from './fields.js';

/** A filter of the audit log: text of at most 60 characters, or nothing. */
const optionalName = z
  .string({ error: m.wrongFormat })
  .trim()
  .max(60, m.tooLong)
  .regex(/^[A-Za-z:]*$/, m.wrongFormat)
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalDay = z
  .union([z.literal(''), isoDate])
  .optional()
  .transform((v) => (v ? v : undefined));

export const AUDIT_PAGE_SIZE = 100;

/**
 * getAuditLog: every filter optional. `entity` + `entityId` is the history of one record (for a subscription
 * also its child, its parent and its payments); `from`/`to` are Belgian days, both included; `beforeId`
 * pages back from the newest entry.
 */
export const auditLogQuery = z.object({
  entity: optionalName,
  entityId: optionalIdField,
  userId: optionalIdField,
  action: optionalName,
  from: optionalDay,
  to: optionalDay,
  beforeId: optionalIdField,
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditChange = z.object({ field: z.string(), label: z.string(), old: z.string(), new: z.string() });

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  /**
   * The user's e-mail address, for a reader who may see users (beheerder); null for others, when the change was
   * made by the system or the user is gone.
   */
  userEmail: z.string().nullable(),
  /** The role of the user who made the change (now), or null for the system or a user who is gone. */
  userRole: z.enum(roles).nullable(),
  action: z.string(),
  actionLabel: z.string(),
  entity: z.string(),
  entityLabel: z.string(),
  entityId: z.number().nullable(),
  changes: z.array(auditChange),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogAnswer = z.object({
  entries: z.array(auditEntry),
  /** More entries match: ask again with beforeId = the last entry's id. */
  hasMore: z.boolean(),
  /** What the filters can choose from; the users only for a reader who may see users. */
  users: z.array(z.object({ id: z.number(), email: z.string() })),
  actions: z.array(z.string()),
  entities: z.array(z.object({ entity: z.string(), label: z.string() })),
});
export type AuditLogAnswer = z.infer<typeof auditLogAnswer>;
