import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { todayInBelgium } from '@common/calendar.js';
import { familyAttestMessages, participationAttestBlocker, type ParticipationFacts } from '@common/family-attests.js';
import { subscriptionAmounts } from '@common/money.js';
import type { AttestPdfQuery } from '@common/schemas/public.js';
import { readRows, type Executor } from '../../db/client.js';
import { children } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { DownloadFile } from '../../lib/downloads.js';
import { joinDiscountTotals, discountCentsSql } from '../../domain/subscription-money.js';
import { attendedDaysUpTo } from '../../domain/attest-facts.js';
import { issuedFiscalAttestFile, participationAttestFile, type AttestDeps } from '../../domain/attest-files.js';
import type { FamilyUser } from '../../lib/session-user.js';
import { familyParentId } from './family.js';
import { publicMessages } from './messages.js';

/**
 * The attests a family downloads from 'Mijn inschrijvingen' (issue 34): the same PDFs staff make (Beheer › Attesten,
 * the subscription detail), only of its own children, only when staff would hand them out (common/src/family-attests.ts).
 * Another family's booking or child is not found (404), as everywhere on the public site.
 */

const factsRow = z.object({
  id: z.number(),
  cancelled: z.boolean(),
  campEndDate: z.string(),
  campPriceCents: z.number(),
  discountCents: z.number(),
  paidAmountCents: z.number(),
  attended: z.string(),
});

/** The facts that decide the participation attest of each of the family's bookings (or of one), by booking. */
export async function participationFacts(
  db: Executor,
  parentId: number,
  today: string,
  subscriptionId?: number,
): Promise<Map<number, ParticipationFacts>> {
  const rows = await readRows(
    db,
    sql`select s.id, s.cancelled, p.end_date::text as "campEndDate", s.camp_price_cents as "campPriceCents",
          ${discountCentsSql} as "discountCents", s.paid_amount_cents as "paidAmountCents", ${attendedDaysUpTo(today)} as attended
        from subscriptions s join children ch on ch.id = s.child_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          ${joinDiscountTotals({ parentId })}
        where ch.parent_id = ${parentId} ${subscriptionId === undefined ? sql`` : sql`and s.id = ${subscriptionId}`}`,
    factsRow,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        cancelled: row.cancelled,
        campEndDate: row.campEndDate,
        today,
        attendedDays: row.attended ? row.attended.split(',').length : 0,
        amountToPayCents: subscriptionAmounts({
          campPriceCents: row.campPriceCents,
          discountsCents: [row.discountCents],
          paidAmountCents: row.paidAmountCents,
        }).amountToPayCents,
        paidAmountCents: row.paidAmountCents,
      },
    ]),
  );
}

/** getAttestPdf: the participation attest of one of the family's bookings, or a child's fiscal attests of a year. */
export async function familyAttestFile(db: Executor, deps: AttestDeps, family: FamilyUser, query: AttestPdfQuery): Promise<DownloadFile> {
  const parentId = await familyParentId(db, family);
  if (query.kind === 'participation') {
    const subscriptionId = query.subscriptionId!;
    const facts = (await participationFacts(db, parentId, todayInBelgium(deps.now()), subscriptionId)).get(subscriptionId);
    if (!facts) throw notFound(publicMessages.bookingNotFound);
    const blocker = participationAttestBlocker(facts);
    if (blocker) throw new AppError('ATTEST_NOT_READY', blocker);
    return participationAttestFile(db, deps, subscriptionId);
  }
  const childId = query.childId!;
  const year = query.year!;
  const [own] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)));
  if (!own) throw notFound(publicMessages.childNotFound);
  const file = await issuedFiscalAttestFile(db, deps, year, childId);
  if (!file) throw new AppError('ATTEST_NOT_READY', familyAttestMessages.fiscalNotMade(year));
  return file;
}
