import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { todayInBelgium } from '@common/calendar.js';
import { parseDailyMaximums } from '@common/fiscal-attests.js';
import { subscriptionAmounts } from '@common/money.js';
import { readRows, type Executor } from '../db/client.js';
import { inList } from '../db/sql.js';
import { CONTENT_TYPES, fileNamePart, type DownloadFile } from '../lib/downloads.js';
import { conflict, notFound } from '../lib/errors.js';
import { readSettingsWithImages, type OrganiserSettings, type SettingsWithoutImages } from '../lib/settings.js';
import { attendedDaysUpTo, readIssuedAttests, type AttestChildFacts } from './attest-facts.js';
import { fiscalAttestPdf, participationAttestPdf } from './attest-pdf.js';
import { discountCentsSql, joinDiscountTotals } from './subscription-money.js';

/**
 * The attest files staff make (Beheer › Attesten, the subscription detail; issue 16) that the family's page hands out
 * too (issue 34): the participation attest of a subscription, and a child's fiscal attests as staff made them.
 */

export const attestFileMessages = {
  subscriptionNotFound: 'Inschrijving niet gevonden',
  cancelled: 'Deze inschrijving is geannuleerd: er is geen deelname-attest.',
  noAttendedDays: 'Er zijn nog geen aanwezige dagen geregistreerd voor deze inschrijving.',
};

export interface AttestDeps {
  settingsDefaults: OrganiserSettings;
  now: () => Date;
}

export const dailyMaximum = (organiser: OrganiserSettings, year: number) =>
  parseDailyMaximums(organiser.FISCAL_DAILY_MAXIMUMS)?.[String(year)] ?? null;

export const attestFileName = (year: number, child: AttestChildFacts) =>
  `fiscaal-attest-${year}-${fileNamePart(`${child.lastname} ${child.firstname}`)}-${child.childId}.pdf`;

/**
 * A child's fiscal attests of the year as staff made them, for the family's own download (issue 34): null while the
 * organiser may not issue them or staff have not made them as they stand now. It never numbers an attest.
 */
export async function issuedFiscalAttestFile(db: Executor, deps: AttestDeps, year: number, childId: number): Promise<DownloadFile | null> {
  const organiser = await readSettingsWithImages(db, deps.settingsDefaults);
  if (!organiser.RECOGNITION_CODE) return null;
  const today = todayInBelgium(deps.now());
  const child = await readIssuedAttests(db, year, today, childId);
  if (!child) return null;
  const body = await fiscalAttestPdf(year, child, organiser, dailyMaximum(organiser, year), today);
  return { body, contentType: CONTENT_TYPES.pdf, fileName: attestFileName(year, child) };
}

/**
 * Of these children, the income years in which staff made fiscal attests they can be given `today` (readIssuedAttests);
 * none while the organiser, as the caller read its settings, is not recognised.
 */
export async function issuedFiscalAttests(
  db: Executor,
  organiser: Pick<SettingsWithoutImages, 'RECOGNITION_CODE'>,
  today: string,
  childIds: number[],
): Promise<{ year: number; childId: number }[]> {
  if (childIds.length === 0 || !organiser.RECOGNITION_CODE) return [];
  const made = await readRows(
    db,
    sql`select distinct year, child_id as "childId" from fiscal_attests
        where ${inList(sql`child_id`, childIds, 'int')} order by year desc, child_id`,
    z.object({ year: z.number(), childId: z.number() }),
  );
  const issued = [];
  for (const pair of made) if (await readIssuedAttests(db, pair.year, today, pair.childId)) issued.push(pair);
  return issued;
}

const participationRow = z.object({
  cancelled: z.boolean(),
  themeName: z.string(),
  locationName: z.string(),
  locationAddress: z.string().nullable(),
  childFirstname: z.string(),
  childLastname: z.string(),
  childBirthdate: z.string(),
  attended: z.string(),
  campPriceCents: z.number(),
  discountCents: z.number(),
  paidAmountCents: z.number(),
});

/** getParticipationAttestPdf: camp, child, the attended days and the amount paid (at most what was owed). */
export async function participationAttestFile(db: Executor, deps: AttestDeps, subscriptionId: number): Promise<DownloadFile> {
  const [row] = await readRows(
    db,
    sql`select s.cancelled, th.name as "themeName", l.name as "locationName", l.address as "locationAddress",
          ch.firstname as "childFirstname", ch.lastname as "childLastname", ch.birthdate::text as "childBirthdate",
          ${attendedDaysUpTo(todayInBelgium(deps.now()))} as attended,
          s.camp_price_cents as "campPriceCents", s.paid_amount_cents as "paidAmountCents", ${discountCentsSql} as "discountCents"
        from subscriptions s
        join camps c on c.id = s.camp_id
        join themes th on th.id = c.theme_id
        join locations l on l.id = c.location_id
        join children ch on ch.id = s.child_id
        ${joinDiscountTotals({ subscriptionId })}
        where s.id = ${subscriptionId}`,
    participationRow,
  );
  if (!row) throw notFound(attestFileMessages.subscriptionNotFound);
  if (row.cancelled) throw conflict(attestFileMessages.cancelled);
  if (!row.attended) throw conflict(attestFileMessages.noAttendedDays);
  const owed = subscriptionAmounts({
    campPriceCents: row.campPriceCents,
    discountsCents: [row.discountCents],
    paidAmountCents: row.paidAmountCents,
  });
  const organiser = await readSettingsWithImages(db, deps.settingsDefaults);
  const body = await participationAttestPdf(
    {
      campName: `${row.themeName} - ${row.locationName}`,
      locationName: row.locationName,
      locationAddress: row.locationAddress,
      childFirstname: row.childFirstname,
      childLastname: row.childLastname,
      childBirthdate: row.childBirthdate,
      attendedDays: row.attended.split(','),
      paidAmountCents: Math.max(0, Math.min(row.paidAmountCents, owed.amountToPayCents)),
    },
    organiser,
    todayInBelgium(deps.now()),
  );
  return { body, contentType: CONTENT_TYPES.pdf, fileName: `deelname-attest-${subscriptionId}.pdf` };
}
