import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { formatDailyMaximums, parseDailyMaximums } from '@common/fiscal-attests.js';
import type { SettingsAnswer, SettingsRecord, SettingsValues, VolunteerCapsInEuro } from '@common/schemas/settings.js';
import {
  DEFAULT_VOLUNTEER_DAILY_CAPS,
  DEFAULT_VOLUNTEER_YEARLY_CAPS,
  mergeCaps,
  type VolunteerCapsCents,
} from '@common/volunteer-allowance.js';
import type { Config } from '../config.js';
import type { Executor, Database } from '../db/client.js';
import { settings } from '../db/schema.js';
import { writeAudit } from './audit.js';

/**
 * The organiser's settings, the one place mails, attests and payment codes read them from. Until staff
 * save them (`updateSettings`), the environment's values are the first-start defaults.
 */
export type OrganiserSettings = SettingsRecord;

/**
 * The settings without the signature and the logo: what mails, payment codes, answers and pages show. The two images
 * (up to 150 and 100 kB) serve the attests and the public site's header only; a booking reads these settings in its
 * transaction (issue 37), where the images would cost it more than all its other reads together.
 */
export type SettingsWithoutImages = Omit<OrganiserSettings, 'SIGNATURE_IMAGE' | 'ORGANISER_LOGO'>;

const SETTINGS_ROW = 1;
/** The reminder limits until staff change them: Stamhoofd's and most organisers' practice (issue 19). */
export const DEFAULT_REMINDER_INTERVAL_DAYS = 7;
export const DEFAULT_REMINDER_MAX_COUNT = 3;
/** The waiting list's defaults (issue 34): an offer held 48 hours; a family cancels itself until 14 days before the camp. */
export const DEFAULT_WAITING_OFFER_HOURS = 48;
export const DEFAULT_FAMILY_CANCEL_CUTOFF_DAYS = 14;

/** The display name of MAIL_FROM ('Kampbeheer <…>' gives 'Kampbeheer'), else the address. */
function nameOfSender(mailFrom: string): string {
  const named = /^\s*"?([^"<>]+?)"?\s*<[^<>]+>\s*$/.exec(mailFrom);
  return named ? named[1]! : mailFrom.trim();
}

/** The address of MAIL_FROM ('Kampbeheer <info@kamp.be>' gives 'info@kamp.be'): the organiser's own mailbox. */
export function addressOfSender(mailFrom: string): string {
  const named = /<([^<>]+)>/.exec(mailFrom);
  return (named ? named[1]! : mailFrom).trim();
}

export function settingsDefaults(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_SITE_URL' | 'ORGANISER_ACCOUNT'>): OrganiserSettings {
  return {
    ORGANISER_NAME: nameOfSender(config.MAIL_FROM),
    ORGANISER_ADDRESS: null,
    ORGANISER_COMPANY_NUMBER: null,
    ORGANISER_BELCOTAX_REFERENCE: null,
    ORGANISER_IBAN: config.ORGANISER_ACCOUNT,
    ORGANISER_BIC: null,
    MAIL_FROM: config.MAIL_FROM,
    PUBLIC_SITE_URL: config.PUBLIC_SITE_URL,
    CERTIFYING_AUTHORITY: null,
    SIGNATORY_NAME: null,
    SIGNATORY_CAPACITY: null,
    SIGNATURE_IMAGE: null,
    ORGANISER_LOGO: null,
    RECOGNITION_CODE: null,
    CERTIFYING_AUTHORITY_ADDRESS: null,
    CERTIFYING_AUTHORITY_COMPANY_NUMBER: null,
    FISCAL_DAILY_MAXIMUMS: '',
    REMINDER_INTERVAL_DAYS: DEFAULT_REMINDER_INTERVAL_DAYS,
    REMINDER_MAX_COUNT: DEFAULT_REMINDER_MAX_COUNT,
    WAITING_OFFER_HOURS: DEFAULT_WAITING_OFFER_HOURS,
    FAMILY_CANCEL_CUTOFF_DAYS: DEFAULT_FAMILY_CANCEL_CUTOFF_DAYS,
    BELCOTAX_CONTACT_NAME: null,
    BELCOTAX_CONTACT_PHONE: null,
    BELCOTAX_CONTACT_EMAIL: null,
  };
}

type CapsInEuro = VolunteerCapsInEuro;
const mapCaps = (caps: Record<string, Record<string, number>>, f: (n: number) => number) =>
  Object.fromEntries(Object.entries(caps).map(([year, kinds]) => [year, { gewoon: f(kinds.gewoon!), verhoogd: f(kinds.verhoogd!) }]));
const capsInEuro = (caps: VolunteerCapsCents): CapsInEuro => mapCaps(caps, (c) => c / 100);
const capsInCents = (caps: CapsInEuro): VolunteerCapsCents => mapCaps(caps, (e) => Math.round(e * 100)) as VolunteerCapsCents;
/** The caps the organiser saved, as the audit log keeps them: per year the amount of each kind, in cents (none: null). */
const capsForAudit = (caps: VolunteerCapsCents | undefined) => {
  const years = Object.entries(caps ?? {});
  return years.length === 0
    ? null
    : Object.fromEntries(years.map(([year, kinds]) => [year, { gewoonCents: kinds.gewoon, verhoogdCents: kinds.verhoogd }]));
};
const savedCapsForAudit = (row: SettingsRow | undefined) => ({
  VOLUNTEER_DAILY_CAP: capsForAudit(row?.volunteerDailyCaps),
  VOLUNTEER_YEARLY_CAP: capsForAudit(row?.volunteerYearlyCaps),
});

/** The settings with the volunteer allowance caps in force, as getSettings answers them. */
export async function withVolunteerCaps(db: Executor, organiser: OrganiserSettings): Promise<SettingsAnswer> {
  const caps = await readVolunteerCaps(db);
  return { ...organiser, VOLUNTEER_DAILY_CAP: capsInEuro(caps.daily), VOLUNTEER_YEARLY_CAP: capsInEuro(caps.yearly) };
}

/** The volunteer allowance caps in force (issue 36), in cents: the saved years over the official defaults. */
export async function readVolunteerCaps(db: Executor): Promise<{ daily: VolunteerCapsCents; yearly: VolunteerCapsCents }> {
  const [row] = await db
    .select({ daily: settings.volunteerDailyCaps, yearly: settings.volunteerYearlyCaps })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ROW));
  return {
    daily: mergeCaps(DEFAULT_VOLUNTEER_DAILY_CAPS, row?.daily ?? {}),
    yearly: mergeCaps(DEFAULT_VOLUNTEER_YEARLY_CAPS, row?.yearly ?? {}),
  };
}

type SettingsRow = typeof settings.$inferSelect;

/** The saved row's columns but the images: what `SettingsWithoutImages` is made of. */
const { signatureImage: _signature, organiserLogo: _logo, ...columnsWithoutImages } = getTableColumns(settings);
type RowWithoutImages = Omit<SettingsRow, 'signatureImage' | 'organiserLogo'>;

const withoutImages = (row: RowWithoutImages): SettingsWithoutImages => ({
  ORGANISER_NAME: row.organiserName,
  ORGANISER_ADDRESS: row.organiserAddress,
  ORGANISER_COMPANY_NUMBER: row.organiserCompanyNumber,
  ORGANISER_BELCOTAX_REFERENCE: row.organiserBelcotaxReference,
  ORGANISER_IBAN: row.organiserIban,
  ORGANISER_BIC: row.organiserBic,
  MAIL_FROM: row.mailFrom,
  PUBLIC_SITE_URL: row.publicSiteUrl,
  CERTIFYING_AUTHORITY: row.certifyingAuthority,
  SIGNATORY_NAME: row.signatoryName,
  SIGNATORY_CAPACITY: row.signatoryCapacity,
  RECOGNITION_CODE: row.recognitionCode,
  CERTIFYING_AUTHORITY_ADDRESS: row.certifyingAuthorityAddress,
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: row.certifyingAuthorityCompanyNumber,
  FISCAL_DAILY_MAXIMUMS: formatDailyMaximums(row.fiscalDailyMaximums),
  REMINDER_INTERVAL_DAYS: row.reminderIntervalDays,
  REMINDER_MAX_COUNT: row.reminderMaxCount,
  WAITING_OFFER_HOURS: row.waitingOfferHours,
  FAMILY_CANCEL_CUTOFF_DAYS: row.familyCancelCutoffDays,
  BELCOTAX_CONTACT_NAME: row.belcotaxContactName,
  BELCOTAX_CONTACT_PHONE: row.belcotaxContactPhone,
  BELCOTAX_CONTACT_EMAIL: row.belcotaxContactEmail,
});

const toRecord = (row: SettingsRow): OrganiserSettings => ({
  ...withoutImages(row),
  SIGNATURE_IMAGE: row.signatureImage,
  ORGANISER_LOGO: row.organiserLogo,
});

/** The caps sent laid over the saved ones (a year sent replaces that year). */
const toColumns = (values: SettingsValues, existing?: SettingsRow) => ({
  ...(values.VOLUNTEER_DAILY_CAP === undefined
    ? {}
    : { volunteerDailyCaps: { ...existing?.volunteerDailyCaps, ...capsInCents(values.VOLUNTEER_DAILY_CAP) } }),
  ...(values.VOLUNTEER_YEARLY_CAP === undefined
    ? {}
    : { volunteerYearlyCaps: { ...existing?.volunteerYearlyCaps, ...capsInCents(values.VOLUNTEER_YEARLY_CAP) } }),
  organiserName: values.ORGANISER_NAME,
  organiserAddress: values.ORGANISER_ADDRESS,
  organiserCompanyNumber: values.ORGANISER_COMPANY_NUMBER,
  organiserBelcotaxReference: values.ORGANISER_BELCOTAX_REFERENCE,
  organiserIban: values.ORGANISER_IBAN,
  organiserBic: values.ORGANISER_BIC,
  mailFrom: values.MAIL_FROM,
  publicSiteUrl: values.PUBLIC_SITE_URL,
  certifyingAuthority: values.CERTIFYING_AUTHORITY,
  signatoryName: values.SIGNATORY_NAME,
  signatoryCapacity: values.SIGNATORY_CAPACITY,
  signatureImage: values.SIGNATURE_IMAGE,
  ...(values.ORGANISER_LOGO === undefined ? {} : { organiserLogo: values.ORGANISER_LOGO }),
  ...(values.RECOGNITION_CODE === undefined ? {} : { recognitionCode: values.RECOGNITION_CODE }),
  ...(values.CERTIFYING_AUTHORITY_ADDRESS === undefined ? {} : { certifyingAuthorityAddress: values.CERTIFYING_AUTHORITY_ADDRESS }),
  ...(values.CERTIFYING_AUTHORITY_COMPANY_NUMBER === undefined
    ? {}
    : { certifyingAuthorityCompanyNumber: values.CERTIFYING_AUTHORITY_COMPANY_NUMBER }),
  ...(values.FISCAL_DAILY_MAXIMUMS === undefined ? {} : { fiscalDailyMaximums: parseDailyMaximums(values.FISCAL_DAILY_MAXIMUMS) ?? {} }),
  ...(values.REMINDER_INTERVAL_DAYS === undefined ? {} : { reminderIntervalDays: values.REMINDER_INTERVAL_DAYS }),
  ...(values.REMINDER_MAX_COUNT === undefined ? {} : { reminderMaxCount: values.REMINDER_MAX_COUNT }),
  ...(values.WAITING_OFFER_HOURS === undefined ? {} : { waitingOfferHours: values.WAITING_OFFER_HOURS }),
  ...(values.FAMILY_CANCEL_CUTOFF_DAYS === undefined ? {} : { familyCancelCutoffDays: values.FAMILY_CANCEL_CUTOFF_DAYS }),
  ...(values.BELCOTAX_CONTACT_NAME === undefined ? {} : { belcotaxContactName: values.BELCOTAX_CONTACT_NAME }),
  ...(values.BELCOTAX_CONTACT_PHONE === undefined ? {} : { belcotaxContactPhone: values.BELCOTAX_CONTACT_PHONE }),
  ...(values.BELCOTAX_CONTACT_EMAIL === undefined ? {} : { belcotaxContactEmail: values.BELCOTAX_CONTACT_EMAIL }),
});

/**
 * The typed getter: the saved settings, or the environment's defaults when none are saved yet, without the signature
 * and the logo (up to 150 and 100 kB): every mail, payment code, answer and page but the attests and the settings
 * screen (`readSettingsWithImages`) and the logo's own address (`readOrganiserLogo`).
 */
export async function readSettings(db: Executor, defaults: SettingsWithoutImages): Promise<SettingsWithoutImages> {
  const [row] = await db.select(columnsWithoutImages).from(settings).where(eq(settings.id, SETTINGS_ROW));
  return row ? withoutImages(row) : defaults;
}

/** The settings with the signature and the logo: for the attests, which show the signature, and the settings screen. */
export async function readSettingsWithImages(db: Executor, defaults: OrganiserSettings): Promise<OrganiserSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ROW));
  return row ? toRecord(row) : defaults;
}

/**
 * A logo's version, worked out by the database: the start of the SHA-256 of its data URL, so that a new logo gets a
 * new address and the old one may be cached for good, and the public site's camps name it without reading it.
 */
const logoVersionSql = sql<string | null>`left(encode(sha256(convert_to(${settings.organiserLogo}, 'UTF8')), 'hex'), 16)`;

/** The organiser's name and its logo's version (null: no logo), for the public site's header. */
export async function readPublicOrganiser(
  db: Executor,
  defaults: Pick<OrganiserSettings, 'ORGANISER_NAME'>,
): Promise<{ name: string; logoVersion: string | null }> {
  const [row] = await db
    .select({ name: settings.organiserName, logoVersion: logoVersionSql })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ROW));
  return row ?? { name: defaults.ORGANISER_NAME, logoVersion: null };
}

/** The organiser's logo (a data URL) and its version, or null when none is saved. */
export async function readOrganiserLogo(db: Executor): Promise<{ dataUrl: string; version: string } | null> {
  const [row] = await db
    .select({ dataUrl: settings.organiserLogo, version: logoVersionSql })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ROW));
  return row?.dataUrl && row.version ? { dataUrl: row.dataUrl, version: row.version } : null;
}

/**
 * `readSettings` as a part of another statement: an expression answering the saved settings' row as JSON
 * (null when none are saved), for `settingsOfJson`. A booking reads them with its mail templates in one round trip
 * (issue 37).
 */
export const settingsJsonSql: SQL = sql`(select json_build_object(${sql.join(
  Object.entries(columnsWithoutImages).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${sql.identifier(column.name)}`),
  sql`, `,
)}) from settings where id = ${sql.raw(String(SETTINGS_ROW))})`;

/** The settings of `settingsJsonSql`'s answer, as `readSettings` answers them. */
export function settingsOfJson(row: unknown, defaults: SettingsWithoutImages): SettingsWithoutImages {
  return row ? withoutImages(row as RowWithoutImages) : defaults;
}

/** Saves every setting at once (the form sends them all), audited with before and after. */
export async function updateSettings(
  db: Database,
  adminId: number,
  values: SettingsValues,
  defaults: OrganiserSettings,
): Promise<OrganiserSettings> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(settings).where(eq(settings.id, SETTINGS_ROW)).for('update');
    const before = existing ? toRecord(existing) : defaults;
    const [row] = await tx
      .insert(settings)
      .values({ id: SETTINGS_ROW, ...toColumns(values, existing) })
      .onConflictDoUpdate({ target: settings.id, set: toColumns(values, existing) })
      .returning();
    const after = toRecord(row!);
    // The signature image and the logo are kept out of the audit log: they are large and say nothing a reader needs.
    const image = (dataUrl: string | null) => (dataUrl ? '(afbeelding)' : null);
    const withoutImage = (s: OrganiserSettings) => ({
      ...s,
      SIGNATURE_IMAGE: image(s.SIGNATURE_IMAGE),
      ORGANISER_LOGO: image(s.ORGANISER_LOGO),
    });
    // The volunteer allowance caps (issue 36) as the organiser saved them, beside the other settings.
    await writeAudit(tx, {
      adminId,
      action: 'updateSettings',
      entity: 'settings',
      entityId: SETTINGS_ROW,
      before: { ...withoutImage(before), ...savedCapsForAudit(existing) },
      after: { ...withoutImage(after), ...savedCapsForAudit(row) },
    });
    return after;
  });
}
