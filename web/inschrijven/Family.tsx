import { useState } from 'react';
import { GENDER_BOY, GENDER_GIRL } from '@common/constants.js';
import type { PublicFamily } from '@common/schemas/public.js';
import { api, download, type ApiError } from './api.js';
import { checkRequired, emptyParent, filled, PARENT_FIELDS, ParentFields, type ParentValues } from './Account.js';
import { DownloadButton, Field, Message, SelectField, type FieldErrors } from './fields.js';
import { longDayText } from './format.js';
import { SafetySheetForm } from './SafetySheet.js';

const genderText = (id: number) => (id === GENDER_GIRL ? 'meisje' : id === GENDER_BOY ? 'jongen' : '');

interface FamilyProps {
  family: PublicFamily;
  onChanged: () => Promise<void>;
  goBasket: (() => void) | null;
  /** The child whose safety sheet opens at once (the link of 'Mijn inschrijvingen'). */
  sheetOf: number | null;
}

/** 'Mijn gezin': the parent's data and the children (issue 40); a national number is sent, never shown again. */
export function Family(props: FamilyProps) {
  const { family } = props;
  return (
    <>
      <h1 tabIndex={-1}>Mijn gezin</h1>
      {family.linkPending ? (
        <Message kind="notice">
          We kennen uw gezin al. Bevestig eerst uw e-mailadres via de link in de mail die we naar {family.email} stuurden; daarna ziet u
          hier uw gegevens en kinderen.
        </Message>
      ) : (
        <>
          {!family.emailConfirmed && (
            <p className="hint">
              We stuurden een mail naar {family.email} om uw e-mailadres te bevestigen. U kunt intussen al inschrijven.
            </p>
          )}
          <Children {...props} />
          <ParentCard family={family} onChanged={props.onChanged} />
          <section aria-labelledby="data-title" className="card">
            <h2 id="data-title">Al uw gegevens</h2>
            <p>
              Download alles wat we over uw gezin bewaren: uw gegevens, uw kinderen, inschrijvingen, betalingen, wachtlijsten en de mails
              die we stuurden, in één bestand (JSON).
            </p>
            <DownloadButton label="Mijn gegevens downloaden" load={() => download('exportMyData')} />
          </section>
        </>
      )}
    </>
  );
}

function Children(props: FamilyProps) {
  const empty = {
    SUBSCRIBER_FIRSTNAME: '',
    SUBSCRIBER_LASTNAME: props.family.PARENT?.SUBSCRIBER_PARENT_LASTNAME ?? '',
    SUBSCRIBER_GENDER_ID: '',
    SUBSCRIBER_BIRTHDATE: '',
    SUBSCRIBER_NATIONALNR: '',
  };
  const [child, setChild] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The child being changed (its data in the form, without the national number it never gets back), or null: a new one.
  const [editing, setEditing] = useState<PublicFamily['CHILDREN'][number] | null>(null);
  // The child whose safety sheet is open (issue 35).
  const [sheetOf, setSheetOf] = useState<PublicFamily['CHILDREN'][number] | null>(
    () => props.family.CHILDREN.find((c) => c.CHILD_ID === props.sheetOf) ?? null,
  );
  const set = (name: keyof typeof empty) => (value: string) => setChild((c) => ({ ...c, [name]: value }));

  async function add(event: { preventDefault: () => void }) {
    event.preventDefault();
    setSaved(null);
    const problems = checkRequired(
      child,
      ['SUBSCRIBER_FIRSTNAME', 'SUBSCRIBER_LASTNAME', 'SUBSCRIBER_GENDER_ID', 'SUBSCRIBER_BIRTHDATE'],
      ['SUBSCRIBER_NATIONALNR'],
    );
    setErrors(problems);
    setError(Object.keys(problems).length > 0 ? 'Niet alle gegevens van het kind zijn in orde: bekijk de velden hieronder.' : null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await api('saveChild', {
        ...filled(child),
        SUBSCRIBER_GENDER_ID: Number(child.SUBSCRIBER_GENDER_ID),
        ...(editing ? { CHILD_ID: editing.CHILD_ID } : {}),
      } as never);
      await props.onChanged();
      setSaved(`${child.SUBSCRIBER_FIRSTNAME.trim()} is ${editing ? 'opgeslagen' : 'toegevoegd'}.`);
      setEditing(null);
      setChild(empty);
    } catch (e) {
      const failure = e as ApiError;
      setErrors(failure.fields ?? {});
      setError(failure.fields ? 'Niet alle gegevens van het kind zijn in orde: bekijk de velden hieronder.' : failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="children-title" className="card">
      <h2 id="children-title">Kinderen</h2>
      {props.family.CHILDREN.length === 0 ? (
        <p>Nog geen kinderen. Voeg hieronder uw kinderen toe om ze in te schrijven.</p>
      ) : (
        <ul className="children">
          {props.family.CHILDREN.map((c) => (
            <li key={c.CHILD_ID}>
              <strong>
                {c.SUBSCRIBER_FIRSTNAME} {c.SUBSCRIBER_LASTNAME}
              </strong>
              , {genderText(c.SUBSCRIBER_GENDER_ID)}, geboren op {longDayText(c.SUBSCRIBER_BIRTHDATE)}
              {c.SUBSCRIBER_HAS_NATIONALNR ? '; rijksregisternummer bewaard' : ''}{' '}
              <button
                type="button"
                className="link"
                onClick={() => {
                  setEditing(c);
                  setErrors({});
                  setError(null);
                  setSaved(null);
                  setChild({
                    SUBSCRIBER_FIRSTNAME: c.SUBSCRIBER_FIRSTNAME,
                    SUBSCRIBER_LASTNAME: c.SUBSCRIBER_LASTNAME,
                    SUBSCRIBER_GENDER_ID: String(c.SUBSCRIBER_GENDER_ID),
                    SUBSCRIBER_BIRTHDATE: c.SUBSCRIBER_BIRTHDATE,
                    SUBSCRIBER_NATIONALNR: '',
                  });
                  document.getElementById('child-title')?.scrollIntoView();
                }}
              >
                Wijzigen<span className="visually-hidden"> ({c.SUBSCRIBER_FIRSTNAME})</span>
              </button>{' '}
              <button type="button" className="link" onClick={() => setSheetOf(c)}>
                Veiligheidsfiche<span className="visually-hidden"> ({c.SUBSCRIBER_FIRSTNAME})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {sheetOf && (
        <SafetySheetForm
          key={sheetOf.CHILD_ID}
          childId={sheetOf.CHILD_ID}
          childName={sheetOf.SUBSCRIBER_FIRSTNAME}
          onClose={() => {
            setSheetOf(null);
            // 'Mijn inschrijvingen' says whether each child's sheet is filled in.
            void props.onChanged();
          }}
        />
      )}
      {saved && <Message kind="notice">{saved}</Message>}
      {saved && props.goBasket && (
        <button type="button" className="primary" onClick={props.goBasket}>
          Naar mijn mand
        </button>
      )}
      <form onSubmit={add} noValidate aria-labelledby="child-title">
        <h3 id="child-title">{editing ? `Gegevens van ${editing.SUBSCRIBER_FIRSTNAME} wijzigen` : 'Kind toevoegen'}</h3>
        {error && <Message kind="error">{error}</Message>}
        <Field
          name="SUBSCRIBER_FIRSTNAME"
          label="Voornaam"
          required
          value={child.SUBSCRIBER_FIRSTNAME}
          onChange={set('SUBSCRIBER_FIRSTNAME')}
          errors={errors}
        />
        <Field
          name="SUBSCRIBER_LASTNAME"
          label="Familienaam"
          required
          value={child.SUBSCRIBER_LASTNAME}
          onChange={set('SUBSCRIBER_LASTNAME')}
          errors={errors}
        />
        <SelectField
          name="SUBSCRIBER_GENDER_ID"
          label="Geslacht"
          value={child.SUBSCRIBER_GENDER_ID}
          onChange={set('SUBSCRIBER_GENDER_ID')}
          errors={errors}
        >
          <option value="">Kies...</option>
          <option value={GENDER_GIRL}>Meisje</option>
          <option value={GENDER_BOY}>Jongen</option>
        </SelectField>
        {editing?.SUBSCRIBER_DATA_LOCKED ? (
          <LockedIdentity child={editing} />
        ) : (
          <>
            <Field
              name="SUBSCRIBER_BIRTHDATE"
              label="Geboortedatum"
              type="date"
              required
              value={child.SUBSCRIBER_BIRTHDATE}
              onChange={set('SUBSCRIBER_BIRTHDATE')}
              errors={errors}
            />
            <Field
              name="SUBSCRIBER_NATIONALNR"
              label="Rijksregisternummer"
              inputMode="numeric"
              hint={
                editing?.SUBSCRIBER_HAS_NATIONALNR
                  ? 'We bewaren al een rijksregisternummer voor dit kind; we tonen het niet. Vul enkel een nieuw in om het te vervangen.'
                  : 'Nodig voor het fiscaal attest (op de achterkant van de identiteitskaart of Kids-ID). We tonen het nooit opnieuw.'
              }
              value={child.SUBSCRIBER_NATIONALNR}
              onChange={set('SUBSCRIBER_NATIONALNR')}
              errors={errors}
            />
          </>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {editing ? 'Opslaan' : 'Kind toevoegen'}
          </button>
          {editing && (
            <button
              type="button"
              className="link"
              onClick={() => {
                setEditing(null);
                setErrors({});
                setError(null);
                setChild(empty);
              }}
            >
              Annuleren
            </button>
          )}
        </div>
      </form>
      {editing?.SUBSCRIBER_DATA_LOCKED && <CorrectionRequest child={editing} />}
    </section>
  );
}

/** A booked child's birth date and national number, shown, not changed: staff change them (issue 34). */
function LockedIdentity({ child }: { child: PublicFamily['CHILDREN'][number] }) {
  return (
    <div className="locked">
      <dl className="locked">
        <dt>Geboortedatum</dt>
        <dd>{longDayText(child.SUBSCRIBER_BIRTHDATE)}</dd>
        <dt>Rijksregisternummer</dt>
        <dd>{child.SUBSCRIBER_HAS_NATIONALNR ? 'bewaard (we tonen het niet)' : 'niet ingevuld'}</dd>
      </dl>
      <p className="hint">
        {child.SUBSCRIBER_FIRSTNAME} is al ingeschreven, dus de geboortedatum en het rijksregisternummer kunt u hier niet meer wijzigen.
        Vraag het secretariaat om dit te wijzigen: dat kan hieronder.
      </p>
    </div>
  );
}

/** 'Vraag het secretariaat': the family's own words about a booked child's data, mailed to the organiser. */
function CorrectionRequest({ child }: { child: PublicFamily['CHILDREN'][number] }) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(event: { preventDefault: () => void }) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await api('requestChildCorrection', { CHILD_ID: child.CHILD_ID, MESSAGE: text });
      setText('');
      setErrors({});
      setMessage({
        kind: 'notice',
        text: 'Uw vraag is naar het secretariaat gestuurd. Het secretariaat past de gegevens aan en laat u iets weten.',
      });
    } catch (e) {
      const failure = e as ApiError;
      setErrors(failure.fields ?? {});
      setMessage({ kind: 'error', text: failure.fields ? 'Schrijf wat er gewijzigd moet worden.' : failure.message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={send} noValidate aria-labelledby="correction-title" className="correction">
      <h3 id="correction-title">Vraag het secretariaat om een wijziging</h3>
      {message && <Message kind={message.kind}>{message.text}</Message>}
      <div className="field">
        <label htmlFor="correction-text">Wat moet er gewijzigd worden voor {child.SUBSCRIBER_FIRSTNAME}?</label>
        <p className="hint" id="correction-hint">
          Bijvoorbeeld de juiste geboortedatum. Schrijf hier geen rijksregisternummer: het secretariaat vraagt het u als dat nodig is.
        </p>
        <textarea
          id="correction-text"
          name="MESSAGE"
          rows={3}
          maxLength={1000}
          value={text}
          aria-invalid={errors.MESSAGE ? true : undefined}
          aria-describedby={errors.MESSAGE ? 'correction-hint correction-error' : 'correction-hint'}
          onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
        />
        {errors.MESSAGE && (
          <p className="field-error" id="correction-error">
            {errors.MESSAGE}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy}>
        Vraag versturen
      </button>
    </form>
  );
}

function ParentCard(props: { family: PublicFamily; onChanged: () => Promise<void> }) {
  const [values, setValues] = useState<ParentValues>(() => ({
    ...emptyParent(),
    ...(props.family.PARENT ?? {}),
    SUBSCRIBER_PARENT_NATIONALNR: '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);

  async function save(event: { preventDefault: () => void }) {
    event.preventDefault();
    const problems = checkRequired(
      values,
      PARENT_FIELDS.map(([name]) => name),
      ['SUBSCRIBER_PARENT_NATIONALNR'],
    );
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setMessage({ kind: 'error', text: 'Niet alle gegevens zijn in orde: bekijk de velden hieronder.' });
      return;
    }
    try {
      const { SUBSCRIBER_PARENT_PHONE2, ...rest } = values;
      await api('saveParent', { ...filled(rest), SUBSCRIBER_PARENT_PHONE2: SUBSCRIBER_PARENT_PHONE2.trim() } as never);
      setValues((v) => ({ ...v, SUBSCRIBER_PARENT_NATIONALNR: '' }));
      setMessage({ kind: 'notice', text: 'Uw gegevens zijn opgeslagen.' });
      await props.onChanged();
    } catch (e) {
      const failure = e as ApiError;
      setErrors(failure.fields ?? {});
      setMessage({
        kind: 'error',
        text: failure.fields ? 'Niet alle gegevens zijn in orde: bekijk de velden hieronder.' : failure.message,
      });
    }
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby="parent-title" className="card">
      <h2 id="parent-title">Uw gegevens</h2>
      <p className="hint">E-mailadres: {props.family.email}</p>
      {message && <Message kind={message.kind}>{message.text}</Message>}
      <ParentFields
        values={values}
        set={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        errors={errors}
        hasNationalNumber={props.family.PARENT?.SUBSCRIBER_PARENT_HAS_NATIONALNR}
      />
      <button type="submit">Gegevens opslaan</button>
    </form>
  );
}
