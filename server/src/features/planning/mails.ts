import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate } from '@common/format.js';
import { readRows, type Executor } from '../../db/client.js';
import type { Outbox } from '../../domain/outbox.js';
import { startsInYear } from '../../db/sql.js';
import { readSettings, type OrganiserSettings } from '../../lib/settings.js';

/**
 * The planning's mails to monitors (issue 36): their planning when staff publish the camp year's planning, and what
 * changed for them when they are planned, taken off a camp or made (or no longer) head monitor afterwards. A mail
 * names only the monitor's own camps (period, dates, theme, location, age group, head monitor): no child, no family,
 * no other monitor. Texts written by the product, through the outbox in the transaction of the change.
 */

export const PLANNING_PUBLISHED_TEMPLATE = 'planning-gepubliceerd';
export const PLANNING_CHANGED_TEMPLATE = 'planning-gewijzigd';

/** One camp as a monitor's mail names it. */
const campLine = z.object({
  campId: z.number(),
  periodName: z.string(),
  start: z.string(),
  end: z.string(),
  theme: z.string(),
  location: z.string(),
  agegroup: z.string(),
  head: z.boolean(),
});
type CampLine = z.infer<typeof campLine>;

const campWords = (c: Omit<CampLine, 'head' | 'campId'>) =>
  `${c.periodName} (${formatDate(c.start)} tot ${formatDate(c.end)}): ${c.theme}, ${c.location}, ${c.agegroup}`;
const plannedWords = (c: CampLine) => `${campWords(c)}${c.head ? ' (hoofdmonitor)' : ''}`;

/** What changed for one monitor on one camp. */
export type PlanningChange = 'added' | 'removed' | 'headGained' | 'headLost';

const changeWords: Record<PlanningChange, (camp: string) => string> = {
  added: (camp) => `Nieuw: ${camp}.`,
  removed: (camp) => `Niet meer: ${camp}.`,
  headGained: (camp) => `Je bent nu hoofdmonitor op ${camp}.`,
  headLost: (camp) => `Je bent geen hoofdmonitor meer op ${camp}; je blijft er monitor.`,
};

export const planningMailTexts = {
  publishedSubject: (year: number) => `Je kampplanning voor ${year}`,
  changedSubject: (year: number) => `Je kampplanning voor ${year} is gewijzigd`,
  published: (year: number, camps: string[]) => [
    `Je planning voor de kampen van ${year} staat klaar. Je werkt op ${camps.length === 1 ? 'dit kamp' : 'deze kampen'}:`,
    '',
    ...camps,
  ],
  changed: (year: number, changes: string[], camps: string[]) => [
    `Je planning voor de kampen van ${year} is gewijzigd:`,
    '',
    ...changes,
    '',
    ...(camps.length > 0 ? ['Je planning zoals ze nu is:', '', ...camps] : [`Je staat nu op geen enkel kamp van ${year} ingepland.`]),
  ],
  cannotCome: 'Kan je een van deze weken toch niet? Laat het ons zo snel mogelijk weten.',
  ownSignIn: "Je vindt je planning en de deelnemerslijsten van je kampen ook in Kampbeheer, onder 'Mijn planning'.",
};

/** The camp year of a camp: the year its period starts in. */
export async function campYearOf(db: Executor, campId: number): Promise<number | undefined> {
  const [row] = await readRows(
    db,
    sql`select extract(year from p.start_date)::int as year from camps c join periods p on p.id = c.period_id where c.id = ${campId}`,
    z.object({ year: z.number() }),
  );
  return row?.year;
}

/** Whether the camp year's planning has been published (its mails went out). */
export async function isPublished(db: Executor, campYear: number): Promise<boolean> {
  const rows = await readRows(
    db,
    sql`select camp_year from planning_publications where camp_year = ${campYear}`,
    z.object({ camp_year: z.number() }),
  );
  return rows.length > 0;
}

const campColumns = sql`c.id as "campId", p.name as "periodName", p.start_date::text as start, p.end_date::text as "end",
  t.name as theme, l.name as location, a.name as agegroup`;
const campJoins = sql`camps c join periods p on p.id = c.period_id join themes t on t.id = c.theme_id
  join locations l on l.id = c.location_id join agegroups a on a.id = c.agegroup_id`;

/** A monitor's confirmed camps of a camp year (a draft is no planning yet), by start. */
async function plannedCamps(db: Executor, monitorId: number, campYear: number): Promise<CampLine[]> {
  return readRows(
    db,
    sql`select ${campColumns}, ma.head from ${campJoins} join monitor_assignments ma on ma.camp_id = c.id
        where ma.monitor_id = ${monitorId} and not ma.draft and ${startsInYear('p.start_date', campYear)}
        order by p.start_date, c.id`,
    campLine,
  );
}

/** One camp as a mail names it. */
async function campOf(db: Executor, campId: number) {
  const [camp] = await readRows(db, sql`select ${campColumns} from ${campJoins} where c.id = ${campId}`, campLine.omit({ head: true }));
  return camp;
}

type MonitorFacts = { firstname: string; email: string; hasSignIn: boolean };

/** The monitor's first name and address, and whether they sign in; undefined without an address to mail. */
async function monitorFacts(db: Executor, monitorId: number): Promise<MonitorFacts | undefined> {
  const [row] = await readRows(
    db,
    sql`select m.firstname, m.email,
          exists (select 1 from admins a where a.monitor_id = m.id and a.disabled_at is null) as "hasSignIn"
        from monitors m where m.id = ${monitorId}`,
    z.object({ firstname: z.string(), email: z.string(), hasSignIn: z.boolean() }),
  );
  return row?.email.trim() ? row : undefined;
}

/** The mail to one monitor: a greeting, the body's lines, what closes it, the organiser's name. */
async function mailMonitor(
  tx: Executor,
  deps: MonitorMailDeps,
  monitor: MonitorFacts,
  mail: { templateId: string; subject: string; lines: string[]; closing: string[] },
) {
  const organiser = await readSettings(tx, deps.settingsDefaults);
  const closing = [...mail.closing, ...(monitor.hasSignIn ? [planningMailTexts.ownSignIn] : [])];
  await deps.outbox.enqueueText({
    templateId: mail.templateId,
    to: monitor.email.trim(),
    subject: mail.subject,
    text: [`Dag ${monitor.firstname},`, '', ...mail.lines, '', ...closing, '', 'Met vriendelijke groeten,', organiser.ORGANISER_NAME].join(
      '\n',
    ),
  });
}

export interface MonitorMailDeps {
  outbox: Outbox;
  settingsDefaults: OrganiserSettings;
}

const listOf = (camps: CampLine[]) => camps.map((c) => `- ${plannedWords(c)}`);

/** Queues the publication mail of one monitor: their confirmed camps of the year. Answers whether a mail was queued. */
export async function enqueuePublishedMail(tx: Executor, deps: MonitorMailDeps, monitorId: number, campYear: number): Promise<boolean> {
  const monitor = await monitorFacts(tx, monitorId);
  const camps = await plannedCamps(tx, monitorId, campYear);
  if (!monitor || camps.length === 0) return false;
  await mailMonitor(tx, deps, monitor, {
    templateId: PLANNING_PUBLISHED_TEMPLATE,
    subject: planningMailTexts.publishedSubject(campYear),
    lines: planningMailTexts.published(campYear, listOf(camps)),
    closing: [planningMailTexts.cannotCome],
  });
  return true;
}

/**
 * Queues the mail of what changed for one monitor on one camp, when the camp's year is published; the mail ends with
 * the monitor's planning as it is after the change. Called in the change's transaction, after the change.
 */
export async function enqueueChangeMail(
  tx: Executor,
  deps: MonitorMailDeps,
  change: { monitorId: number; campId: number; kind: PlanningChange },
): Promise<void> {
  const campYear = await campYearOf(tx, change.campId);
  if (campYear === undefined || !(await isPublished(tx, campYear))) return;
  const monitor = await monitorFacts(tx, change.monitorId);
  const camp = await campOf(tx, change.campId);
  if (!monitor || !camp) return;
  await mailMonitor(tx, deps, monitor, {
    templateId: PLANNING_CHANGED_TEMPLATE,
    subject: planningMailTexts.changedSubject(campYear),
    lines: planningMailTexts.changed(
      campYear,
      [`- ${changeWords[change.kind](campWords(camp))}`],
      listOf(await plannedCamps(tx, change.monitorId, campYear)),
    ),
    closing: [],
  });
}
