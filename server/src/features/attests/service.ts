import { and, eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { z } from 'zod';
import { todayInBelgium } from '@common/calendar.js';
import { ATTEST_MAIL_TEMPLATE } from '@common/constants.js';
import { attestMessages } from '@common/fiscal-attests.js';
import { maskNationalNumber } from '@common/identity-numbers.js';
import { centsToEuro } from '@common/money.js';
import type { BelcotaxBlocker, FiscalAttestsAnswer } from '@common/schemas/attests.js';
import { belcotaxSettingLabels, type BelcotaxSetting } from '@common/schemas/settings.js';
import { readRows, type Database, type Executor } from '../../db/client.js';
import { children, fiscalAttestChildren, fiscalAttests, mailTemplates } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { CONTENT_TYPES, type DownloadFile } from '../../lib/downloads.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { withOutbox, type OutboxDeps } from '../../domain/outbox.js';
import { readSettingsWithImages, type OrganiserSettings } from '../../lib/settings.js';
import { findSubscriptionDetail } from '../../domain/subscription-detail.js';
import {
  belcotaxBlockers,
  belcotaxXml,
  formZones,
  missingBelcotaxSettings,
  sameForm,
  TREATMENT,
  type BelcotaxForm,
  type FormZones,
} from './belcotax.js';
import { readDeclarations, readYearAttests, sheetKey, type AttestChildFacts } from '../../domain/attest-facts.js';
import { fiscalAttestPdf } from '../../domain/attest-pdf.js';
import { attestFileName, dailyMaximum, type AttestDeps } from '../../domain/attest-files.js';
export { participationAttestFile, type AttestDeps } from '../../domain/attest-files.js';

export const attestServiceMessages = {
  missingSettings: (labels: string[]) =>
    `Het Belcotax-bestand kan nog niet gemaakt worden: vul eerst in bij Beheer › Instellingen: ${labels.join('; ')}.`,
  blocked: (blockers: BelcotaxBlocker[]) =>
    `Het Belcotax-bestand kan nog niet gemaakt worden: ${blockers.map((b) => `${b.SUBSCRIBER_NAME}: ${b.REASON}`).join('; ')}. Beheer › Attesten toont ze met een link om ze aan te passen.`,
  noAttests: 'Er zijn geen fiscale attesten voor dat jaar.',
  notDeclared: 'Er is nog geen Belcotax-aangifte voor dat jaar: download eerst het gewone Belcotax-bestand.',
  noChanges: 'Geen wijzigingen sinds de vorige Belcotax-aangifte.',
  childNotFound: 'Kind niet gevonden',
};

/** The organiser may issue fiscal attests only when recognised, subsidised or controlled (code 1–4). */
async function allowedOrganiser(db: Executor, deps: AttestDeps): Promise<OrganiserSettings> {
  const organiser = await readSettingsWithImages(db, deps.settingsDefaults);
  if (!organiser.RECOGNITION_CODE) throw conflict(attestMessages.notRecognised);
  return organiser;
}

/** getFiscalAttests: every child of the year with its attests or the reason it gets none. */
export async function listFiscalAttests(db: Executor, deps: AttestDeps, year: number): Promise<FiscalAttestsAnswer> {
  const organiser = await readSettingsWithImages(db, deps.settingsDefaults);
  const allowed = organiser.RECOGNITION_CODE !== null;
  const attests = allowed ? await readYearAttests(db, year, todayInBelgium(deps.now())) : [];
  const declared = await readDeclarations(db, year);
  const current = new Map(attests.flatMap((c) => c.sheets.map((s) => [sheetKey(c.childId, s), formZones(year, c, s, organiser)] as const)));
  const differs = (stored: string, now: FormZones | undefined) => now === undefined || !sameForm(JSON.parse(stored) as FormZones, now);
  const changed =
    declared.filter((d) => d.declaredForm !== null && differs(d.declaredForm, current.get(sheetKey(d.childId, d)))).length +
    [...current.keys()].filter((key) => !declared.some((d) => d.declaredForm !== null && sheetKey(d.childId, d) === key)).length;
  const sheets = attests.flatMap((c) => c.sheets);
  return {
    YEAR: year,
    NOT_ALLOWED: allowed ? null : attestMessages.notRecognised,
    DAILY_MAXIMUM: ((cents) => (cents === null ? null : centsToEuro(cents)))(dailyMaximum(organiser, year)),
    CHILDREN: attests.map((c) => ({
      SUBSCRIBER_ID: c.childId,
      SUBSCRIBER_FIRSTNAME: c.firstname,
      SUBSCRIBER_LASTNAME: c.lastname,
      SUBSCRIBER_BIRTHDATE: c.birthdate,
      SUBSCRIBER_PARENT_EMAIL: c.parentEmail,
      SEVERE_DISABILITY: c.severeDisability,
      OWN_DEBTORS: c.ownDebtors,
      DAYS: c.periods.reduce((sum, p) => sum + p.days, 0),
      AMOUNT: centsToEuro(c.sheets.reduce((sum, s) => sum + s.totalCents, 0)),
      ATTESTS: c.sheets.map((s) => ({
        NUMBER: s.number,
        DEBTOR_NAME: `${s.debtor.firstname} ${s.debtor.lastname}`,
        SHARE_PERCENT: s.debtor.sharePercent,
        DAYS: s.periods.reduce((sum, p) => sum + p.days, 0),
        AMOUNT: centsToEuro(s.totalCents),
      })),
      EXCLUSIONS: c.verdicts.flatMap((v) => (v.reason ? [{ SUBSCRIPTION_ID: v.subscriptionId, CAMP: v.campLabel, REASON: v.reason }] : [])),
      MISSING_REASON: c.missingReason,
    })),
    ATTEST_COUNT: sheets.length,
    TOTAL_AMOUNT: centsToEuro(sheets.reduce((sum, s) => sum + s.totalCents, 0)),
    CHANGED_SINCE_DECLARATION: declared.some((d) => d.declaredForm !== null) ? changed : 0,
    DECLARED: declared.some((d) => d.declaredForm !== null),
    BELCOTAX_MISSING_SETTINGS: allowed
      ? missingBelcotaxSettings(organiser).map((s) => ({ SETTING: s, LABEL: belcotaxSettingLabels[s] }))
      : [],
    BELCOTAX_BLOCKERS: belcotaxBlockers(attests),
  };
}

async function childWithAttests(db: Executor, deps: AttestDeps, year: number, childId: number): Promise<AttestChildFacts> {
  const [child] = await readYearAttests(db, year, todayInBelgium(deps.now()), childId);
  if (!child || child.sheets.length === 0)
    throw notFound(child?.missingReason ? `${attestMessages.noAttest} ${child.missingReason}.` : attestMessages.noAttest);
  return child;
}

/** getFiscalAttestPdf: the child's attests of the year, one page each. */
export async function fiscalAttestFile(db: Executor, deps: AttestDeps, year: number, childId: number): Promise<DownloadFile> {
  const organiser = await allowedOrganiser(db, deps);
  const child = await childWithAttests(db, deps, year, childId);
  const body = await fiscalAttestPdf(year, child, organiser, dailyMaximum(organiser, year), todayInBelgium(deps.now()));
  return { body, contentType: CONTENT_TYPES.pdf, fileName: attestFileName(year, child) };
}

/** exportFiscalAttests: every attest PDF of the year in one ZIP, a file per child. */
export async function fiscalAttestsZip(db: Executor, deps: AttestDeps, year: number): Promise<DownloadFile> {
  const organiser = await allowedOrganiser(db, deps);
  const attests = (await readYearAttests(db, year, todayInBelgium(deps.now()))).filter((c) => c.sheets.length > 0);
  if (attests.length === 0) throw conflict(attestServiceMessages.noAttests);
  const date = todayInBelgium(deps.now());
  const files: Record<string, Uint8Array> = {};
  for (const child of attests)
    files[attestFileName(year, child)] = await fiscalAttestPdf(year, child, organiser, dailyMaximum(organiser, year), date);
  return { body: Buffer.from(zipSync(files, { level: 0 })), contentType: CONTENT_TYPES.zip, fileName: `fiscale-attesten-${year}.zip` };
}

/**
 * What the schema and the tax administration require before a file is written: the settings (refused with
 * BELCOTAX_SETTINGS_MISSING, naming each as the settings page does) and the children's data (BELCOTAX_DATA_MISSING,
 * naming each child and why). A file that Belcotax-on-web would refuse is never written.
 */
function belcotaxPreconditions(organiser: OrganiserSettings, attests: AttestChildFacts[]) {
  const missing: BelcotaxSetting[] = missingBelcotaxSettings(organiser);
  if (missing.length > 0)
    throw new AppError('BELCOTAX_SETTINGS_MISSING', attestServiceMessages.missingSettings(missing.map((s) => belcotaxSettingLabels[s])));
  const blockers = belcotaxBlockers(attests);
  if (blockers.length > 0) throw new AppError('BELCOTAX_DATA_MISSING', attestServiceMessages.blocked(blockers));
}

/**
 * exportBelcotax (corrections false): every attest of the year as a normal form, and what it sent is recorded as
 * declared. exportBelcotaxCorrections: only what changed since: a changed attest as a modification of its number,
 * a new one as an addition, one that no longer stands (its payment taken back) as a cancellation. A test file
 * (BCTEST, for Belcotax-on-web's test environment) holds the same forms and records nothing.
 */
export async function belcotaxFile(
  db: Database,
  deps: AttestDeps,
  adminId: number,
  year: number,
  options: { corrections: boolean; test: boolean },
): Promise<DownloadFile> {
  const { corrections, test } = options;
  const organiser = await allowedOrganiser(db, deps);
  const attests = await readYearAttests(db, year, todayInBelgium(deps.now()));
  belcotaxPreconditions(organiser, attests);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(2816, ${year})`);
    const declared = await readDeclarations(tx, year);
    const rowOf = new Map(declared.map((d) => [sheetKey(d.childId, d), d]));
    const current = attests.flatMap((c) => c.sheets.map((s) => ({ key: sheetKey(c.childId, s), zones: formZones(year, c, s, organiser) })));
    let forms: (BelcotaxForm & { key: string })[];
    if (!corrections) {
      if (current.length === 0) throw conflict(attestServiceMessages.noAttests);
      forms = current.map((f) => ({ ...f, treatment: TREATMENT.normal }));
    } else {
      if (!declared.some((d) => d.declaredForm !== null)) throw conflict(attestServiceMessages.notDeclared);
      const currentKeys = new Set(current.map((f) => f.key));
      forms = [
        ...current.flatMap((f): (BelcotaxForm & { key: string })[] => {
          const before = rowOf.get(f.key)?.declaredForm ?? null;
          if (before === null) return [{ ...f, treatment: TREATMENT.addition }];
          return sameForm(JSON.parse(before) as FormZones, f.zones) ? [] : [{ ...f, treatment: TREATMENT.modification }];
        }),
        ...declared
          .filter((d) => d.declaredForm !== null && !currentKeys.has(sheetKey(d.childId, d)))
          .map((d) => ({
            key: sheetKey(d.childId, d),
            zones: JSON.parse(d.declaredForm!) as FormZones,
            treatment: TREATMENT.cancellation,
          })),
      ];
      if (forms.length === 0) throw conflict(attestServiceMessages.noChanges);
    }
    const now = deps.now();
    const currentKeys = new Set(current.map((f) => f.key));
    // A test file declares nothing: the next real file is made as if it had not been.
    for (const form of test ? [] : forms) {
      const row = rowOf.get(form.key)!;
      const stillStands = currentKeys.has(form.key);
      await tx
        .update(fiscalAttests)
        .set({ declaredForm: stillStands ? JSON.stringify(form.zones) : null, declaredAt: now.toISOString() })
        .where(eq(fiscalAttests.id, row.id));
    }
    if (!corrections && !test) {
      // A new normal declaration replaces the earlier one: attests it no longer holds were not declared.
      for (const d of declared) {
        if (!currentKeys.has(sheetKey(d.childId, d)) && d.declaredForm !== null) {
          await tx.update(fiscalAttests).set({ declaredForm: null }).where(eq(fiscalAttests.id, d.id));
        }
      }
    }
    const today = todayInBelgium(now);
    const xml = belcotaxXml(year, organiser, forms, today, { test });
    await writeAudit(tx, {
      adminId,
      action: corrections ? 'exportBelcotaxCorrections' : 'exportBelcotax',
      entity: 'belcotax',
      entityId: year,
      before: null,
      after: {
        year,
        test,
        forms: forms.map((f) => ({ number: f.zones.f2010_referentie, treatment: f.treatment, total: f.zones.f86_2064_totalamount })),
      },
    });
    const kind = `${corrections ? 'wijzigingen' : 'aangifte'}${test ? '-test' : ''}`;
    return { body: Buffer.from(xml, 'utf8'), contentType: CONTENT_TYPES.xml, fileName: `belcotax-28186-${year}-${kind}-${today}.xml` };
  });
}

/** mailAttests: per child with attests, a mail to its parent with the PDF, in the outbox (the relay sends it). */
export async function mailAttests(
  db: Database,
  deps: AttestDeps & OutboxDeps,
  adminId: number,
  year: number,
): Promise<{ QUEUED: number; SKIPPED: number }> {
  const organiser = await allowedOrganiser(db, deps);
  const [template] = await db.select().from(mailTemplates).where(eq(mailTemplates.id, ATTEST_MAIL_TEMPLATE));
  if (!template) throw conflict('Het mailsjabloon voor fiscale attesten ontbreekt.');
  const attests = await readYearAttests(db, year, todayInBelgium(deps.now()));
  const date = todayInBelgium(deps.now());
  let queued = 0;
  for (const child of attests) {
    if (child.sheets.length === 0) continue;
    const subscriptionId = child.sheets[0]!.periods[0]!.subscriptionId;
    const detail = await findSubscriptionDetail(db, subscriptionId);
    if (!detail) continue;
    const pdf = await fiscalAttestPdf(year, child, organiser, dailyMaximum(organiser, year), date);
    // Each parent's mail is committed, and so sent, on its own.
    await withOutbox(db, deps, (_tx, outbox) =>
      outbox.enqueueMail({
        templateId: template.id,
        template,
        detail,
        to: child.parentEmail,
        files: [{ filename: attestFileName(year, child), contentType: CONTENT_TYPES.pdf, content: pdf.toString('base64') }],
      }),
    );
    queued++;
  }
  await writeAudit(db, { adminId, action: 'mailAttests', entity: 'fiscalAttests', entityId: year, before: null, after: { year, queued } });
  return { QUEUED: queued, SKIPPED: attests.length - queued };
}

/** getFiscalAttestChild: the facts staff may set, with the debtors (the parent when staff set none). */
export async function fiscalAttestChild(db: Executor, year: number, childId: number) {
  const [exists] = await db.select({ id: children.id }).from(children).where(eq(children.id, childId));
  if (!exists) throw notFound(attestServiceMessages.childNotFound);
  const [override] = await db
    .select()
    .from(fiscalAttestChildren)
    .where(and(eq(fiscalAttestChildren.childId, childId), eq(fiscalAttestChildren.year, year)));
  const parent = await readRows(
    db,
    sql`select pa.firstname, pa.lastname, pa.street, pa.housenr, pa.postalcode, pa.city, pa.country, pa.nationalnr
        from children ch join parents pa on pa.id = ch.parent_id where ch.id = ${childId}`,
    z.object({
      firstname: z.string(),
      lastname: z.string(),
      street: z.string(),
      housenr: z.string(),
      postalcode: z.string(),
      city: z.string(),
      country: z.string(),
      nationalnr: z.string().nullable(),
    }),
  );
  const p = parent[0]!;
  const debtors = override?.debtors?.length
    ? override.debtors
    : [
        {
          lastname: p.lastname,
          firstname: p.firstname,
          nationalNumber: p.nationalnr,
          street: `${p.street} ${p.housenr}`.trim(),
          postalcode: p.postalcode,
          city: p.city,
          country: p.country,
          sharePercent: 100,
        },
      ];
  return {
    SUBSCRIBER_ID: childId,
    year,
    SEVERE_DISABILITY: override?.severeDisability ?? false,
    OWN_DEBTORS: !!override?.debtors?.length,
    DEBTORS: debtors.map((d) => ({
      LASTNAME: d.lastname,
      FIRSTNAME: d.firstname,
      NATIONALNR: d.nationalNumber,
      STREET: d.street,
      POSTALCODE: d.postalcode,
      CITY: d.city,
      COUNTRY: d.country,
      SHARE_PERCENT: d.sharePercent,
    })),
  };
}

/** saveFiscalAttestChild: the flag and the debtors of a child and year (audited with the national numbers masked). */
export async function saveFiscalAttestChild(
  db: Database,
  adminId: number,
  input: {
    SUBSCRIBER_ID: number;
    year: number;
    SEVERE_DISABILITY: boolean;
    DEBTORS?:
      | {
          LASTNAME: string;
          FIRSTNAME: string;
          NATIONALNR: string;
          STREET: string;
          POSTALCODE: string;
          CITY: string;
          COUNTRY: string;
          SHARE_PERCENT: number;
        }[]
      | null;
  },
) {
  const before = await fiscalAttestChild(db, input.year, input.SUBSCRIBER_ID);
  const debtors = input.DEBTORS?.length
    ? input.DEBTORS.map((d) => ({
        lastname: d.LASTNAME,
        firstname: d.FIRSTNAME,
        nationalNumber: d.NATIONALNR.replace(/\D/g, ''),
        street: d.STREET,
        postalcode: d.POSTALCODE,
        city: d.CITY,
        country: d.COUNTRY,
        sharePercent: d.SHARE_PERCENT,
      }))
    : null;
  await db
    .insert(fiscalAttestChildren)
    .values({ childId: input.SUBSCRIBER_ID, year: input.year, severeDisability: input.SEVERE_DISABILITY, debtors })
    .onConflictDoUpdate({
      target: [fiscalAttestChildren.childId, fiscalAttestChildren.year],
      set: { severeDisability: input.SEVERE_DISABILITY, debtors },
    });
  const after = await fiscalAttestChild(db, input.year, input.SUBSCRIBER_ID);
  const masked = (detail: typeof after) => ({
    ...detail,
    DEBTORS: detail.DEBTORS.map((d) => ({ ...d, NATIONALNR: d.NATIONALNR ? maskNationalNumber(d.NATIONALNR) : null })),
  });
  await writeAudit(db, {
    adminId,
    action: 'saveFiscalAttestChild',
    entity: 'fiscalAttestChild',
    entityId: input.SUBSCRIBER_ID,
    before: masked(before),
    after: masked(after),
  });
  return after;
}
