import { beheerderOnly, everyRole, roles, staffRoles, type Role } from './roles.js';

/**
 * Who may see and do what (issue 33): one policy per kind of record, the only place the product decides it.
 * Every call of the call table names the record it touches and how (`access`), so the roles that may use a
 * call come from here (`rolesOf` in contract/define.ts); the server's data rules (which camps a monitor sees,
 * which fields, whose audit history, a part of a national number) read the same policies in
 * server/src/domain/policies.ts, and the web's page list (web/src/app/page-roles.ts) is derived from `pages`
 * below. Pure data and small functions, without zod, so the browser may import it.
 */

/** What a call or a page does with a record: read it (a list, a detail), change it, or export it to a file. */
export type Action = 'read' | 'change' | 'export';

/**
 * A role that reads only part of a kind of record: only some records (which ones, the server decides:
 * server/src/domain/policies.ts) and only these fields; with `formats`, an export only in these formats.
 */
export interface PartialView {
  actions: readonly Action[];
  /** The fields this role gets; undefined: every field of the records it may see. */
  fields?: readonly string[];
  formats?: readonly string[];
}

export interface RecordPolicy {
  read: readonly Role[];
  change: readonly Role[];
  export: readonly Role[];
  partial?: Partial<Record<Role, PartialView>>;
}

const staff = { read: staffRoles, change: staffRoles, export: staffRoles } as const;
const beheerder = { read: beheerderOnly, change: beheerderOnly, export: beheerderOnly } as const;

/**
 * What a monitor sees of a child in a camp they work at (issue 33 §4): what the camp day needs (name, age, lunch,
 * remark, the parent's name and phone for emergencies, the days and attendance), nothing about money or the
 * parent's e-mail. Their export is the printed list (PDF), not a spreadsheet of contact data.
 */
export const MONITOR_PARTICIPANT_FIELDS = [
  'SUBSCRIPTION_ID',
  'SUBSCRIBER_ID',
  'SUBSCRIBER_FIRSTNAME',
  'SUBSCRIBER_LASTNAME',
  'SUBSCRIBER_AGE',
  'SUBSCRIPTION_LUNCH_PREFERENCE_ID',
  'LUNCHPREFERENCE_DESCRIPTION',
  'SUBSCRIPTION_REMARK',
  'SUBSCRIBER_PARENT_FIRSTNAME',
  'SUBSCRIBER_PARENT_LASTNAME',
  'SUBSCRIBER_PARENT_PHONE',
  'SUBSCRIBER_PARENT_PHONE2',
  'DAYS',
  'ATTENDANCE',
  // Filled only while the monitor may read the camp's safety sheets (issue 35).
  'SAFETY_SHEET_STATUS',
  'SAFETY_WARNINGS',
  'PICKUP_ALLOWED',
  'PICKUP_REFUSED',
  'GOES_HOME_ALONE',
  'PHOTO_CONSENT',
] as const;

export const policies = {
  /** The load balancer's health check (public). */
  health: { read: roles, change: [], export: [] },
  /** Signing in and out, and who is signed in. */
  session: { read: everyRole, change: everyRole, export: [] },
  /** One's own password ('Mijn account'). */
  account: { read: everyRole, change: everyRole, export: [] },
  user: beheerder,
  /** The organiser's settings; staff need only the name and the public site's address (voucher links). */
  settings: {
    ...beheerder,
    partial: { medewerker: { actions: ['read'], fields: ['ORGANISER_NAME', 'PUBLIC_SITE_URL'] } },
  },
  subscription: {
    ...staff,
  },
  /** A family as a whole: found for a registration by staff; its access request and erasure are the beheerder's (GDPR). */
  family: { read: staffRoles, change: beheerderOnly, export: beheerderOnly },
  /** A national register number in full; others see it masked, and find a child only by a whole number. */
  nationalNumber: beheerder,
  /**
   * A child's identity as registered: gender, birth date and national number. Staff see it on the detail; correcting a
   * typo in it is the beheerder's (issue 39), since the fiscal attests and Belcotax declare it. Its history is the child's.
   */
  childIdentity: { read: staffRoles, change: beheerderOnly, export: [] },
  retention: beheerder,
  payment: staff,
  refund: {
    read: staffRoles,
    change: beheerderOnly,
    export: beheerderOnly,
  },
  reminder: staff,
  mail: staff,
  mailTemplate: staff,
  mailSchedule: staff,
  camp: {
    ...staff,
    // A monitor: the camps of monitorCampIds (server/src/domain/policies.ts).
    partial: { monitor: { actions: ['read'] } },
  },
  /** The children of a camp per day, and their attendance; a monitor: of the camps of monitorCampIds, their fields, printed. */
  participant: {
    ...staff,
    partial: {
      monitor: { actions: ['read', 'change', 'export'], fields: MONITOR_PARTICIPANT_FIELDS, formats: ['pdf'] },
    },
  },
  theme: staff,
  voucher: staff,
  monitor: staff,
  /**
   * Monitor planning (issue 36): availability, qualifications, assignments to camps, ratios. A monitor sees their own
   * camps through `ownPlanning` and the camps and participants policies (server/src/domain/policies.ts).
   */
  planning: staff,
  /**
   * The signed-in monitor's own weeks and camps (a user linked to no monitor has none), and their own availability,
   * which only a monitor user linked to a monitor enters (server/src/domain/policies.ts, ownMonitorId).
   */
  ownPlanning: { read: everyRole, change: ['monitor'], export: [] },
  /** The volunteer allowance register, checked against the caps of the settings. */
  volunteerAllowance: staff,
  /** What a season is built from: locations, periods, age groups, lunch preferences, the lookups, copying a season. */
  season: staff,
  dashboard: staff,
  attest: beheerder,
  /**
   * A family's own account, data and bookings on the public booking site (issue 40): no staff role reaches them
   * through its calls; a family's session does, for its own records only (server/src/features/public/).
   */
  familyAccount: { read: [], change: [], export: [] },
  /**
   * A child's safety sheet (issue 35, health data, GDPR art. 9): a beheerder at any time; a medewerker only when the
   * organiser gives medewerkers that right ('Veiligheidsfiches'); a monitor the children of their camps during the camp
   * week and the set days before it (server/src/domain/policies.ts, `assertSafetySheetReadable`). Every read is audited.
   */
  safetySheet: {
    read: beheerderOnly,
    change: beheerderOnly,
    export: [],
    partial: { medewerker: { actions: ['read', 'change'] }, monitor: { actions: ['read'] } },
  },
  /**
   * The organiser's rules for the sheets: a warning level per question, the monitors' days before, the retention. A
   * medewerker reads only whether medewerkers may read and fill in sheets, so that the desk offers 'Veiligheidsfiche'
   * only when it opens (`staffOpensSafetySheets`).
   */
  safetySheetSettings: {
    ...beheerder,
    partial: { medewerker: { actions: ['read'], fields: ['MEDEWERKER_READS'] } },
  },
  /** The whole audit log ('Logboek'); one record's history ('Geschiedenis') is for that record's readers (`mayReadHistory`). */
  auditLog: {
    read: beheerderOnly,
    change: [],
    export: [],
    // A medewerker: the history of a record they read wholly.
    partial: { medewerker: { actions: ['read'] } },
  },
} as const satisfies Record<string, RecordPolicy>;

export type RecordType = keyof typeof policies;

/** What a call of the call table does: the record it touches and how. */
export interface Access {
  record: RecordType;
  action: Action;
}
export const reads = (record: RecordType): Access => ({ record, action: 'read' });
export const changes = (record: RecordType): Access => ({ record, action: 'change' });
export const exports = (record: RecordType): Access => ({ record, action: 'export' });

const policyOf = (record: RecordType): RecordPolicy => policies[record];

/** The part of a record a role sees, when it sees only part; undefined when it sees all of it, or none. */
export function partialView(record: RecordType, role: Role): PartialView | undefined {
  return policyOf(record).partial?.[role];
}

/** Whether the role may do this to every record of the kind (no partial view). */
export const mayWhole = (role: Role, access: Access): boolean => policyOf(access.record)[access.action].includes(role);

/** The roles that may do this, wholly or to their part. */
export function rolesFor(access: Access): readonly Role[] {
  const policy = policyOf(access.record);
  return roles.filter((role) => policy[access.action].includes(role) || policy.partial?.[role]?.actions.includes(access.action));
}

/** Whether a role that may export this kind of record may have this format of it (a partial view may name its formats). */
export function mayExportFormat(record: RecordType, role: Role, format: string): boolean {
  const formats = partialView(record, role)?.formats;
  return rolesFor(exports(record)).includes(role) && (!formats || formats.includes(format));
}

/**
 * The entity names of the audit log that are records of each kind, each with what reading its history takes: reading
 * the record, or for a file the product made (a refund file, a Belcotax file), making it. Apart from the policies,
 * which the staff app's first screen reads for its pages: only the audit log's readers need these.
 */
const auditEntities: Partial<Record<RecordType, Readonly<Record<string, Action>>>> = {
  user: { user: 'read' },
  settings: { settings: 'read' },
  subscription: { subscription: 'read', subscriber: 'read', parent: 'read', payment: 'read', waitingEntry: 'read' },
  family: { family: 'read' },
  retention: { retention: 'read' },
  payment: { bankImport: 'read' },
  refund: { refundFile: 'export' },
  mail: { mail: 'read' },
  mailTemplate: { mailTemplate: 'read' },
  mailSchedule: { mailSchedule: 'read' },
  camp: { camp: 'read' },
  theme: { theme: 'read' },
  voucher: { voucher: 'read' },
  monitor: { monitor: 'read' },
  planning: { planning: 'read', qualification: 'read' },
  volunteerAllowance: { volunteerAllowance: 'read' },
  season: { location: 'read', period: 'read', agegroup: 'read', lunchPreference: 'read' },
  attest: { fiscalAttestChild: 'read', fiscalAttests: 'change', belcotax: 'export' },
  safetySheet: { safetySheet: 'read' },
  safetySheetSettings: { safetySheetSettings: 'read' },
};

/**
 * Whether a staff member of this role reads and fills in every child's safety sheet (issue 35): a beheerder always, a
 * medewerker while the organiser gives medewerkers that right (MEDEWERKER_READS, 'Veiligheidsfiches'). A monitor
 * never at the desk: only the children of their camps around the camp days (server/src/domain/policies.ts).
 */
export const staffOpensSafetySheets = (role: Role, medewerkerReads: boolean): boolean =>
  role === 'beheerder' || (role === 'medewerker' && medewerkerReads);

/** Every entity name of the audit log that a policy declares. */
export function declaredAuditEntities(): string[] {
  return Object.values(auditEntities).flatMap((entities) => Object.keys(entities));
}

/** The record type an audit entity belongs to, and what reading its history takes (undefined: not declared). */
export function recordOfAuditEntity(entity: string): Access | undefined {
  for (const [record, entities] of Object.entries(auditEntities) as [RecordType, Record<string, Action>][]) {
    const action = entities[entity];
    if (action) return { record, action };
  }
  return undefined;
}

/**
 * A record's history is readable exactly by the roles that read the record wholly (a history holds every field
 * of it, before and after), a file's by those who may make it. An entity no policy declares is the whole log's
 * (beheerder).
 */
export function mayReadHistory(role: Role, entity: string): boolean {
  return mayWhole(role, recordOfAuditEntity(entity) ?? reads('auditLog'));
}

/** Users' e-mail addresses (in the audit log too) are for those who read users. */
export const maySeeUserEmails = (role: Role): boolean => mayWhole(role, reads('user'));

/** A part of a national number finds a child only for those who may read numbers in full. */
export const mayFindByPartOfNationalNumber = (role: Role): boolean => mayWhole(role, reads('nationalNumber'));

/**
 * The pages of the web app (paths of the route table, prefixes), each with the record it shows and how: a role
 * may open a page when it may do that, wholly or to its part. Paths not listed (sign-in, the invite) are public.
 */
export const pages: readonly {
  path: string;
  access: Access;
  /** Shows every record of the kind: no partial reader. */ wholly?: boolean;
}[] = [
  { path: '/subscription-overview', access: reads('subscription') },
  { path: '/subscription-detail/', access: reads('subscription') },
  { path: '/subscription-new', access: changes('subscription') },
  { path: '/subscriptions-trash', access: changes('subscription') },
  { path: '/monitors-overview', access: reads('monitor') },
  { path: '/monitor-detail', access: changes('monitor') },
  { path: '/camps', access: reads('camp') },
  { path: '/camp-detail', access: changes('camp') },
  { path: '/camp-participants/', access: reads('participant') },
  // The waiting lists (issue 34): children who are no subscription yet, read and changed as subscriptions are.
  { path: '/wachtlijst', access: reads('subscription') },
  { path: '/themes', access: reads('theme') },
  { path: '/theme-detail', access: changes('theme') },
  { path: '/payments', access: reads('payment') },
  { path: '/open-payments', access: reads('reminder') },
  { path: '/refunds', access: reads('refund') },
  { path: '/dashboard', access: reads('dashboard') },
  { path: '/locations', access: changes('season') },
  { path: '/periods', access: changes('season') },
  { path: '/agegroups', access: changes('season') },
  { path: '/lunch-preferences', access: changes('season') },
  { path: '/copy-season', access: changes('season') },
  { path: '/mail-templates', access: changes('mailTemplate') },
  { path: '/failed-mails', access: reads('mail') },
  { path: '/settings', access: changes('settings') },
  { path: '/logboek', access: reads('auditLog'), wholly: true },
  { path: '/users', access: reads('user') },
  { path: '/gegevensbeheer', access: exports('family') },
  { path: '/attesten', access: reads('attest') },
  { path: '/account', access: changes('account') },
  // The monitor planning and its tabs: /planning/tekorten, /planning/kwalificaties, /planning/vergoedingen (issue 36).
  { path: '/planning', access: reads('planning') },
  { path: '/mijn-planning', access: reads('ownPlanning') },
];

const under = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/** The page of the route table a path is (the longest prefix that matches), if it is one. */
export const pageOf = (pathname: string) => pages.filter((p) => under(pathname, p.path)).sort((a, b) => b.path.length - a.path.length)[0];

/** Whether a role may open a page; a path that is no page of the list is left to the router ('Pagina niet gevonden'). */
export function pageAllowed(role: Role, pathname: string): boolean {
  const page = pageOf(pathname);
  if (!page) return true;
  return page.wholly ? mayWhole(role, page.access) : rolesFor(page.access).includes(role);
}

/** Where the app opens for a role: the first of these pages it may open. */
export const homePath = (role: Role): string =>
  ['/subscription-overview', '/camps', '/account'].find((path) => pageAllowed(role, path)) ?? '/account';
