import { useEffect, useState } from 'react';
import {
  ALLERGY_KINDS,
  allergyKindLabels,
  PHOTO_CONSENTS,
  photoConsentLabels,
  SWIM_ANSWERS,
  swimLabels,
  type SafetySheetData,
} from '@common/safety-sheet.js';
import { api, ApiError } from './api.js';
import { Field, Message, SelectField, type FieldErrors } from './fields.js';

/**
 * The child's safety sheet on the family's page (issue 35): health, emergency contacts, pick-up and photo consent,
 * filled in before the camp. Lists of rows (allergies, medication, contacts) grow with 'toevoegen'; the server checks
 * every answer and names the field it refuses.
 */

type Row = Record<string, string>;
type ListName = 'ALLERGIES' | 'CONDITIONS' | 'MEDICATIONS' | 'EMERGENCY_CONTACTS' | 'PICKUP_ALLOWED' | 'PICKUP_REFUSED';
const PERSON = [
  ['NAME', 'Naam'],
  ['RELATION', 'Relatie tot het kind'],
  ['PHONE', 'Telefoon'],
] as const;
/** Each list's fields (name, label) and what adding a row is called. */
const LISTS: Record<ListName, { title: string; add: string; fields: readonly (readonly [string, string])[] }> = {
  ALLERGIES: {
    title: 'Allergieën',
    add: 'Allergie toevoegen',
    fields: [
      ['WHAT', 'Allergisch voor'],
      ['ACTION', 'Wat moeten de monitoren doen?'],
    ],
  },
  CONDITIONS: {
    title: 'Aandoeningen (astma, diabetes, epilepsie, …)',
    add: 'Aandoening toevoegen',
    fields: [
      ['NAME', 'Aandoening'],
      ['ACTION', 'Wat moeten de monitoren doen?'],
    ],
  },
  MEDICATIONS: {
    title: 'Medicatie op kamp',
    add: 'Medicatie toevoegen',
    fields: [
      ['NAME', 'Geneesmiddel'],
      ['DOSE', 'Dosis'],
      ['TIMES', 'Uren (bv. 08:00, 12:00)'],
    ],
  },
  EMERGENCY_CONTACTS: { title: 'Noodcontacten (iemand anders dan uzelf)', add: 'Noodcontact toevoegen', fields: PERSON },
  PICKUP_ALLOWED: { title: 'Wie mag uw kind ophalen?', add: 'Persoon toevoegen', fields: PERSON },
  PICKUP_REFUSED: {
    title: 'Wie mag uw kind niet ophalen?',
    add: 'Persoon toevoegen',
    fields: [
      ['NAME', 'Naam'],
      ['RELATION', 'Relatie tot het kind'],
    ],
  },
};

const emptyRow = (list: ListName): Row => ({
  ...Object.fromEntries(LISTS[list].fields.map(([name]) => [name, ''])),
  ...(list === 'ALLERGIES' ? { KIND: 'food' } : {}),
  ...(list === 'MEDICATIONS' ? { MAY_GIVE: 'yes' } : {}),
});

interface Form {
  lists: Record<ListName, Row[]>;
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

function formOf(sheet: SafetySheetData | null, keep: boolean): Form {
  const rows = (list: ListName, items: Record<string, unknown>[]) =>
    items.map((item) => ({
      ...emptyRow(list),
      ...Object.fromEntries(Object.entries(item).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)])),
      ...(list === 'MEDICATIONS' ? { MAY_GIVE: item.MONITORS_MAY_GIVE ? 'yes' : 'no' } : {}),
    }));
  const lists = Object.fromEntries(
    (Object.keys(LISTS) as ListName[]).map((list) => [
      list,
      sheet ? rows(list, sheet[list] as unknown as Record<string, unknown>[]) : list === 'EMERGENCY_CONTACTS' ? [emptyRow(list)] : [],
    ]),
  ) as Record<ListName, Row[]>;
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
    KEEP_IN_ACCOUNT: keep,
  };
}

function payloadOf(childId: number, form: Form) {
  const { lists } = form;
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
      TIMES: r
        .TIMES!.split(/[\s,;]+/)
        .filter(Boolean)
        .map((time) => time.replace('.', ':').replace(/^(\d):/, '0$1:')),
      MONITORS_MAY_GIVE: r.MAY_GIVE === 'yes',
    })),
    EMERGENCY_CONTACTS: lists.EMERGENCY_CONTACTS.map((r) => ({ NAME: r.NAME!, RELATION: r.RELATION!, PHONE: r.PHONE! })),
    PICKUP_ALLOWED: lists.PICKUP_ALLOWED.map((r) => ({ NAME: r.NAME!, RELATION: r.RELATION!, PHONE: r.PHONE! })),
    PICKUP_REFUSED: lists.PICKUP_REFUSED.map((r) => ({ NAME: r.NAME!, RELATION: r.RELATION! })),
    DIET: form.DIET,
    TETANUS_YEAR: form.TETANUS_YEAR ? Number(form.TETANUS_YEAR) : null,
    CAN_SWIM: form.CAN_SWIM as SafetySheetData['CAN_SWIM'],
    DOCTOR_NAME: form.DOCTOR_NAME,
    DOCTOR_PHONE: form.DOCTOR_PHONE,
    NOTES: form.NOTES,
    GOES_HOME_ALONE: form.GOES_HOME_ALONE,
    PHOTO_CONSENT: form.PHOTO_CONSENT as SafetySheetData['PHOTO_CONSENT'],
    KEEP_IN_ACCOUNT: form.KEEP_IN_ACCOUNT,
  };
}

export function SafetySheetForm(props: { childId: number; childName: string; onClose: () => void }) {
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api('getFamilySafetySheet', { CHILD_ID: props.childId }).then(
      (answer) => setForm(formOf(answer.SHEET, answer.KEEP_IN_ACCOUNT)),
      (e: ApiError) => setError(e.message),
    );
  }, [props.childId]);
  if (!form) return error ? <Message kind="error">{error}</Message> : <p>Even geduld…</p>;

  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const setRow = (list: ListName, i: number, name: string, value: string) =>
    set({ lists: { ...form.lists, [list]: form.lists[list].map((r, j) => (j === i ? { ...r, [name]: value } : r)) } });

  async function save(event: { preventDefault: () => void }) {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    try {
      await api('saveFamilySafetySheet', payloadOf(props.childId, form!));
      setErrors({});
      setError(null);
      setSaved(true);
    } catch (e) {
      const failure = e as ApiError;
      setErrors(failure.fields ?? {});
      setError(failure.fields ? 'Kijk de aangeduide velden na.' : failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby="sheet-title" className="card">
      <h2 id="sheet-title" tabIndex={-1}>
        Veiligheidsfiche van {props.childName}
      </h2>
      <p className="hint">Wat de monitoren moeten weten. Alleen de monitoren van het kamp en de organisator lezen deze fiche.</p>
      {error && <Message kind="error">{error}</Message>}
      {(Object.keys(LISTS) as ListName[]).map((list) => (
        <fieldset key={list}>
          <legend>{LISTS[list].title}</legend>
          {errors[list] && <p className="field-error">{errors[list]}</p>}
          {form.lists[list].map((row, i) => (
            <div key={i} className="sheet-row">
              {list === 'ALLERGIES' && (
                <SelectField
                  name={`${list}.${i}.KIND`}
                  label="Soort allergie"
                  value={row.KIND!}
                  onChange={(v) => setRow(list, i, 'KIND', v)}
                >
                  {ALLERGY_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {allergyKindLabels[kind]}
                    </option>
                  ))}
                </SelectField>
              )}
              {LISTS[list].fields.map(([name, label]) => (
                <Field
                  key={name}
                  name={`${list}.${i}.${name}`}
                  label={label}
                  required
                  value={row[name]!}
                  inputMode={name === 'PHONE' ? 'tel' : undefined}
                  errors={errors}
                  onChange={(v) => setRow(list, i, name, v)}
                />
              ))}
              {list === 'MEDICATIONS' && (
                <SelectField
                  name={`${list}.${i}.MAY_GIVE`}
                  label="Mag een monitor het geven?"
                  value={row.MAY_GIVE!}
                  onChange={(v) => setRow(list, i, 'MAY_GIVE', v)}
                >
                  <option value="yes">Ja, ik geef toestemming</option>
                  <option value="no">Nee</option>
                </SelectField>
              )}
              <button
                type="button"
                className="link"
                onClick={() => set({ lists: { ...form.lists, [list]: form.lists[list].filter((_, j) => j !== i) } })}
              >
                Verwijderen
              </button>
            </div>
          ))}
          <button type="button" onClick={() => set({ lists: { ...form.lists, [list]: [...form.lists[list], emptyRow(list)] } })}>
            {LISTS[list].add}
          </button>
        </fieldset>
      ))}
      <Field name="DIET" label="Dieet" value={form.DIET} errors={errors} onChange={(v) => set({ DIET: v })} />
      <Field
        name="TETANUS_YEAR"
        label="Jaar van de laatste tetanusinenting"
        inputMode="numeric"
        value={form.TETANUS_YEAR}
        errors={errors}
        onChange={(v) => set({ TETANUS_YEAR: v })}
      />
      <SelectField
        name="CAN_SWIM"
        label="Kan uw kind zwemmen?"
        value={form.CAN_SWIM}
        errors={errors}
        onChange={(v) => set({ CAN_SWIM: v })}
      >
        <option value="">Kies…</option>
        {SWIM_ANSWERS.map((a) => (
          <option key={a} value={a}>
            {swimLabels[a]}
          </option>
        ))}
      </SelectField>
      <Field name="DOCTOR_NAME" label="Huisarts" value={form.DOCTOR_NAME} errors={errors} onChange={(v) => set({ DOCTOR_NAME: v })} />
      <Field
        name="DOCTOR_PHONE"
        label="Telefoon huisarts"
        inputMode="tel"
        value={form.DOCTOR_PHONE}
        errors={errors}
        onChange={(v) => set({ DOCTOR_PHONE: v })}
      />
      <Field name="NOTES" label="Andere opmerkingen" value={form.NOTES} errors={errors} onChange={(v) => set({ NOTES: v })} />
      <label className="check">
        <input
          type="checkbox"
          checked={form.GOES_HOME_ALONE}
          onChange={(e) => set({ GOES_HOME_ALONE: (e.target as HTMLInputElement).checked })}
        />{' '}
        Mijn kind mag alleen naar huis
      </label>
      <SelectField
        name="PHOTO_CONSENT"
        label="Foto's van uw kind"
        value={form.PHOTO_CONSENT}
        errors={errors}
        onChange={(v) => set({ PHOTO_CONSENT: v })}
      >
        <option value="">Kies…</option>
        {PHOTO_CONSENTS.map((c) => (
          <option key={c} value={c}>
            {photoConsentLabels[c]}
          </option>
        ))}
      </SelectField>
      <label className="check">
        <input
          type="checkbox"
          checked={form.KEEP_IN_ACCOUNT}
          onChange={(e) => set({ KEEP_IN_ACCOUNT: (e.target as HTMLInputElement).checked })}
        />{' '}
        Bewaar de fiche in mijn account voor een volgend kamp (anders wissen we ze kort na het laatste kamp)
      </label>
      {saved && <Message kind="notice">De veiligheidsfiche van {props.childName} is opgeslagen.</Message>}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Fiche opslaan
        </button>
        <button type="button" className="link" onClick={props.onClose}>
          Sluiten
        </button>
      </div>
    </form>
  );
}
