import { validationMessages as m } from './messages.js';
import { PHONE_PATTERN } from './phone.js';
import type { SafetySheetData } from './safety-sheet.js';

/**
 * The safety sheet as a form (issue 35), the same for the family on the public site and for staff at the desk: its
 * lists of rows (allergies, conditions, medication, people), the form's values from a stored sheet, what a save sends,
 * and the check of every row's required fields and formats before it goes, so the message stands at the field it is
 * about (the server names only the list). Pure and without zod: the public site imports it too.
 */

export type SheetRow = Record<string, string>;
export type SheetListName = 'ALLERGIES' | 'CONDITIONS' | 'MEDICATIONS' | 'EMERGENCY_CONTACTS' | 'PICKUP_ALLOWED' | 'PICKUP_REFUSED';
/** Who fills in the form: the family speaks of 'uw kind', the desk of 'het kind'. */
export type SheetAudience = 'family' | 'staff';

const PERSON = [
  ['NAME', 'Naam'],
  ['RELATION', 'Relatie tot het kind'],
  ['PHONE', 'Telefoon'],
] as const;

interface SheetList {
  title: Record<SheetAudience, string>;
  /** What adding a row says, and what each row is called on its 'Verwijderen' (for a screen reader). */
  add: string;
  row: string;
  fields: readonly (readonly [string, string])[];
}

/** Each list's fields (name, label), in the order the form shows them. */
export const SHEET_LISTS: Record<SheetListName, SheetList> = {
  ALLERGIES: {
    title: { family: 'Allergieën', staff: 'Allergieën' },
    add: 'Allergie toevoegen',
    row: 'allergie',
    fields: [
      ['WHAT', 'Allergisch voor'],
      ['ACTION', 'Wat moeten de monitoren doen?'],
    ],
  },
  CONDITIONS: {
    title: { family: 'Aandoeningen (astma, diabetes, epilepsie, …)', staff: 'Aandoeningen (astma, diabetes, epilepsie, …)' },
    add: 'Aandoening toevoegen',
    row: 'aandoening',
    fields: [
      ['NAME', 'Aandoening'],
      ['ACTION', 'Wat moeten de monitoren doen?'],
    ],
  },
  MEDICATIONS: {
    title: { family: 'Medicatie op kamp', staff: 'Medicatie op kamp' },
    add: 'Medicatie toevoegen',
    row: 'medicatie',
    fields: [
      ['NAME', 'Geneesmiddel'],
      ['DOSE', 'Dosis'],
      ['TIMES', 'Uren (bv. 08:00, 12:00)'],
    ],
  },
  EMERGENCY_CONTACTS: {
    title: { family: 'Noodcontacten (iemand anders dan uzelf)', staff: 'Noodcontacten (iemand anders dan de ouder)' },
    add: 'Noodcontact toevoegen',
    row: 'noodcontact',
    fields: PERSON,
  },
  PICKUP_ALLOWED: {
    title: { family: 'Wie mag uw kind ophalen?', staff: 'Wie mag het kind ophalen?' },
    add: 'Ophaler toevoegen',
    row: 'ophaler',
    fields: PERSON,
  },
  PICKUP_REFUSED: {
    title: { family: 'Wie mag uw kind niet ophalen?', staff: 'Wie mag het kind niet ophalen?' },
    add: 'Persoon toevoegen die niet mag ophalen',
    row: 'persoon die niet mag ophalen',
    fields: [
      ['NAME', 'Naam'],
      ['RELATION', 'Relatie tot het kind'],
    ],
  },
};
export const SHEET_LIST_NAMES = Object.keys(SHEET_LISTS) as SheetListName[];

/** The sheet's values as the form holds them: text in inputs, lists as rows. */
export interface SheetForm {
  lists: Record<SheetListName, SheetRow[]>;
  DIET: string;
  TETANUS_YEAR: string;
  CAN_SWIM: string;
  DOCTOR_NAME: string;
  DOCTOR_PHONE: string;
  NOTES: string;
  GOES_HOME_ALONE: boolean;
  PHOTO_CONSENT: string;
  KEEP_IN_ACCOUNT: boolean;
}

export const emptySheetRow = (list: SheetListName): SheetRow => ({
  ...Object.fromEntries(SHEET_LISTS[list].fields.map(([name]) => [name, ''])),
  ...(list === 'ALLERGIES' ? { KIND: 'food' } : {}),
  ...(list === 'MEDICATIONS' ? { MAY_GIVE: 'yes' } : {}),
});

/** The form of a stored sheet, or of a new one (one empty emergency contact to fill in). */
export function sheetFormOf(sheet: SafetySheetData | null, keepInAccount: boolean): SheetForm {
  const rows = (list: SheetListName, items: object[]) =>
    items.map((item) => ({
      ...emptySheetRow(list),
      ...Object.fromEntries(Object.entries(item).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)])),
      ...(list === 'MEDICATIONS' ? { MAY_GIVE: (item as { MONITORS_MAY_GIVE: boolean }).MONITORS_MAY_GIVE ? 'yes' : 'no' } : {}),
    }));
  const lists = Object.fromEntries(
    SHEET_LIST_NAMES.map((list) => [list, sheet ? rows(list, sheet[list]) : list === 'EMERGENCY_CONTACTS' ? [emptySheetRow(list)] : []]),
  ) as Record<SheetListName, SheetRow[]>;
  return {
    lists,
    DIET: sheet?.DIET ?? '',
    TETANUS_YEAR: sheet?.TETANUS_YEAR ? String(sheet.TETANUS_YEAR) : '',
    CAN_SWIM: sheet?.CAN_SWIM ?? '',
    DOCTOR_NAME: sheet?.DOCTOR_NAME ?? '',
    DOCTOR_PHONE: sheet?.DOCTOR_PHONE ?? '',
    NOTES: sheet?.NOTES ?? '',
    GOES_HOME_ALONE: sheet?.GOES_HOME_ALONE ?? false,
    PHOTO_CONSENT: sheet?.PHOTO_CONSENT ?? '',
    KEEP_IN_ACCOUNT: keepInAccount,
  };
}

/** A medication's times as typed ('8u', '12.00, 18:30') as the sheet keeps them ('08:00', '12:00', '18:30'). */
export function sheetTimes(text: string): string[] {
  return text
    .split(/[\s,;/]+|\ben\b/)
    .filter(Boolean)
    .map((time) => {
      const match = /^(\d{1,2})(?:[:.hu](\d{2})?)?u?$/i.exec(time);
      return match ? `${match[1]!.padStart(2, '0')}:${match[2] ?? '00'}` : time;
    });
}

/** What a save sends: the sheet of the form, for the child. */
export function sheetPayloadOf(childId: number, form: SheetForm) {
  const { lists } = form;
  const person = (r: SheetRow) => ({ NAME: r.NAME!, RELATION: r.RELATION!, PHONE: r.PHONE! });
  return {
    CHILD_ID: childId,
    ALLERGIES: lists.ALLERGIES.map((r) => ({
      KIND: r.KIND as SafetySheetData['ALLERGIES'][number]['KIND'],
      WHAT: r.WHAT!,
      ACTION: r.ACTION!,
    })),
    CONDITIONS: lists.CONDITIONS.map((r) => ({ NAME: r.NAME!, ACTION: r.ACTION! })),
    MEDICATIONS: lists.MEDICATIONS.map((r) => ({
      NAME: r.NAME!,
      DOSE: r.DOSE!,
      TIMES: sheetTimes(r.TIMES!),
      MONITORS_MAY_GIVE: r.MAY_GIVE === 'yes',
    })),
    EMERGENCY_CONTACTS: lists.EMERGENCY_CONTACTS.map(person),
    PICKUP_ALLOWED: lists.PICKUP_ALLOWED.map(person),
    PICKUP_REFUSED: lists.PICKUP_REFUSED.map((r) => ({ NAME: r.NAME!, RELATION: r.RELATION! })),
    DIET: form.DIET,
    TETANUS_YEAR: form.TETANUS_YEAR.trim() ? Number(form.TETANUS_YEAR) : null,
    CAN_SWIM: form.CAN_SWIM as SafetySheetData['CAN_SWIM'],
    DOCTOR_NAME: form.DOCTOR_NAME,
    DOCTOR_PHONE: form.DOCTOR_PHONE,
    NOTES: form.NOTES,
    GOES_HOME_ALONE: form.GOES_HOME_ALONE,
    PHOTO_CONSENT: form.PHOTO_CONSENT as SafetySheetData['PHOTO_CONSENT'],
    KEEP_IN_ACCOUNT: form.KEEP_IN_ACCOUNT,
  };
}

/** The name of a row's field in the form and in its messages: `MEDICATIONS.0.TIMES`. */
export const sheetFieldName = (list: SheetListName, index: number, field: string) => `${list}.${index}.${field}`;

/**
 * The form's problems before it is sent, by field name (empty: none): every field of a row is required, a phone is a
 * phone number, a time is HH:MM, the tetanus year a year, and swimming and photos are answered. The server checks all
 * of it again (and that an emergency contact is not the parent).
 */
export function checkSheetForm(form: SheetForm): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const list of SHEET_LIST_NAMES)
    form.lists[list].forEach((row, i) => {
      for (const [field] of SHEET_LISTS[list].fields) {
        const value = row[field]!.trim();
        const name = sheetFieldName(list, i, field);
        if (value === '' && !(list === 'MEDICATIONS' && field === 'TIMES')) problems[name] = m.required;
        else if (field === 'PHONE' && !PHONE_PATTERN.test(value)) problems[name] = m.wrongFormat;
        else if (field === 'TIMES' && sheetTimes(value).some((t) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(t)))
          problems[name] = 'Geef de uren als 08:00, 12:00.';
      }
    });
  if (form.lists.EMERGENCY_CONTACTS.length === 0) problems.EMERGENCY_CONTACTS = 'Geef minstens één noodcontact.';
  const year = form.TETANUS_YEAR.trim();
  if (year && !/^(19|20)\d\d$/.test(year)) problems.TETANUS_YEAR = m.wrongFormat;
  if (!form.CAN_SWIM) problems.CAN_SWIM = m.required;
  if (!form.PHOTO_CONSENT) problems.PHOTO_CONSENT = m.required;
  return problems;
}

/** The form with one field of a row changed. */
export const withSheetRowField = (form: SheetForm, list: SheetListName, index: number, field: string, value: string): SheetForm => ({
  ...form,
  lists: { ...form.lists, [list]: form.lists[list].map((row, j) => (j === index ? { ...row, [field]: value } : row)) },
});
/** The form with a row removed, or an empty one added at the end. */
export const withoutSheetRow = (form: SheetForm, list: SheetListName, index: number): SheetForm => ({
  ...form,
  lists: { ...form.lists, [list]: form.lists[list].filter((_, j) => j !== index) },
});
export const withSheetRow = (form: SheetForm, list: SheetListName): SheetForm => ({
  ...form,
  lists: { ...form.lists, [list]: [...form.lists[list], emptySheetRow(list)] },
});
/** What a row's 'Verwijderen' removes, for a screen reader: ' (allergie 2)'. */
export const sheetRowText = (list: SheetListName, index: number) => ` (${SHEET_LISTS[list].row} ${index + 1})`;
