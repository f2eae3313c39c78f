import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { failureMessages } from '@common/messages.js';
import { sheetStatus } from '@common/safety-sheet.js';
import { readRows, type Database, type Executor } from '../../db/client.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { readSettings } from '../../lib/settings.js';

/**
 * Sheets still to fill in per camp (issue 35): how many of a camp's children have none, or one saved before the camp's
 * year, and a reminder mail to their families. The mail names the child and the camp, never what a sheet says.
 */

const campRow = z.object({ year: z.number(), camp: z.string() });
const childRow = z.object({
  childId: z.number(),
  firstname: z.string(),
  email: z.string(),
  updatedAt: z.string().nullable(),
});

async function campChildren(db: Executor, campId: number) {
  const [camp] = await readRows(
    db,
    sql`select extract(year from p.start_date)::int as year,
          th.name || ' in ' || l.name || ', ' || p.name || ' (' || to_char(p.start_date, 'DD/MM') || ' - ' || to_char(p.end_date, 'DD/MM') || ')' as camp
        from camps c join periods p on p.id = c.period_id join themes th on th.id = c.theme_id join locations l on l.id = c.location_id
        where c.id = ${campId}`,
    campRow,
  );
  if (!camp) throw notFound(failureMessages.campNotFound);
  const rows = await readRows(
    db,
    sql`select distinct ch.id as "childId", ch.firstname, pa.email, ss.updated_at::text as "updatedAt"
        from subscriptions s join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
        left join safety_sheets ss on ss.child_id = ch.id
        where s.camp_id = ${campId} and not s.cancelled`,
    childRow,
  );
  return { ...camp, children: rows.map((r) => ({ ...r, status: sheetStatus(r.updatedAt, camp.year) })) };
}

export async function safetySheetCounts(db: Executor, campId: number) {
  const { children } = await campChildren(db, campId);
  return {
    CAMP_ID: campId,
    CHILDREN: children.length,
    MISSING: children.filter((c) => c.status === 'missing').length,
    OUTDATED: children.filter((c) => c.status === 'outdated').length,
  };
}

export const reminderTexts = {
  subject: 'Vul de veiligheidsfiche in voor het kamp',
  text: (v: { names: string; camp: string; link: string; organiser: string }) =>
    [
      'Beste ouder,',
      '',
      `${v.names} komt naar ${v.camp}. We hebben nog geen veiligheidsfiche van dit seizoen: wat de monitoren moeten weten over gezondheid, medicatie, wie je kind mag ophalen en foto's.`,
      '',
      `Vul de fiche in op je gezinspagina: ${v.link}`,
      '',
      'Alvast bedankt,',
      v.organiser,
    ].join('\n'),
};

/** Mails each family of the camp with a child whose sheet is missing or outdated, once per family; audited by count. */
export async function remindSafetySheets(deps: OutboxDeps & { db: Database }, adminId: number, campId: number): Promise<{ MAILS: number }> {
  return withOutbox(deps.db, deps, async (tx, outbox) => {
    const { camp, children } = await campChildren(tx, campId);
    const families = new Map<string, string[]>();
    for (const child of children)
      if (child.status !== 'current') families.set(child.email, [...(families.get(child.email) ?? []), child.firstname]);
    const settings = await readSettings(tx, deps.settingsDefaults);
    const link = `${settings.PUBLIC_SITE_URL.replace(/#.*$/, '')}#gezin`;
    for (const [email, names] of families)
      await outbox.enqueueText({
        templateId: 'veiligheidsfiche-herinnering',
        to: email,
        subject: reminderTexts.subject,
        text: reminderTexts.text({ names: names.sort().join(' en '), camp, link, organiser: settings.ORGANISER_NAME }),
      });
    await writeAudit(tx, {
      adminId,
      action: 'remindSafetySheets',
      entity: 'camp',
      entityId: campId,
      before: null,
      after: { MAILS: families.size },
    });
    return { MAILS: families.size };
  });
}
