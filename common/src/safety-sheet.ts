/**
 * The child's safety sheet ('medische fiche', issue 35): health, emergency contacts, who may collect the child and
 * photo consent. Pure data and rules, without zod, so the public site and the staff app may import them: which
 * answers warn and at what level, the medication round of a day, and whether a sheet is missing or outdated.
 * The sheet is health data (GDPR art. 9): the server keeps it apart (`safety_sheets`) and shows it only through
 * the policy of server/src/domain/policies.ts.
 */

export const SAFETY_LEVELS = ['info', 'attention', 'urgent'] as const;
export type SafetyLevel = (typeof SAFETY_LEVELS)[number];
export const safetyLevelLabels: Record<SafetyLevel, string> = { info: 'Info', attention: 'Let op', urgent: 'Dringend' };

export const ALLERGY_KINDS = ['food', 'medicine', 'other'] as const;
export type AllergyKind = (typeof ALLERGY_KINDS)[number];
export const allergyKindLabels: Record<AllergyKind, string> = { food: 'voeding', medicine: 'geneesmiddelen', other: 'andere' };

export const SWIM_ANSWERS = ['yes', 'with-aid', 'no'] as const;
export type SwimAnswer = (typeof SWIM_ANSWERS)[number];
export const swimLabels: Record<SwimAnswer, string> = { yes: 'Ja', 'with-aid': 'Met hulpmiddel', no: 'Nee' };

export const PHOTO_CONSENTS = ['none', 'group', 'all'] as const;
export type PhotoConsent = (typeof PHOTO_CONSENTS)[number];
export const photoConsentLabels: Record<PhotoConsent, string> = {
  none: "Geen foto's",
  group: "Alleen groepsfoto's",
  all: "Alle foto's",
};

/**
 * The answers that warn on the day, each with its default level; the organiser tunes a level per question in
 * 'Veiligheidsfiches' (an override of this map, stored in `safety_sheet_settings`).
 */
export const SAFETY_QUESTIONS = {
  allergyFood: { label: 'Allergie voor voeding', level: 'urgent' },
  allergyMedicine: { label: 'Allergie voor geneesmiddelen', level: 'urgent' },
  allergyOther: { label: 'Andere allergie', level: 'attention' },
  condition: { label: 'Aandoening', level: 'urgent' },
  medication: { label: 'Medicatie op kamp', level: 'attention' },
  diet: { label: 'Dieet', level: 'info' },
  swimNo: { label: 'Kan niet zwemmen', level: 'attention' },
  swimWithAid: { label: 'Zwemt met hulpmiddel', level: 'info' },
  tetanus: { label: 'Tetanusvaccin ouder dan 10 jaar of onbekend', level: 'info' },
  pickupRefused: { label: 'Mag niet opgehaald worden door', level: 'attention' },
  goesHomeAlone: { label: 'Mag alleen naar huis', level: 'info' },
} as const satisfies Record<string, { label: string; level: SafetyLevel }>;
export type SafetyQuestion = keyof typeof SAFETY_QUESTIONS;
export const SAFETY_QUESTION_KEYS = Object.keys(SAFETY_QUESTIONS) as SafetyQuestion[];
export type SafetyLevels = Partial<Record<SafetyQuestion, SafetyLevel>>;

/** The level of each question: the organiser's override, else the default. */
export const levelOf = (question: SafetyQuestion, overrides: SafetyLevels): SafetyLevel =>
  overrides[question] ?? SAFETY_QUESTIONS[question].level;

export interface SafetyPerson {
  NAME: string;
  RELATION: string;
  PHONE: string;
}

/** The sheet as the parent or staff fill it in. */
export interface SafetySheetData {
  ALLERGIES: { KIND: AllergyKind; WHAT: string; ACTION: string }[];
  DIET: string | null;
  CONDITIONS: { NAME: string; ACTION: string }[];
  MEDICATIONS: { NAME: string; DOSE: string; TIMES: string[]; MONITORS_MAY_GIVE: boolean }[];
  TETANUS_YEAR: number | null;
  CAN_SWIM: SwimAnswer;
  DOCTOR_NAME: string | null;
  DOCTOR_PHONE: string | null;
  NOTES: string | null;
  EMERGENCY_CONTACTS: SafetyPerson[];
  PICKUP_ALLOWED: SafetyPerson[];
  PICKUP_REFUSED: { NAME: string; RELATION: string }[];
  GOES_HOME_ALONE: boolean;
  PHOTO_CONSENT: PhotoConsent;
}

/** One warning on a list: its level and a short text, never the whole sheet. */
export interface SafetyWarning {
  LEVEL: SafetyLevel;
  TEXT: string;
}

const SHORT = 60;
const short = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);
const rank: Record<SafetyLevel, number> = { urgent: 0, attention: 1, info: 2 };
const allergyQuestion: Record<AllergyKind, SafetyQuestion> = {
  food: 'allergyFood',
  medicine: 'allergyMedicine',
  other: 'allergyOther',
};

/** A tetanus vaccination counts for ten years. */
export const TETANUS_YEARS = 10;

/** The warnings of a sheet on a day of `year`, the most urgent first. */
export function safetyWarnings(sheet: SafetySheetData, overrides: SafetyLevels, year: number): SafetyWarning[] {
  const warnings: SafetyWarning[] = [];
  const add = (question: SafetyQuestion, text: string) => warnings.push({ LEVEL: levelOf(question, overrides), TEXT: short(text) });
  for (const a of sheet.ALLERGIES) add(allergyQuestion[a.KIND], `Allergie (${allergyKindLabels[a.KIND]}): ${a.WHAT}`);
  for (const c of sheet.CONDITIONS) add('condition', c.NAME);
  for (const m of sheet.MEDICATIONS) add('medication', `Medicatie: ${m.NAME}${m.TIMES.length ? ` om ${m.TIMES.join(', ')}` : ''}`);
  if (sheet.DIET) add('diet', `Dieet: ${sheet.DIET}`);
  if (sheet.CAN_SWIM === 'no') add('swimNo', 'Kan niet zwemmen');
  if (sheet.CAN_SWIM === 'with-aid') add('swimWithAid', 'Zwemt met hulpmiddel');
  if (sheet.TETANUS_YEAR === null || year - sheet.TETANUS_YEAR >= TETANUS_YEARS) add('tetanus', 'Tetanusvaccin niet in orde of onbekend');
  for (const p of sheet.PICKUP_REFUSED) add('pickupRefused', `Niet meegeven aan ${p.NAME}`);
  if (sheet.GOES_HOME_ALONE) add('goesHomeAlone', 'Mag alleen naar huis');
  return warnings.sort((a, b) => rank[a.LEVEL] - rank[b.LEVEL]);
}

/** One dose of a medication round: who, what, when, and whether a monitor may give it. */
export interface MedicationDose {
  TIME: string;
  CHILD_ID: number;
  CHILD_NAME: string;
  MEDICATION: string;
  DOSE: string;
  MONITORS_MAY_GIVE: boolean;
}

/** The round of a day: every dose of every child, by time and then by name. */
export function medicationRound(children: { CHILD_ID: number; CHILD_NAME: string; sheet: SafetySheetData }[]): MedicationDose[] {
  const doses = children.flatMap(({ CHILD_ID, CHILD_NAME, sheet }) =>
    sheet.MEDICATIONS.flatMap((m) =>
      m.TIMES.map((TIME) => ({ TIME, CHILD_ID, CHILD_NAME, MEDICATION: m.NAME, DOSE: m.DOSE, MONITORS_MAY_GIVE: m.MONITORS_MAY_GIVE })),
    ),
  );
  return doses.sort((a, b) => a.TIME.localeCompare(b.TIME) || a.CHILD_NAME.localeCompare(b.CHILD_NAME, 'nl'));
}

export const SHEET_STATUSES = ['missing', 'outdated', 'current'] as const;
export type SheetStatus = (typeof SHEET_STATUSES)[number];
export const sheetStatusLabels: Record<SheetStatus, string> = {
  missing: 'Geen fiche',
  outdated: 'Fiche van vorig seizoen',
  current: 'Fiche ingevuld',
};

/** A sheet saved before the camp's year ('older than this season') must be looked at again. */
export function sheetStatus(updatedAt: string | null, campYear: number): SheetStatus {
  if (updatedAt === null) return 'missing';
  return Number(updatedAt.slice(0, 4)) < campYear ? 'outdated' : 'current';
}

/** Digits of a phone number, to tell whether two numbers are the same whatever their punctuation. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^(00)?32/, '0');

export const safetySheetMessages = {
  notAllowed: 'Je mag deze veiligheidsfiche niet inzien.',
  childNotFound: 'Kind niet gevonden.',
  emergencyContactOther: 'Geef minstens één noodcontact dat niet de ouder van de inschrijving is.',
} as const;
