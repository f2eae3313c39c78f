import type { AuditEntry } from '@common/schemas/audit.js';
import { TEST_ADMIN, type TestApp } from './api.js';

/** A call's or field's own name (crudCamp, SUBSCRIPTION_REMARK, DEBTORS, seatsAvailable, files) rather than Dutch words. */
const TECHNICAL = /[a-z][A-Z]|[A-Z]_[A-Z]|^[a-z]+$|^(?!(BIC|IBAN|OGM|KBO)$)[A-Z]{3,}$|:/;

/**
 * What of the whole audit log the Logboek would not show in words staff understand (issue 39): an action, a record, a
 * field or a nested field under its technical name, or a value as JSON. Empty when everything reads in Dutch.
 */
export async function auditLogNotInWords(t: TestApp, beheerderToken?: string): Promise<string[]> {
  // Signed in afresh as the test's beheerder unless given one: a test may have signed out or in as someone else.
  const token =
    beheerderToken ??
    (
      (await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null })).body.data as {
        token: string;
      }
    ).token;
  const entries: AuditEntry[] = [];
  for (let beforeId: number | undefined, more = true; more;) {
    const answer = await t.api.getAuditLog(beforeId ? { beforeId } : {}, { token });
    if (answer.status !== 200) throw new Error(`getAuditLog answered ${answer.status}`);
    const page = answer.body.data;
    entries.push(...page.entries);
    more = page.hasMore;
    beforeId = page.entries.at(-1)?.id;
  }
  const raw = new Set<string>();
  for (const entry of entries) {
    if (TECHNICAL.test(entry.actionLabel) || entry.actionLabel === entry.action) raw.add(`action ${entry.action}: ${entry.actionLabel}`);
    if (entry.entityLabel === entry.entity) raw.add(`record ${entry.entity}`);
    for (const change of entry.changes) {
      if (TECHNICAL.test(change.label)) raw.add(`${entry.action} field ${change.field}: ${change.label}`);
      for (const value of [change.old, change.new]) {
        if (/^[[{]|":/.test(value)) raw.add(`${entry.action} ${change.field} value ${value.slice(0, 80)}`);
        // A nested record reads 'Label: value, Label: value': each label in words too.
        for (const [, label] of value.matchAll(/(?:^|, |; )([A-Za-z_]+): /g))
          if (TECHNICAL.test(label!)) raw.add(`${entry.action} ${change.field} nested field ${label}`);
      }
    }
  }
  return [...raw];
}
