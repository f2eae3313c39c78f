import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { todayInBelgium } from '@common/calendar.js';
import { formatDate } from '@common/format.js';
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
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { TextInput } from '../../../components/TextInput.js';
import { api, ApiError } from '../../../lib/api-client.js';
import { callQuery, invalidateAfter } from '../../../lib/queries.js';

/**
 * The child's safety sheet at the desk (issue 35): the family's questions (common/src/safety-sheet-form.ts, the same
 * lists, checks and payload as the family's form on the public site) in a dialog, read when it opens (an audited read)
 * and saved with saveSafetySheet. The server decides who may: a beheerder, a medewerker only with the organiser's right;
 * anyone else gets its refusal in the dialog.
 */
export default function SafetySheetDialog({ childId, childName, onClose }: { childId: number; childName: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const sheet = useQuery({ ...callQuery('getSafetySheet', { childId }), staleTime: 0, gcTime: 0, retry: false });
  const [form, setForm] = useState<SheetForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (f: SheetForm) => api.call('saveSafetySheet', sheetPayloadOf(childId, f)),
    onSuccess: () => invalidateAfter(queryClient, 'saveSafetySheet'),
    onError: (e) => setErrors(e instanceof ApiError && e.fields ? e.fields : {}),
  });
  const answer = sheet.data;
  useEffect(() => {
    if (answer && !form) setForm(sheetFormOf(answer.SHEET, answer.KEEP_IN_ACCOUNT));
  }, [answer, form]);

  const change = (next: SheetForm) => {
    setForm(next);
    save.reset();
  };
  const set = (patch: Partial<SheetForm>) => change({ ...form!, ...patch });
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const problems = checkSheetForm(form!);
    setErrors(problems);
    if (Object.keys(problems).length === 0) save.mutate(form!);
  };
  const failed = save.error instanceof ApiError ? save.error : null;
  const problem =
    Object.keys(errors).length > 0
      ? 'De fiche is niet opgeslagen: verbeter de aangeduide velden.'
      : failed
        ? failed.message
        : sheet.isError
          ? sheet.error.message
          : null;
  const select = (name: string, label: string, value: string, onChange: (v: string) => void, options: [string, string][]) => (
    <Form.Group controlId={`sheet-${name}`} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value}
        isInvalid={!!errors[name]}
        aria-invalid={!!errors[name] || undefined}
        aria-describedby={errors[name] ? `sheet-${name}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`sheet-${name}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
    </Form.Group>
  );
  const text = (name: keyof SheetForm & string, label: string, inputMode?: 'numeric' | 'tel') => (
    <TextInput
      label={label}
      value={form![name] as string}
      error={errors[name]}
      aria-invalid={!!errors[name] || undefined}
      inputMode={inputMode}
      onChange={(e) => set({ [name]: e.target.value })}
    />
  );

  return (
    <Modal show onHide={onClose} size="lg" scrollable aria-labelledby="desk-sheet-title">
      <Modal.Header closeButton closeLabel="Sluiten">
        <Modal.Title id="desk-sheet-title">Veiligheidsfiche {childName}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form id="desk-sheet-form" noValidate onSubmit={submit} aria-labelledby="desk-sheet-title">
          {answer && (
            <p className="small text-body-secondary">
              {answer.UPDATED_AT
                ? `Laatst ingevuld ${answer.UPDATED_BY === 'family' ? 'door het gezin' : 'aan de balie'} op ${formatDate(todayInBelgium(new Date(answer.UPDATED_AT)))}.`
                : 'Nog geen fiche ingevuld. Vul ze in met wat de ouder zegt.'}
            </p>
          )}
          {!form && !sheet.isError && <p>Even geduld…</p>}
          {form &&
            SHEET_LIST_NAMES.map((list) => (
              <fieldset key={list} className="border-top pt-2 mb-3">
                <legend className="h6">{SHEET_LISTS[list].title.staff}</legend>
                {errors[list] && <div className="text-danger small mb-2">{errors[list]}</div>}
                {form.lists[list].length === 0 && <p className="small text-body-secondary mb-2">Geen.</p>}
                {form.lists[list].map((row, i) => (
                  <div key={i} className="border-start border-3 ps-2 mb-2 d-flex flex-wrap column-gap-3">
                    {list === 'ALLERGIES' &&
                      select(
                        sheetFieldName(list, i, 'KIND'),
                        'Soort allergie',
                        row.KIND!,
                        (v) => change(withSheetRowField(form, list, i, 'KIND', v)),
                        ALLERGY_KINDS.map((k) => [k, allergyKindLabels[k]]),
                      )}
                    {SHEET_LISTS[list].fields.map(([name, label]) => (
                      <TextInput
                        key={name}
                        label={label}
                        required={!(list === 'MEDICATIONS' && name === 'TIMES')}
                        value={row[name]!}
                        error={errors[sheetFieldName(list, i, name)]}
                        aria-invalid={!!errors[sheetFieldName(list, i, name)] || undefined}
                        inputMode={name === 'PHONE' ? 'tel' : undefined}
                        onChange={(e) => change(withSheetRowField(form, list, i, name, e.target.value))}
                      />
                    ))}
                    {list === 'MEDICATIONS' &&
                      select(
                        sheetFieldName(list, i, 'MAY_GIVE'),
                        'Mag een monitor het geven?',
                        row.MAY_GIVE!,
                        (v) => change(withSheetRowField(form, list, i, 'MAY_GIVE', v)),
                        [
                          ['yes', 'Ja, de ouder geeft toestemming'],
                          ['no', 'Nee'],
                        ],
                      )}
                    <Button
                      variant="link"
                      className="align-self-center p-0"
                      onClick={() => {
                        change(withoutSheetRow(form, list, i));
                        setErrors({});
                      }}
                    >
                      Verwijderen
                      <span className="visually-hidden">{sheetRowText(list, i)}</span>
                    </Button>
                  </div>
                ))}
                <Button variant="outline-primary" size="sm" onClick={() => change(withSheetRow(form, list))}>
                  {SHEET_LISTS[list].add}
                </Button>
              </fieldset>
            ))}
          {form && (
            <div className="border-top pt-2">
              {text('DIET', 'Dieet')}
              {text('TETANUS_YEAR', 'Jaar van de laatste tetanusinenting', 'numeric')}
              {select('CAN_SWIM', 'Kan het kind zwemmen?', form.CAN_SWIM, (v) => set({ CAN_SWIM: v }), [
                ['', 'Kies…'],
                ...SWIM_ANSWERS.map((a): [string, string] => [a, swimLabels[a]]),
              ])}
              {text('DOCTOR_NAME', 'Huisarts')}
              {text('DOCTOR_PHONE', 'Telefoon huisarts', 'tel')}
              {text('NOTES', 'Andere opmerkingen')}
              <Form.Check
                id="sheet-goes-home-alone"
                className="mb-3"
                label="Het kind mag alleen naar huis"
                checked={form.GOES_HOME_ALONE}
                onChange={(e) => set({ GOES_HOME_ALONE: e.target.checked })}
              />
              {select('PHOTO_CONSENT', "Foto's van het kind", form.PHOTO_CONSENT, (v) => set({ PHOTO_CONSENT: v }), [
                ['', 'Kies…'],
                ...PHOTO_CONSENTS.map((c): [string, string] => [c, photoConsentLabels[c]]),
              ])}
              {answer?.PHOTO_CONSENT_DATE && (
                <p className="small text-body-secondary">Deze keuze is gegeven op {formatDate(answer.PHOTO_CONSENT_DATE)}.</p>
              )}
            </div>
          )}
        </Form>
      </Modal.Body>
      <Modal.Footer>
        <ErrorAlert message={problem} className="w-100 mb-1" />
        {save.isSuccess && (
          <span role="status" className="text-success me-auto">
            De veiligheidsfiche is opgeslagen.
          </span>
        )}
        <Button variant="secondary" onClick={onClose}>
          Sluiten
        </Button>
        {form && (
          <Button type="submit" form="desk-sheet-form" disabled={save.isPending}>
            Fiche opslaan
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
