/** Every Dutch text the product shows for validation and failures (spec sections 5 and 8). */
export const validationMessages = {
  required: 'Veld verplicht',
  tooShort: 'Inhoud te kort',
  tooLong: 'Inhoud te lang',
  tooLongTheme: 'Inhoud te lang.',
  tooLongAccount: 'Inhoud te lang. Geen spaties gebruiken.',
  invalidEmail: 'ongeldig mailadres',
  wrongFormat: 'Foutief formaat',
} as const;

export const failureMessages = {
  login: 'Login niet correct',
  save: 'Opslaan mislukt, probeer opnieuw.',
  deleteSubscription: 'Inschrijving verwijderen mislukt, probeer opnieuw.',
  cancelSubscription: 'Inschrijving annuleren mislukt, probeer opnieuw.',
  convertToCash: 'Converteren naar cash mislukt, probeer opnieuw.',
  convertToBankTransfer: 'Converteren naar overschrijving mislukt, probeer opnieuw.',
  paymentComplete: 'Betaald bedrag gelijk zetten aan te betalen bedrag mislukt, probeer opnieuw.',
  resendMail: 'Mail opnieuw versturen mislukt, probeer opnieuw.',
  deleteMonitor: 'Verwijderen mislukt, probeer opnieuw.',
  generateVoucher: 'Genereren van voucher mislukt, probeer opnieuw.',
  loadThemes: "Niet gelukt om thema's op te halen. Probeer opnieuw.",
  loadCamps: 'Niet gelukt om kampen op te halen. Probeer opnieuw.',
  campNotFound: 'Kamp niet gevonden',
  themeNotFound: 'Thema niet gevonden',
  download: 'Downloaden mislukt, probeer opnieuw.',
  attendance: 'Opslaan mislukt, probeer opnieuw.',
  loadParticipants: 'Niet gelukt om deelnemers op te halen. Probeer opnieuw.',
  revealNationalNumber: 'Rijksregisternummer tonen mislukt, probeer opnieuw.',
} as const;

/**
 * A save over a record someone else changed since it was loaded (409 VERSION_CONFLICT), the button that loads the
 * record again, and the question before leaving a form with unsaved changes (docs/decisions.md).
 */
export const staleDataMessages = {
  versionConflict:
    'Iemand anders heeft deze gegevens intussen gewijzigd. Je wijzigingen zijn niet opgeslagen: laad de gegevens opnieuw en breng ze dan opnieuw aan.',
  amountChanged: 'Het te betalen bedrag is intussen gewijzigd. Er is niets aangepast: laad de gegevens opnieuw en kijk het bedrag na.',
  reload: 'Opnieuw laden',
  unsavedChanges: 'Je hebt niet-opgeslagen wijzigingen. Wil je deze pagina verlaten zonder ze op te slaan?',
  leave: 'Verlaten zonder opslaan',
  stay: 'Blijven',
} as const;

/** Said on /login when the server no longer knew the stored sign-in. */
export const sessionMessages = {
  expired: 'Je sessie is verlopen, meld opnieuw aan.',
} as const;

/** Messages of the API's error answers (decisions.md section 2). */
export const apiMessages = {
  validation: 'Ongeldige invoer',
  unauthorized: 'Niet aangemeld',
  forbidden: 'Je hebt geen toegang tot deze functie.',
  notFound: 'Niet gevonden',
  tooManyAttempts: 'Te veel pogingen, probeer later opnieuw.',
  bodyTooLarge: 'Aanvraag te groot',
  headersTooLarge: 'Kopregels van de aanvraag te groot',
  requestTimeout: 'De aanvraag kwam te traag binnen.',
  tooDeep: 'Ongeldige invoer: te diep genest',
  notAnObject: 'Ongeldige invoer: de aanvraag moet een JSON-object zijn.',
  internal: 'Er liep iets mis op de server.',
  databaseUnavailable: 'De databank is tijdelijk onbereikbaar, probeer zo opnieuw.',
} as const;

/** Answers about the `Idempotency-Key` header of a mutation (a retried request answers its first answer). */
export const idempotencyMessages = {
  invalidKey: 'Ongeldige Idempotency-Key: 1 tot 255 zichtbare tekens.',
  reused: 'Deze Idempotency-Key werd al gebruikt voor een andere aanvraag. Gebruik een nieuwe sleutel per handeling.',
  inProgress: 'Een aanvraag met deze Idempotency-Key wordt nog verwerkt. Probeer zo opnieuw.',
  upload: 'Een Idempotency-Key kan niet bij een upload: een rekeninguittreksel dat twee keer ingelezen wordt, boekt niets dubbel.',
} as const;
