import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { periodsShareWeek } from '@common/volunteer-allowance.js';
import { readRows, type Transaction } from '../db/client.js';
import { monitorAssignments } from '../db/schema.js';
import { startsInYear } from '../db/sql.js';
import { writeAudit } from '../lib/audit.js';

/** A camp the season copy creates: the camp it copies, its id (null on a dry run), and its period's dates. */
export interface CopiedCamp {
  sourceCampId: number;
  campId: number | null;
  start: string;
  end: string;
}

/**
 * 'Seizoen kopiëren' with last year's planning (issue 36): every confirmed monitor of a copied camp goes onto its copy
 * as a draft (head monitor as before), which counts for nothing until staff confirm it on the planning. A monitor who
 * would be on two camps of one week in the new year (their drafts or their planning there) is left out of the later
 * one. On a dry run (no camp ids) nothing is written; the counts are the same.
 */
export async function copyPlanningDrafts(tx: Transaction, adminId: number, toYear: number, copies: CopiedCamp[]) {
  if (copies.length === 0) return { COPIED: 0, SKIPPED: 0 };
  const sources = await readRows(
    tx,
    sql`select ma.camp_id as "campId", ma.monitor_id as "monitorId", ma.head from monitor_assignments ma
        where not ma.draft and ma.camp_id in (select unnest(${`{${copies.map((c) => c.sourceCampId).join(',')}}`}::int[]))
        order by ma.camp_id, ma.head desc, ma.monitor_id`,
    z.object({ campId: z.number(), monitorId: z.number(), head: z.boolean() }),
  );
  // What each monitor already has in the new year, and grows with every draft made.
  const taken = await readRows(
    tx,
    sql`select ma.monitor_id as "monitorId", p.start_date::text as start, p.end_date::text as "end"
        from monitor_assignments ma join camps c on c.id = ma.camp_id join periods p on p.id = c.period_id
        where ${startsInYear('p.start_date', toYear)}`,
    z.object({ monitorId: z.number(), start: z.string(), end: z.string() }),
  );
  let copied = 0;
  let skipped = 0;
  for (const copy of copies) {
    const drafts: { MONITOR_ID: number; HEAD: boolean }[] = [];
    for (const source of sources.filter((s) => s.campId === copy.sourceCampId)) {
      if (taken.some((t) => t.monitorId === source.monitorId && periodsShareWeek(t, copy))) {
        skipped++;
        continue;
      }
      taken.push({ monitorId: source.monitorId, start: copy.start, end: copy.end });
      drafts.push({ MONITOR_ID: source.monitorId, HEAD: source.head });
      copied++;
    }
    if (copy.campId === null || drafts.length === 0) continue;
    await tx
      .insert(monitorAssignments)
      .values(drafts.map((d) => ({ monitorId: d.MONITOR_ID, campId: copy.campId!, head: d.HEAD, draft: true })));
    await writeAudit(tx, {
      adminId,
      action: 'copySeason',
      entity: 'planning',
      entityId: copy.campId,
      before: null,
      after: { SOURCE_CAMP_ID: copy.sourceCampId, MONITORS: drafts, DRAFT: true },
    });
  }
  return { COPIED: copied, SKIPPED: skipped };
}
