import { formatDate, formatDateTime } from './format.js';
import { maskNationalNumber } from './identity-numbers.js';
import { isRealDay } from './schemas/fields.js';
import { formatEuro } from './money.js';

/**
 * How the audit log reads in Dutch (issue 20, 'Geschiedenis' and 'Logboek'). Snapshots come in two
 * shapes: the records of the call table (SUBSCRIPTION_…, MONITOR_…) and database rows (camelCase), so
 * both spellings are named here, once, for every screen and export that shows a change.
 */
export const auditFieldLabels: Record<string, string> = {
  // Subscription (the detail of spec section 3)
  SUBSCRIPTION_ID: 'Inschrijving (id)',
  SUBSCRIPTION_REFERENCE: 'Referentie',
  SUBSCRIPTION_OGM: 'Gestructureerde mededeling',
  SUBSCRIPTION_CREATION_DATE: 'Inschrijvingsdatum',
  SUBSCRIPTION_CAMP_PRICE: 'Kampprijs',
  SUBSCRIPTION_CAMP_DISCOUNT: 'Korting',
  SUBSCRIPTION_AMOUNT_TO_PAY: 'Te betalen',
  SUBSCRIPTION_PAID_AMOUNT: 'Betaald bedrag',
  SUBSCRIPTION_SALDO: 'Saldo',
  SUBSCRIPTION_PAID: 'Betaald',
  SUBSCRIPTION_PAYMENT_DATE: 'Betaaldatum',
  SUBSCRIPTION_PAID_ACCOUNTNR: 'Rekeningnummer betaler',
  PAYMENTMETHOD_ID: 'Betaalwijze (id)',
  PAYMENTMETHOD_DESCRIPTION: 'Betaalwijze',
  SUBSCRIPTION_CANCELLED: 'Geannuleerd',
  SUBSCRIPTION_CANCELLATION_DATE: 'Annulatiedatum',
  SUBSCRIPTION_REMARK: 'Opmerking',
  SUBSCRIPTION_LUNCH_PREFERENCE_ID: 'Lunchvoorkeur (id)',
  SUBSCRIPTION_SELECTED_DAYS: 'Gekozen dagen',
  SUBSCRIPTION_DISCOUNT_SELECTED_DAYS: 'Korting gekozen dagen',
  PAYMENT_STATUS: 'Betaalstatus',
  CAMP_ID: 'Kamp (id)',
  CAMP_PRICE: 'Prijs kamp',
  CAMP_FLEXIBLE_BOOKING_ALLOWED: 'Flexibel boeken',
  CAMP_ACTIVE_DAYS: 'Kampdagen',
  THEME_ID: 'Thema (id)',
  THEME_NAME: 'Thema',
  LOCATION_ID: 'Locatie (id)',
  LOCATION_NAME: 'Locatie',
  PERIOD_ID: 'Periode (id)',
  PERIOD_NAME: 'Periode',
  PERIOD_STARTDATE: 'Begindatum periode',
  PERIOD_ENDDATE: 'Einddatum periode',
  AGEGROUP_NAME: 'Leeftijdsgroep',
  MIN_BIRTHYEAR: 'Geboortejaar van',
  MAX_BIRTHYEAR: 'Geboortejaar tot',
  CAMP_CLOSED: 'Gesloten',
  SUBSCRIBER_ID: 'Kind (id)',
  SUBSCRIBER_FIRSTNAME: 'Voornaam kind',
  SUBSCRIBER_LASTNAME: 'Familienaam kind',
  SUBSCRIBER_GENDER_ID: 'Geslacht',
  SUBSCRIBER_BIRTHDATE: 'Geboortedatum kind',
  SUBSCRIBER_BIRTHYEAR: 'Geboortejaar kind',
  SUBSCRIBER_NATIONALNR: 'Rijksregisternummer kind',
  SUBSCRIBER_PARENT_ID: 'Ouder (id)',
  SUBSCRIBER_PARENT_FIRSTNAME: 'Voornaam ouder',
  SUBSCRIBER_PARENT_LASTNAME: 'Familienaam ouder',
  SUBSCRIBER_PARENT_STREET: 'Straat',
  SUBSCRIBER_PARENT_HOUSENR: 'Huisnummer',
  SUBSCRIBER_PARENT_POSTALCODE: 'Postcode',
  SUBSCRIBER_PARENT_CITY: 'Gemeente',
  SUBSCRIBER_PARENT_COUNTRY: 'Land',
  SUBSCRIBER_PARENT_PHONE: 'Telefoon',
  SUBSCRIBER_PARENT_PHONE2: 'Telefoon 2',
  SUBSCRIBER_PARENT_EMAIL: 'E-mail ouder',
  SUBSCRIBER_PARENT_NATIONALNR: 'Rijksregisternummer ouder',
  // Monitor
  MONITOR_ID: 'Monitor (id)',
  MONITOR_FIRSTNAME: 'Voornaam',
  MONITOR_LASTNAME: 'Familienaam',
  MONITOR_EMAIL: 'E-mail',
  MONITOR_PHONE: 'Telefoon',
  MONITOR_REMARK: 'Opmerking',
  MONITOR_BIRTHDATE: 'Geboortedatum',
  MONITOR_NATIONALNR: 'Rijksregisternummer',
  MONITOR_ACCOUNT_NR: 'Rekeningnummer',
  MONITOR_STREET: 'Straat',
  MONITOR_HOUSENR: 'Huisnummer',
  MONITOR_POSTALCODE: 'Postcode',
  MONITOR_CITY: 'Gemeente',
  MONITOR_CAMP_LOCATION_1: 'Kamplocatie 1',
  MONITOR_CAMP_LOCATION_2: 'Kamplocatie 2',
  MONITOR_CAMP_LOCATION_3: 'Kamplocatie 3',
  MONITOR_CAMP_LOCATION_4: 'Kamplocatie 4',
  MONITOR_CAMP_LOCATION_5: 'Kamplocatie 5',
  // Database rows: camps, children, parents, lists, payments
  id: 'Id',
  name: 'Naam',
  nameShort: 'Korte naam',
  description: 'Omschrijving',
  address: 'Adres',
  locationId: 'Locatie (id)',
  periodId: 'Periode (id)',
  themeId: 'Thema (id)',
  agegroupId: 'Leeftijdsgroep (id)',
  minBirthyear: 'Geboortejaar van',
  maxBirthyear: 'Geboortejaar tot',
  minAge: 'Minimumleeftijd',
  maxAge: 'Maximumleeftijd',
  startDate: 'Begindatum',
  endDate: 'Einddatum',
  priceCents: 'Prijs',
  seatsAvailable: 'Aantal plaatsen',
  closed: 'Afgesloten',
  allowBookingFrom: 'Inschrijven vanaf',
  allowBookingInfo: 'Info inschrijvingen',
  activeDays: 'Kampdagen',
  discountAllowed: 'Korting toegestaan',
  discountSelectedDaysAllowed: 'Korting gekozen dagen toegestaan',
  flexibleBookingAllowed: 'Flexibel boeken',
  minimumContiguousDays: 'Minimum aaneensluitende dagen',
  minimumRequiredDays: 'Minimum aantal dagen',
  maximumAllowedDays: 'Maximum aantal dagen',
  reductionToEarnCents: 'Korting te verdienen',
  fiscalMaxReductionCents: 'Fiscale maximumkorting',
  remark: 'Opmerking',
  emailTemplateConfirm: 'Mailsjabloon bevestiging',
  emailTemplateCancel: 'Mailsjabloon annulatie',
  emailTemplateConvertCash: 'Mailsjabloon omzetten naar cash',
  emailTemplateConvertBankTransfer: 'Mailsjabloon omzetten naar overschrijving',
  firstname: 'Voornaam',
  lastname: 'Familienaam',
  genderId: 'Geslacht',
  birthdate: 'Geboortedatum',
  nationalnr: 'Rijksregisternummer',
  parentId: 'Ouder (id)',
  street: 'Straat',
  housenr: 'Huisnummer',
  postalcode: 'Postcode',
  city: 'Gemeente',
  country: 'Land',
  phone: 'Telefoon',
  phone2: 'Telefoon 2',
  email: 'E-mail',
  subject: 'Onderwerp',
  body: 'Tekst',
  subscriptionId: 'Inschrijving (id)',
  paidAmountCents: 'Betaald bedrag',
  paid: 'Betaald',
  paymentDate: 'Betaaldatum',
  paidAccountNr: 'Rekeningnummer betaler',
  amountCents: 'Bedrag',
  payment: 'Betaling',
  state: 'Toestand',
  ignoreReason: 'Reden genegeerd',
  date: 'Dag',
  present: 'Aanwezig',
};

export const auditEntityLabels: Record<string, string> = {
  subscription: 'Inschrijving',
  subscriber: 'Kind',
  parent: 'Ouder',
  camp: 'Kamp',
  monitor: 'Monitor',
  theme: 'Thema',
  payment: 'Betaling',
  bankImport: 'Bankafschrift',
  voucher: 'Voucher',
  settings: 'Instellingen',
  mailTemplate: 'Mailsjabloon',
  location: 'Locatie',
  period: 'Periode',
  agegroup: 'Leeftijdsgroep',
  lunchPreference: 'Lunchvoorkeur',
  retention: 'Bewaartermijn',
  family: 'Gezin',
};

/** A label for an action name as the audit log records it ('crudCamp:update' → 'crudCamp: wijzigen'). */
const actionVerbs: Record<string, string> = {
  create: 'aanmaken',
  update: 'wijzigen',
  delete: 'verwijderen',
  overCapacity: 'boven capaciteit',
  overAgeRange: 'buiten leeftijd',
  overClosed: 'gesloten kamp',
};
export function auditActionLabel(action: string): string {
  const [name, verb] = action.split(':');
  return verb ? `${name}: ${actionVerbs[verb] ?? verb}` : action;
}

export const auditFieldLabel = (field: string) => auditFieldLabels[field] ?? field;

/** Amounts in snapshots are euro on records and cents on database rows (…Cents). */
const isCents = (field: string) => field.endsWith('Cents');
const euroFields = new Set([
  'SUBSCRIPTION_CAMP_PRICE',
  'SUBSCRIPTION_CAMP_DISCOUNT',
  'SUBSCRIPTION_AMOUNT_TO_PAY',
  'SUBSCRIPTION_PAID_AMOUNT',
  'SUBSCRIPTION_SALDO',
  'SUBSCRIPTION_DISCOUNT_SELECTED_DAYS',
  'CAMP_PRICE',
]);
/** A snapshot's timestamp as the API (2025-06-03T08:15:00.000Z) or a database row (2025-06-03 08:15:00+00) writes it. */
const ISO_MOMENT = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * A text is shown as a date only when it is all of a real day or moment: free text that merely starts like one
 * ('2025-07-01 14:00 gebeld', '9999-12-31T99:99:99Z') is shown as written. Guessing from the start once made
 * the whole history of such a record answer 500.
 */
function formatAuditText(text: string): string {
  if (isRealDay(text)) return formatDate(text);
  const moment = ISO_MOMENT.exec(text);
  if (moment && isRealDay(moment[1]!) && !Number.isNaN(Date.parse(text))) return formatDateTime(text);
  return text;
}

/**
 * One value of a snapshot as staff read it: euro, Ja/Nee, dd/mm/yyyy, '–' for nothing. A national number
 * is shown masked: it leaves the server in full only through revealNationalNumber.
 */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (/nationalnr/i.test(field)) return maskNationalNumber(String(value));
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nee';
  if (typeof value === 'number') {
    if (isCents(field)) return formatEuro(value / 100);
    if (euroFields.has(field)) return formatEuro(value);
    return String(value);
  }
  if (typeof value === 'string') return formatAuditText(value);
  return JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  label: string;
  old: string;
  new: string;
}

const asRecord = (snapshot: unknown): Record<string, unknown> =>
  snapshot && typeof snapshot === 'object' && !Array.isArray(snapshot) ? (snapshot as Record<string, unknown>) : {};

/** A record's version (issue 12) rises with every save: bookkeeping of the product, not a change staff made. */
const isVersionField = (field: string) => field === 'version' || field.endsWith('_VERSION');

/**
 * What a change did, field by field (old → new): every field whose value differs between the snapshots.
 * A record made or deleted shows each of its fields against '–'.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const old = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((field) => !isVersionField(field));
  return fields
    .filter((field) => JSON.stringify(old[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({
      field,
      label: auditFieldLabel(field),
      old: formatAuditValue(field, old[field]),
      new: formatAuditValue(field, now[field]),
    }));
}
