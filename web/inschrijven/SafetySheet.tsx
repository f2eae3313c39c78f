import { useEffect, useRef, useState } from 'react';
import { ALLERGY_KINDS, allergyKindLabels, PHOTO_CONSENTS, photoConsentLabels, SWIM_ANSWERS, swimLabels } from '@common/safety-sheet.js';
import {
  checkSheetForm,
  SHEET_LIST_NAMES,
  SHEET_LISTS,
  sheetFieldName,
  sheetFormOf,
  sheetPayloadOf,
  type SheetForm,
  withoutSheetRow,
  withSheetRow,
  withSheetRowField,
  sheetRowText,
} from '@common/safety-sheet-form.js';
import { api, ApiError } from './api.js';
import { Field, Message, SelectField, type FieldErrors } from './fields.js';
import { longDayText } from './format.js';

/**
 * The child's safety sheet on the family's page (issue 35): health, emergency contacts, pick-up and photo consent,
 * filled in before the camp. Lists of rows (allergies, medication, contacts) grow with 'toevoegen'; each field is checked
 * before the save (common/src/safety-sheet-form.ts, the desk's form does the same) and the server checks it all again.
 */
export function SafetySheetForm(props: { childId: number; childName: string; onClose: () => void }) {
  const [form, setForm] = useState<SheetForm | null>(null);
  const [consentOn, setConsentOn] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    api('getFamilySafetySheet', { CHILD_ID: props.childId }).then(
      (answer) => {
        setForm(sheetFormOf(answer.SHEET, answer.KEEP_IN_ACCOUNT));
        setConsentOn(answer.PHOTO_CONSENT_DATE);
      },
      (e: ApiError) => setError(e.message),
    );
  }, [props.childId]);
  // The sheet opens under the list of children: the parent is taken to it.
  const loaded = form !== null;
  useEffect(() => {
    if (loaded) title.current?.focus();
  }, [loaded]);
  if (!form) return error ? <Message kind="error">{error}</Message> : <p>Even geduld…</p>;

  const change = (next: SheetForm) => setForm(next);
  const set = (patch: Partial<SheetForm>) => change({ ...form, ...patch });

  async function save(event: { preventDefault: () => void }) {
    event.preventDefault();
    setSaved(false);
    const problems = checkSheetForm(form!);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setError('Niet alles is in orde: bekijk de aangeduide velden.');
      return;
    }
    setBusy(true);
    try {
      const answer = await api('saveFamilySafetySheet', sheetPayloadOf(props.childId, form!));
      setConsentOn(answer.PHOTO_CONSENT_DATE);
      setErrors({});
      setError(null);
      setSaved(true);
    } catch (e) {
      const failure = e as ApiError;
      setErrors(failure.fields ?? {});
      setError(failure.fields ? 'Niet alles is in orde: bekijk de aangeduide velden.' : failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby="sheet-title" className="card sheet">
      <h2 id="sheet-title" tabIndex={-1} ref={title}>
        Veiligheidsfiche van {props.childName}
      </h2>
      <p className="hint">Wat de monitoren moeten weten. Alleen de monitoren van het kamp en de organisator lezen deze fiche.</p>
      {error && <Message kind="error">{error}</Message>}
      {SHEET_LIST_NAMES.map((list) => (
        <fieldset key={list}>
          <legend>{SHEET_LISTS[list].title.family}</legend>
          {errors[list] && <p className="field-error">{errors[list]}</p>}
          {form.lists[list].length === 0 && <p className="hint">Geen.</p>}
          {form.lists[list].map((row, i) => (
            <div key={i} className="sheet-row">
              {list === 'ALLERGIES' && (
                <SelectField
                  name={sheetFieldName(list, i, 'KIND')}
                  label="Soort allergie"
                  value={row.KIND!}
                  onChange={(v) => change(withSheetRowField(form, list, i, 'KIND', v))}
                >
                  {ALLERGY_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {allergyKindLabels[kind]}
                    </option>
                  ))}
                </SelectField>
              )}
              {SHEET_LISTS[list].fields.map(([name, label]) => (
                <Field
                  key={name}
                  name={sheetFieldName(list, i, name)}
                  label={label}
                  required={!(list === 'MEDICATIONS' && name === 'TIMES')}
                  value={row[name]!}
                  inputMode={name === 'PHONE' ? 'tel' : undefined}
                  errors={errors}
                  onChange={(v) => change(withSheetRowField(form, list, i, name, v))}
                />
              ))}
              {list === 'MEDICATIONS' && (
                <SelectField
                  name={sheetFieldName(list, i, 'MAY_GIVE')}
                  label="Mag een monitor het geven?"
                  value={row.MAY_GIVE!}
                  onChange={(v) => change(withSheetRowField(form, list, i, 'MAY_GIVE', v))}
                >
                  <option value="yes">Ja, ik geef toestemming</option>
                  <option value="no">Nee</option>
                </SelectField>
              )}
              <button
                type="button"
                className="link"
                onClick={() => {
                  change(withoutSheetRow(form, list, i));
                  setErrors({});
                }}
              >
                Verwijderen
                <span className="visually-hidden">{sheetRowText(list, i)}</span>
              </button>
            </div>
          ))}
          <button type="button" onClick={() => change(withSheetRow(form, list))}>
            {SHEET_LISTS[list].add}
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
        label="Mogen we foto's van uw kind maken?"
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
      {consentOn && <p className="hint">Deze keuze gaf u op {longDayText(consentOn)}.</p>}
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
