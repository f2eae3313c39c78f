import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ANONYMOUS } from '@common/schemas/privacy.js';
import type { Executor } from '../../db/client.js';
import type * as schema from '../../db/schema.js';
import { inList } from '../../db/sql.js';
import { scrubAuditEntries, scrubIdempotentAnswers, type PersonalScope } from './personal-data.js';

/**
 * The register of what every table holds of people (docs/privacy.md), and what erasure ('Gezin wissen',
 * GDPR art. 17) and retention ('Bewaartermijn') do with it. Every table of the schema has an entry (the type
 * below refuses a missing one) and tests/api/erasure.test.ts refuses a table of the database without one, so
 * a table added later cannot be forgotten: its author decides here what of a family it holds.
 */

/** Retention: the camp years before `keptFromCampYear` lose their personal data; the scope names their records. */
export interface RetentionScope extends PersonalScope {
  keptFromCampYear: number;
}

type Step<S> = (tx: Executor, scope: S) => Promise<unknown>;

export type TableRule =
  | {
      /** Data of a family (parents, children and what they did): erased on request, anonymised after the retention. */
      holds: 'family';
      /** The columns that say who someone is, or may (free text, mail text, snapshots). */
      personal: readonly string[];
      /** What 'Gezin wissen' does with this table's rows of the family, in the order of the register. */
      erase: Step<PersonalScope>;
      /** What the retention does with this table's rows of the old camp years. */
      anonymise: Step<RetentionScope>;
    }
  | {
      /** No family's data: the organiser's own, staff's (users, monitors: deleted by staff), or none at all. */
      holds: 'organiser' | 'staff' | 'nothing';
      why: string;
    };

/** Every table of server/src/db/schema.ts, by its name in the database. */
type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable<infer C> ? C['name'] : never;
}[keyof typeof schema];

const ids = (column: string, values: readonly number[]) => inList(sql.raw(column), values, 'int');
/** Attest facts of a child and income year: gone with the child; emptied of names for the old years and anonymised children. */
const attestFacts = (table: string, column: string): TableRule => ({
  holds: 'family',
  personal: [column],
  erase: (tx, scope) => tx.execute(sql`delete from ${sql.raw(table)} where ${ids('child_id', scope.childIds)}`),
  anonymise: (tx, scope) =>
    tx.execute(
      sql`update ${sql.raw(table)} set ${sql.raw(column)} = null where year < ${scope.keptFromCampYear} or ${ids('child_id', scope.childIds)}`,
    ),
});
const allSubscriptions = (scope: PersonalScope) => [...scope.subscriptionIds, ...scope.trashedSubscriptionIds];

export const personalDataRegister: Record<TableName, TableRule> = {
  idempotency_keys: {
    holds: 'family',
    personal: ['answer'],
    erase: (tx, scope) => scrubIdempotentAnswers(tx, scope),
    anonymise: (tx, scope) => scrubIdempotentAnswers(tx, scope),
  },
  audit_log: {
    holds: 'family',
    personal: ['before', 'after'],
    erase: (tx, scope) => scrubAuditEntries(tx, scope, true),
    anonymise: (tx, scope) => scrubAuditEntries(tx, scope, true),
  },
  payments: {
    holds: 'family',
    personal: ['payer_name', 'account_nr', 'communication', 'ignore_reason'],
    // The payments stay in the bookkeeping, without who paid.
    erase: (tx, scope) =>
      tx.execute(sql`update payments set payer_name = null, account_nr = null, communication = null, ignore_reason = null
                     where ${ids('id', scope.paymentIds)} or ${ids('subscription_id', scope.subscriptionIds)}`),
    anonymise: (tx, scope) =>
      tx.execute(sql`update payments set payer_name = null, account_nr = null, communication = null, ignore_reason = null
                     where ${ids('id', scope.paymentIds)}`),
  },
  mail_outbox: {
    holds: 'family',
    personal: ['recipient', 'subject', 'body', 'error', 'attachments'],
    erase: (tx, scope) =>
      tx.execute(sql`delete from mail_outbox where ${ids('subscription_id', allSubscriptions(scope))}
                     or lower(recipient) in (select lower(json_array_elements_text(${JSON.stringify(scope.identifiers)}::json)))`),
    anonymise: (tx, scope) =>
      tx.execute(sql`update mail_outbox set recipient = '', subject = ${ANONYMOUS}, body = '', error = null, attachments = null
                     where ${ids('subscription_id', scope.subscriptionIds)}`),
  },
  deleted_subscriptions: {
    holds: 'family',
    personal: ['snapshot'],
    // The trash no longer offers what was erased.
    erase: (tx, scope) =>
      tx.execute(
        sql`delete from deleted_subscriptions where ${ids('subscription_id', scope.trashedSubscriptionIds)} or ${ids('child_id', scope.childIds)}`,
      ),
    // The old years' entries were emptied for good before (anonymise.ts), as the trash does after TRASH_RETENTION_DAYS.
    anonymise: async () => undefined,
  },
  fiscal_attests: attestFacts('fiscal_attests', 'declared_form'),
  fiscal_attest_children: attestFacts('fiscal_attest_children', 'debtors'),
  payment_reminders: {
    holds: 'family',
    personal: [],
    erase: (tx, scope) => tx.execute(sql`delete from payment_reminders where ${ids('subscription_id', scope.subscriptionIds)}`),
    anonymise: async () => undefined,
  },
  mail_schedule_sends: {
    holds: 'family',
    personal: [],
    erase: (tx, scope) => tx.execute(sql`delete from mail_schedule_sends where ${ids('subscription_id', scope.subscriptionIds)}`),
    anonymise: async () => undefined,
  },
  waiting_entries: {
    holds: 'family',
    personal: [],
    // Which child waited for which camp: gone with the child, and gone for the old camp years and anonymised children.
    erase: (tx, scope) => tx.execute(sql`delete from waiting_entries where ${ids('child_id', scope.childIds)}`),
    anonymise: (tx, scope) =>
      tx.execute(
        sql`delete from waiting_entries w using camps c join periods p on p.id = c.period_id
            where c.id = w.camp_id and (extract(year from p.start_date) < ${scope.keptFromCampYear} or ${ids('w.child_id', scope.childIds)})`,
      ),
  },
  safety_sheets: {
    holds: 'family',
    personal: ['sheet'],
    // Health data (issue 35): gone with the child; the old years' children lose theirs too. The sheets' own, shorter
    // retention (RETENTION_DAYS after the child's last camp) is eraseExpiredSafetySheets (domain/safety-sheets.ts).
    erase: (tx, scope) => tx.execute(sql`delete from safety_sheets where ${ids('child_id', scope.childIds)}`),
    anonymise: (tx, scope) => tx.execute(sql`delete from safety_sheets where ${ids('child_id', scope.childIds)}`),
  },
  attendance: {
    holds: 'family',
    personal: [],
    erase: (tx, scope) => tx.execute(sql`delete from attendance where ${ids('subscription_id', scope.subscriptionIds)}`),
    // Attendance stays for the statistics: without the child's name it names nobody.
    anonymise: async () => undefined,
  },
  subscription_discounts: {
    holds: 'family',
    personal: ['remark'],
    erase: (tx, scope) => tx.execute(sql`delete from subscription_discounts where ${ids('subscription_id', scope.subscriptionIds)}`),
    // Staff's own reasons are free text; the organiser's discounts carry fixed ones.
    anonymise: (tx, scope) =>
      tx.execute(
        sql`update subscription_discounts set remark = ${ANONYMOUS} where kind = 'extra' and ${ids('subscription_id', scope.subscriptionIds)}`,
      ),
  },
  subscriptions: {
    holds: 'family',
    personal: ['remark', 'paid_account_nr'],
    erase: (tx, scope) => tx.execute(sql`delete from subscriptions where ${ids('id', scope.subscriptionIds)}`),
    anonymise: (tx, scope) =>
      tx.execute(sql`update subscriptions set remark = null, paid_account_nr = null where ${ids('id', scope.subscriptionIds)}`),
  },
  children: {
    holds: 'family',
    personal: ['firstname', 'lastname', 'birthdate', 'nationalnr'],
    erase: (tx, scope) => tx.execute(sql`delete from children where ${ids('id', scope.childIds)}`),
    // A birth date keeps its year, for statistics by age.
    anonymise: (tx, scope) =>
      tx.execute(sql`update children set firstname = ${ANONYMOUS}, lastname = '', nationalnr = null, birthdate = date_trunc('year', birthdate)::date
                     where ${ids('id', scope.childIds)}`),
  },
  family_accounts: {
    holds: 'family',
    personal: ['email', 'pending_parent'],
    // The account goes with its family (its sessions, links and idempotency keys with it, by cascade).
    erase: (tx, scope) =>
      tx.execute(sql`delete from family_accounts where ${ids('parent_id', scope.parentIds)}
                     or lower(email) in (select lower(json_array_elements_text(${JSON.stringify(scope.identifiers)}::json)))`),
    anonymise: (tx, scope) => tx.execute(sql`delete from family_accounts where ${ids('parent_id', scope.parentIds)}`),
  },
  parents: {
    holds: 'family',
    personal: ['firstname', 'lastname', 'street', 'housenr', 'postalcode', 'city', 'phone', 'phone2', 'email', 'nationalnr'],
    erase: (tx, scope) => tx.execute(sql`delete from parents where ${ids('id', scope.parentIds)}`),
    // The country stays, for statistics.
    anonymise: (tx, scope) =>
      tx.execute(sql`update parents set firstname = ${ANONYMOUS}, lastname = '', street = '', housenr = '', postalcode = '', city = '',
                       phone = '', phone2 = '', email = '', nationalnr = null
                     where ${ids('id', scope.parentIds)}`),
  },

  locations: { holds: 'organiser', why: 'The camp locations.' },
  safety_sheet_settings: { holds: 'organiser', why: "The safety sheets' rules: warning levels, days before, retention." },
  periods: { holds: 'nothing', why: 'Weeks of a season.' },
  themes: { holds: 'nothing', why: 'Camp themes.' },
  agegroups: { holds: 'nothing', why: 'Age groups.' },
  lunch_preferences: { holds: 'nothing', why: 'The choices of lunch.' },
  payment_methods: { holds: 'nothing', why: 'Cash and transfer.' },
  mail_templates: { holds: 'organiser', why: 'Texts with placeholders; a family fills them only in mail_outbox.' },
  settings: { holds: 'organiser', why: "The organiser's name, address, accounts, signatory and Belcotax contact." },
  camps: { holds: 'nothing', why: 'Camps and their rules.' },
  mail_schedules: { holds: 'nothing', why: "A camp's automatic mails; what they sent is in mail_outbox." },
  waiting_offers: { holds: 'nothing', why: "An offer of seats to a camp's waiting list: seats, the hash of its token, its deadline." },
  vouchers: { holds: 'nothing', why: 'A token for one extra booking in a camp, with the staff member who made it.' },
  bank_imports: { holds: 'organiser', why: "Statement files: the organiser's account and counts; the movements are payments." },
  subscription_list_version: { holds: 'nothing', why: 'A counter.' },
  monitors: { holds: 'staff', why: 'Camp staff, deleted by staff when they stop working for the organiser.' },
  admins: { holds: 'staff', why: 'Users: e-mail address and password hash.' },
  user_invites: { holds: 'staff', why: "The hash of an invite link's token." },
  sessions: { holds: 'staff', why: 'Sessions of users.' },
  known_devices: { holds: 'staff', why: 'The hash of the token a browser got when a user signed in there.' },
  family_sessions: { holds: 'nothing', why: "The hash of a family's session token; deleted with its family account." },
  family_links: { holds: 'nothing', why: 'The hash of a mailed link of a family account; deleted with it.' },
  family_idempotency_keys: {
    holds: 'nothing',
    why: "A family's booking answers (references, OGMs, amounts, no names) for its retries; deleted with its account.",
  },
  login_failures: { holds: 'staff', why: 'Failed sign-ins: the e-mail address tried and the address it came from, for the limits.' },
  // Monitor planning (issue 36): about monitors, deleted with them (on delete cascade).
  qualifications: { holds: 'nothing', why: 'The list of qualifications in Beheer.' },
  monitor_qualifications: { holds: 'staff', why: "A monitor's qualifications and their expiry; deleted with the monitor." },
  monitor_volunteer_kinds: { holds: 'staff', why: 'The kind of volunteer a monitor is, for the allowance caps; deleted with the monitor.' },
  monitor_availability: { holds: 'staff', why: 'The periods a monitor can work; deleted with the monitor.' },
  monitor_assignments: { holds: 'staff', why: 'Which camp a monitor works; deleted with the monitor.' },
  camp_required_qualifications: { holds: 'nothing', why: 'What a camp requires of its monitors.' },
  agegroup_ratios: { holds: 'nothing', why: 'Children per monitor of an age group.' },
  planning_publications: { holds: 'nothing', why: "When a camp year's planning was published, and by which user (an id)." },
  volunteer_allowances: {
    holds: 'staff',
    why: "The volunteer allowance register: a monitor's amount per camp day, kept for the accountant; deleted with the monitor.",
  },
};

/** The register in its order: the order erasure and retention take the tables in (rows that refer to others go first). */
export const familyTables = Object.entries(personalDataRegister).flatMap(([table, rule]) =>
  rule.holds === 'family' ? [{ table, ...rule }] : [],
);
