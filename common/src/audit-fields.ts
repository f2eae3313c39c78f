import { GENDER_GIRL } from './constants.js';
import { formatDate, formatDateTime } from './format.js';
import { maskNationalNumber } from './identity-numbers.js';
import { isRealDay } from './schemas/fields.js';
import { formatEuro } from './money.js';
import { paymentStatusLabels } from './payment-status.js';
import { subscriptionSourceLabels } from './subscription-source.js';
import { longDayLabel } from './participants.js';
import { SAFETY_QUESTIONS, safetyLevelLabels } from './safety-sheet.js';

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
  SUBSCRIPTION_SOURCE: 'Ingeschreven via',
  SUBSCRIPTION_DISCOUNT_SELECTED_DAYS: 'Korting gekozen dagen',
  PAYMENT_STATUS: 'Betaalstatus',
  CAMP_ID: 'Kamp (id)',
  CHILD_ID: 'Kind (id)',
  WAITING_TOGETHER: 'Wacht samen met broers of zussen',
  PLACE: 'Plaats op de wachtlijst',
  WAITING_STATE: 'Wachtlijst',
  OFFER_EXPIRES_AT: 'Aanbod geldig tot',
  CAMPS: 'Kampen',
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
  cancellationFeeCents: 'Annulatiekost',
  // Discounts in a deleted subscription's snapshot
  discounts: 'Kortingen',
  SUBSCRIPTION_DISCOUNT_ID: 'Korting (id)',
  SUBSCRIPTION_DISCOUNT_AMOUNT: 'Bedrag',
  SUBSCRIPTION_DISCOUNT_REMARK: 'Reden',
  SUBSCRIPTION_DISCOUNT_KIND: 'Soort korting',
  SUBSCRIPTION_DISCOUNT_CREATED_AT: 'Gegeven op',
  // Mails, reminders, mail templates and automatic mails
  mailId: 'Mail (id)',
  recipient: 'Ontvanger',
  status: 'Status',
  error: 'Foutmelding',
  remindersSent: 'Herinneringen verstuurd',
  MAILTEMPLATE_ID: 'Mailsjabloon',
  MAILTEMPLATE_SUBJECT: 'Onderwerp',
  MAILTEMPLATE_BODY: 'Tekst',
  MAILSCHEDULE_ID: 'Automatische mail (id)',
  TRIGGER: 'Wanneer',
  DAYS: 'Aantal dagen',
  TARGET: 'Voor wie',
  // Users
  userId: 'Gebruiker (id)',
  role: 'Rol',
  monitorId: 'Monitor (id)',
  monitorName: 'Monitor',
  disabled: 'Uitgeschakeld',
  active: 'Actief',
  createdAt: 'Aangemaakt',
  inviteExpiresAt: 'Uitnodiging geldig tot',
  // Settings (the labels of Instellingen)
  ORGANISER_NAME: 'Naam organisator',
  ORGANISER_ADDRESS: 'Adres organisator',
  ORGANISER_COMPANY_NUMBER: 'Ondernemingsnummer (KBO)',
  ORGANISER_BELCOTAX_REFERENCE: 'Belcotax-referentie',
  ORGANISER_IBAN: 'Rekeningnummer (IBAN)',
  ORGANISER_BIC: 'BIC',
  BELCOTAX_CONTACT_NAME: 'Contactpersoon Belcotax',
  BELCOTAX_CONTACT_PHONE: 'Telefoonnummer contactpersoon Belcotax',
  BELCOTAX_CONTACT_EMAIL: 'Mailadres contactpersoon Belcotax',
  MAIL_FROM: 'Afzender van de mails',
  PUBLIC_SITE_URL: 'Website voor inschrijvingen',
  REMINDER_INTERVAL_DAYS: 'Minimum dagen tussen twee herinneringen',
  WAITING_OFFER_HOURS: 'Uren dat een vrijgekomen plaats voor de wachtlijst vastgehouden wordt',
  FAMILY_CANCEL_CUTOFF_DAYS: 'Dagen voor het kamp tot wanneer een gezin zelf annuleert',
  REMINDER_MAX_COUNT: 'Maximum aantal herinneringen',
  RECOGNITION_CODE: 'Erkend, gesubsidieerd of gecontroleerd door',
  CERTIFYING_AUTHORITY: 'Certificerende overheid',
  CERTIFYING_AUTHORITY_ADDRESS: 'Adres certificerende overheid',
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: 'Ondernemingsnummer certificerende overheid',
  FISCAL_DAILY_MAXIMUMS: 'Fiscaal dagmaximum per inkomstenjaar',
  SIGNATORY_NAME: 'Naam ondertekenaar',
  SIGNATORY_CAPACITY: 'Hoedanigheid ondertekenaar',
  SIGNATURE_IMAGE: 'Handtekening',
  VOLUNTEER_DAILY_CAP: 'Dagplafond vrijwilligersvergoeding (eigen bedragen per jaar)',
  VOLUNTEER_YEARLY_CAP: 'Jaarplafond vrijwilligersvergoeding (eigen bedragen per jaar)',
  gewoonCents: 'gewone vrijwilliger',
  verhoogdCents: 'sportlesgever of -trainer',
  ORGANISER_LOGO: 'Logo',
  // Fiscal attests, refunds, bank statements, vouchers, copies, retention
  year: 'Jaar',
  test: 'Test',
  forms: 'Formulieren',
  number: 'Nummer',
  treatment: 'Behandeling',
  total: 'Totaal',
  queued: 'Klaargezet',
  severeDisability: 'Ernstige handicap',
  debtors: 'Schuldenaars',
  share: 'Aandeel',
  messageId: 'Bestand',
  transfers: 'Overschrijvingen',
  reference: 'Referentie',
  payments: 'Betalingen',
  token: 'Code',
  campId: 'Kamp (id)',
  type: 'Soort',
  expiresAt: 'Geldig tot',
  usedAt: 'Gebruikt op',
  createdBy: 'Gemaakt door (gebruiker-id)',
  VOUCHER_ID: 'Voucher (id)',
  SOURCE_CAMP_ID: 'Gekopieerd van kamp (id)',
  SEATS_AVAILABLE: 'Aantal plaatsen',
  SEATS_TAKEN: 'Plaatsen bezet',
  SEATS_OPEN: 'Plaatsen vrij',
  WAITING_COUNT: 'Op de wachtlijst',
  SUBSCRIPTION_DISCOUNT_CREATION_DATE: 'Gegeven op',
  // The fiscal attest of a child: severe disability and the debtors who paid
  SEVERE_DISABILITY: 'Ernstige handicap',
  OWN_DEBTORS: 'Eigen schuldenaars',
  DEBTORS: 'Schuldenaars',
  LASTNAME: 'Familienaam',
  FIRSTNAME: 'Voornaam',
  NATIONALNR: 'Rijksregisternummer',
  STREET: 'Straat',
  POSTALCODE: 'Postcode',
  CITY: 'Gemeente',
  COUNTRY: 'Land',
  SHARE_PERCENT: 'Aandeel (%)',
  // Bank statements and their payments
  fileName: 'Bestand',
  format: 'Formaat',
  statements: 'Rekeninguittreksels',
  movements: 'Bewegingen',
  matched: 'Gekoppeld',
  alreadyImported: 'Al eerder ingelezen',
  unmatched: 'Te koppelen',
  ignoredDebits: 'Uitgaande betalingen genegeerd',
  undoneAt: 'Ongedaan gemaakt op',
  importId: 'Inlezing (id)',
  account: 'Rekening',
  sequence: 'Volgnummer',
  currency: 'Munt',
  accountNr: 'Rekeningnummer',
  valueDate: 'Valutadatum',
  payerName: 'Naam betaler',
  communication: 'Mededeling',
  structuredCommunication: 'Gestructureerde mededeling',
  statementDate: 'Datum rekeninguittreksel',
  statementSequence: 'Volgnummer rekeninguittreksel',
  movementKey: 'Beweging',
  queueReason: 'Reden te koppelen',
  hintReference: 'Vermoedelijke referentie',
  changedByHandAt: 'Met de hand gewijzigd op',
  source: 'Bron',
  adminId: 'Gebruiker (id)',
  // Retention and erasure: what was anonymised or erased
  olderThanYears: 'Ouder dan (jaren)',
  dryRun: 'Proefdraaien',
  campYears: 'Kampjaren',
  keptFromCampYear: 'Bewaard vanaf kampjaar',
  subscriptions: 'Inschrijvingen',
  children: 'Kinderen',
  parents: 'Ouders',
  mails: 'Mails',
  auditEntries: 'Regels in het logboek',
  durationMs: 'Duur (ms)',
  // Monitor planning (issue 36).
  AGEGROUP_ID: 'Leeftijdsgroep (id)',
  PERIOD_IDS: 'Beschikbare periodes (id)',
  CHILDREN_PER_MONITOR: 'Kinderen per monitor',
  QUALIFICATION_IDS: 'Vereiste kwalificaties (id)',
  QUALIFICATION_ID: 'Kwalificatie (id)',
  QUALIFICATION_NAME: 'Kwalificatie',
  QUALIFICATIONS: 'Kwalificaties',
  VALID_UNTIL: 'Geldig tot',
  VOLUNTEER_KIND: 'Soort vrijwilliger',
  HEAD: 'Hoofdmonitor',
  DAY: 'Dag',
  AMOUNT: 'Bedrag',
  ALLOWANCE_PER_DAY: 'Vergoeding per dag',
  campYear: 'Kampjaar',
  PUBLISHED_AT: 'Gepubliceerd op',
  MAILS: 'Mails klaargezet',
  // The safety sheets (issue 35): never their content, only who saved one, the rules and counts.
  UPDATED_BY: 'Ingevuld door',
  COUNT: 'Aantal',
  LEVELS: 'Niveau per vraag',
  MONITOR_DAYS_BEFORE: 'Dagen vóór het kamp zichtbaar voor monitoren',
  RETENTION_DAYS: 'Bewaartermijn in dagen na het laatste kamp',
  MEDEWERKER_READS: 'Medewerkers mogen fiches lezen en invullen',
  ...Object.fromEntries(Object.entries(SAFETY_QUESTIONS).map(([key, q]) => [key, q.label])),
};

/** Values that are codes in a snapshot, as the screens name them. */
const auditValueLabels: Record<string, Record<string, string>> = {
  SUBSCRIPTION_DISCOUNT_KIND: { booking: 'korting van de organisator', 'selected-days': 'minder dagen', extra: 'extra korting' },
  kind: { booking: 'korting van de organisator', 'selected-days': 'minder dagen', extra: 'extra korting' },
  TRIGGER: { beforeStart: 'voor het kamp begint', afterBooking: 'na de inschrijving, zolang niet betaald', afterEnd: 'na het kamp' },
  TARGET: { all: 'iedereen', unpaid: 'niet (volledig) betaald', paid: 'betaald' },
  role: { beheerder: 'Beheerder', medewerker: 'Medewerker', monitor: 'Monitor' },
  status: { outbox: 'in wachtrij', sent: 'verzonden', failed: 'mislukt' },
  WAITING_STATE: {
    waiting: 'wacht',
    offered: 'plaats aangeboden',
    booked: 'ingeschreven',
    declined: 'geweigerd',
    lapsed: 'verlopen',
    left: 'van de lijst gegaan',
    removed: 'van de lijst gehaald',
  },
  PAYMENT_STATUS: paymentStatusLabels,
  SUBSCRIPTION_SOURCE: subscriptionSourceLabels,
  VOLUNTEER_KIND: { gewoon: 'gewone vrijwilliger', verhoogd: 'sportlesgever of -trainer (verhoogd jaarplafond)' },
  UPDATED_BY: { family: 'het gezin (website)', staff: 'een medewerker' },
  ...Object.fromEntries(Object.keys(SAFETY_QUESTIONS).map((key) => [key, safetyLevelLabels])),
};

/** Lists of days (a camp's days, a flexible booking's) as Belgian dates. */
const dayListFields = new Set(['CAMP_ACTIVE_DAYS', 'SUBSCRIPTION_SELECTED_DAYS', 'ACTIVE_DAYS', 'activeDays', 'selectedDays']);

export const auditEntityLabels: Record<string, string> = {
  subscription: 'Inschrijving',
  subscriber: 'Kind',
  parent: 'Ouder',
  camp: 'Kamp',
  monitor: 'Monitor',
  theme: 'Thema',
  payment: 'Betaling',
  bankImport: 'Inlezing van rekeninguittreksels',
  voucher: 'Voucher',
  settings: 'Instellingen',
  mailTemplate: 'Mailsjabloon',
  location: 'Locatie',
  period: 'Periode',
  agegroup: 'Leeftijdsgroep',
  lunchPreference: 'Lunchvoorkeur',
  retention: 'Bewaartermijn',
  family: 'Gezin',
  user: 'Gebruiker',
  mail: 'Mail',
  mailSchedule: 'Automatische mail',
  refundFile: 'SEPA-bestand terugbetalingen',
  fiscalAttests: 'Fiscale attesten',
  fiscalAttestChild: 'Fiscaal attest kind',
  belcotax: 'Belcotax-aangifte',
  planning: 'Monitorplanning',
  qualification: 'Kwalificatie',
  volunteerAllowance: 'Vrijwilligersvergoeding',
  waitingEntry: 'Wachtlijst',
  safetySheet: 'Veiligheidsfiche',
  safetySheetSettings: 'Regels van de veiligheidsfiches',
};

/** What each call that writes the audit log did, as staff say it (issue 39). */
const auditActionNames: Record<string, string> = {
  acceptInvite: 'Uitnodiging aanvaard',
  acceptOffer: 'Vrijgekomen plaats aanvaard via de website',
  cancelBooking: 'Inschrijving geannuleerd via de website',
  declineOffer: 'Vrijgekomen plaats geweigerd',
  joinWaitingList: 'Op de wachtlijst gezet',
  leaveWaitingList: 'Van de wachtlijst gegaan via de website',
  moveWaitingEntry: 'Plaats op de wachtlijst gewijzigd',
  offerLapsed: 'Aanbod van een vrijgekomen plaats verlopen',
  offerSeat: 'Vrijgekomen plaats aangeboden',
  removeWaitingEntry: 'Van de wachtlijst gehaald',
  readSafetySheet: 'Veiligheidsfiche ingezien',
  readMedicationRound: 'Medicatieronde ingezien',
  readSafetyWarnings: 'Aandachtspunten van de veiligheidsfiche ingezien op de deelnemerslijst',
  printSafetyWarnings: 'Daglijst met de veiligheidsfiches afgedrukt',
  saveSafetySheet: 'Veiligheidsfiche bewaard',
  saveFamilySafetySheet: 'Veiligheidsfiche bewaard via de website',
  saveSafetySheetSettings: 'Regels van de veiligheidsfiches gewijzigd',
  remindSafetySheets: 'Herinnering voor de veiligheidsfiches verstuurd',
  eraseExpiredSafetySheets: 'Veiligheidsfiches na hun bewaartermijn gewist',
  addDiscount: 'Korting gegeven',
  anonymiseYears: 'Oude kampjaren geanonimiseerd',
  assignPayment: 'Betaling gekoppeld',
  bookOnline: 'Inschrijving via de website',
  cancelSubscription: 'Inschrijving geannuleerd',
  changePassword: 'Wachtwoord gewijzigd',
  convertToBankTransfer: 'Omgezet naar overschrijving',
  convertToCash: 'Omgezet naar contante betaling',
  copySeason: 'Seizoen gekopieerd',
  correctSubscriber: 'Geslacht, geboortedatum of rijksregisternummer kind gecorrigeerd',
  createSubscription: 'Inschrijving toegevoegd',
  deleteMonitor: 'Monitor verwijderd',
  deleteSubscription: 'Inschrijving verwijderd (naar de Prullenbak)',
  eraseFamily: 'Gezin gewist',
  exportBelcotax: 'Belcotax-bestand gemaakt',
  exportBelcotaxCorrections: 'Belcotax-wijzigingsbestand gemaakt',
  exportFamilyData: 'Gegevens van een gezin opgevraagd',
  exportRefunds: 'SEPA-bestand terugbetalingen gemaakt',
  generateVoucher: 'Voucher gemaakt',
  ignorePayment: 'Betaling genegeerd',
  importBankStatements: 'Rekeninguittreksels ingelezen',
  linkFamilyAccount: 'Gezinsaccount van de website gekoppeld',
  inviteUser: 'Gebruiker uitgenodigd',
  mailAttests: 'Fiscale attesten gemaild',
  markRefundPaid: 'Terugbetaling als betaald gemarkeerd',
  moveSubscription: 'Inschrijving verplaatst',
  paymentComplete: 'Bedragen gelijk gezet',
  removeUser: 'Gebruiker verwijderd',
  requeuePayment: 'Betaling terug in de wachtrij gezet',
  resendConfirmationEmail: 'Bevestigingsmail opnieuw verstuurd',
  restoreSubscription: 'Inschrijving teruggezet',
  retryMail: 'Mail opnieuw verstuurd',
  revealNationalNumber: 'Rijksregisternummer getoond',
  saveFamilyChild: 'Kind bewaard via de website',
  saveFamilyParent: 'Gegevens ouder gewijzigd via de website',
  saveFiscalAttestChild: 'Fiscaal attest van een kind aangepast',
  sendPaymentReminders: 'Betalingsherinnering verstuurd',
  setAttendance: 'Aanwezigheid ingevuld',
  signUpFamily: 'Gezinsaccount gemaakt op de website',
  undoBankImport: 'Inlezing van rekeninguittreksels ongedaan gemaakt',
  updateSettings: 'Instellingen gewijzigd',
  updateSubscriber: 'Gegevens kind gewijzigd',
  updateSubscriberParent: 'Gegevens ouder gewijzigd',
  updateSubscription: 'Lunchvoorkeur of opmerking gewijzigd',
  updateUser: 'Gebruiker gewijzigd',
  assignMonitor: 'Monitor ingepland',
  unassignMonitor: 'Monitor van een kamp gehaald',
  saveAvailability: 'Beschikbaarheid van een monitor bewaard',
  saveQualification: 'Kwalificatie bewaard',
  deleteQualification: 'Kwalificatie verwijderd',
  saveMonitorQualifications: 'Kwalificaties van een monitor bewaard',
  saveCampRequirements: 'Vereiste kwalificaties van een kamp bewaard',
  saveAgegroupRatio: 'Kinderen per monitor bewaard',
  saveVolunteerAllowance: 'Vrijwilligersvergoeding bewaard',
  publishPlanning: 'Planning gepubliceerd en naar de monitoren gemaild',
};
/** The calls that create, change and delete one kind of record ('crudCamp:update'), by the record they change. */
const recordCalls: Record<string, string> = {
  crudAgegroup: 'Leeftijdsgroep',
  crudCamp: 'Kamp',
  crudLocation: 'Locatie',
  crudLunchPreference: 'Lunchvoorkeur',
  crudMailSchedule: 'Automatische mail',
  crudMailTemplate: 'Mailsjabloon',
  crudPeriod: 'Periode',
  crudTheme: 'Thema',
  updateMonitor: 'Monitor',
};
const recordVerbs: Record<string, string> = { create: 'toegevoegd', update: 'gewijzigd', delete: 'verwijderd' };
/** A booking against a camp's rule, written down on its own ('createSubscription:overCapacity'). */
const overrideNotes: Record<string, string> = {
  overCapacity: 'boven capaciteit',
  overAgeRange: 'buiten leeftijd',
  overClosed: 'gesloten kamp',
  voucher: 'met voucher',
  siblingDiscount: 'korting broer of zus herberekend',
};

/** An action name as the audit log records it, in words: 'crudCamp:update' → 'Kamp gewijzigd'; an unknown one as written. */
export function auditActionLabel(action: string): string {
  const [name = '', detail] = action.split(':');
  const record = recordCalls[name];
  if (record && detail) return `${record} ${recordVerbs[detail] ?? detail}`;
  const label = auditActionNames[name] ?? name;
  return detail ? `${label} (${overrideNotes[detail] ?? detail})` : label;
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
  'SUBSCRIPTION_DISCOUNT_AMOUNT',
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
    if (field === 'genderId' || field === 'SUBSCRIBER_GENDER_ID') return value === GENDER_GIRL ? 'Meisje' : 'Jongen';
    if (isCents(field)) return formatEuro(value / 100);
    if (euroFields.has(field)) return formatEuro(value);
    return String(value);
  }
  if (typeof value === 'string' && dayListFields.has(field) && value.split(',').every((day) => isRealDay(day.trim()))) {
    return value
      .split(',')
      .map((day) => formatDate(day.trim()))
      .join(', ');
  }
  if (typeof value === 'string') return auditValueLabels[field]?.[value] ?? formatAuditText(value);
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map((item) => formatAuditValue(field, item)).join('; ');
  // A nested record (a discount of a deleted subscription, a form of a Belcotax file): its fields in words, never JSON.
  return Object.entries(value as Record<string, unknown>)
    .filter(([key]) => !isVersionField(key))
    .map(([key, item]) => `${auditFieldLabel(key)}: ${formatAuditValue(key, item)}`)
    .join(', ');
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
function isVersionField(field: string): boolean {
  return field === 'version' || field.endsWith('_VERSION');
}

const attendanceWords = (present: unknown) => (present === true ? 'aanwezig' : present === false ? 'afwezig' : 'niet ingevuld');

/** An attendance entry ({ date, present }) names its day: 'Aanwezigheid op maandag 6 juli 2026: niet ingevuld → aanwezig'. */
function attendanceChange(old: Record<string, unknown>, now: Record<string, unknown>): AuditChange | null {
  const day = now.date ?? old.date;
  if (!('present' in now || 'present' in old) || typeof day !== 'string' || !isRealDay(day)) return null;
  const keys = new Set([...Object.keys(old), ...Object.keys(now)]);
  if ([...keys].some((key) => key !== 'date' && key !== 'present')) return null;
  return {
    field: 'present',
    label: `Aanwezigheid op ${longDayLabel(day)}`,
    old: attendanceWords(old.present),
    new: attendanceWords(now.present),
  };
}

/**
 * What a change did, field by field (old → new): every field whose value differs between the snapshots.
 * A record made or deleted shows each of its fields against '–'.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const old = asRecord(before);
  const now = asRecord(after);
  const attendance = attendanceChange(old, now);
  if (attendance) return [attendance];
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
