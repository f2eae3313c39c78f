import { useState } from 'react';
import { validationMessages as m } from '@common/messages.js';
import { isValidNationalNumber } from '@common/identity-numbers.js';
import { api, ApiError, familyToken } from './api.js';
import { Field, Message, type FieldErrors } from './fields.js';

export const PARENT_FIELDS = [
  ['SUBSCRIBER_PARENT_FIRSTNAME', 'Voornaam', 'given-name'],
  ['SUBSCRIBER_PARENT_LASTNAME', 'Familienaam', 'family-name'],
  ['SUBSCRIBER_PARENT_STREET', 'Straat', 'address-line1'],
  ['SUBSCRIBER_PARENT_HOUSENR', 'Huisnummer', 'address-line2'],
  ['SUBSCRIBER_PARENT_POSTALCODE', 'Postcode', 'postal-code'],
  ['SUBSCRIBER_PARENT_CITY', 'Gemeente', 'address-level2'],
  ['SUBSCRIBER_PARENT_COUNTRY', 'Land', 'country-name'],
  ['SUBSCRIBER_PARENT_PHONE', 'Telefoon', 'tel'],
] as const;
export type ParentValues = Record<(typeof PARENT_FIELDS)[number][0] | 'SUBSCRIBER_PARENT_PHONE2' | 'SUBSCRIBER_PARENT_NATIONALNR', string>;

export const emptyParent = (): ParentValues => ({
  SUBSCRIBER_PARENT_FIRSTNAME: '',
  SUBSCRIBER_PARENT_LASTNAME: '',
  SUBSCRIBER_PARENT_STREET: '',
  SUBSCRIBER_PARENT_HOUSENR: '',
  SUBSCRIBER_PARENT_POSTALCODE: '',
  SUBSCRIBER_PARENT_CITY: '',
  SUBSCRIBER_PARENT_COUNTRY: 'België',
  SUBSCRIBER_PARENT_PHONE: '',
  SUBSCRIBER_PARENT_PHONE2: '',
  SUBSCRIBER_PARENT_NATIONALNR: '',
});

/** What the browser checks before sending: required fields and a national number's check digits (common/src rules). */
export function checkRequired(values: Record<string, string>, required: readonly string[], nationalNumbers: readonly string[] = []) {
  const errors: FieldErrors = {};
  for (const name of required) if (!values[name]?.trim()) errors[name] = m.required;
  for (const name of nationalNumbers) {
    const value = values[name]?.trim();
    if (value && !isValidNationalNumber(value))
      errors[name] = `${m.wrongFormat}: dit rijksregisternummer klopt niet (controleer de 11 cijfers).`;
  }
  return errors;
}

/** The parent's fields, as the staff's parent card has them. */
export function ParentFields(props: {
  values: ParentValues;
  set: (name: keyof ParentValues, value: string) => void;
  errors: FieldErrors;
  hasNationalNumber?: boolean;
}) {
  return (
    <>
      {PARENT_FIELDS.map(([name, label, autoComplete]) => (
        <Field
          key={name}
          name={name}
          label={label}
          value={props.values[name]}
          onChange={(v) => props.set(name, v)}
          errors={props.errors}
          required
          autoComplete={autoComplete}
          type={name === 'SUBSCRIBER_PARENT_PHONE' ? 'tel' : 'text'}
        />
      ))}
      <Field
        name="SUBSCRIBER_PARENT_PHONE2"
        label="Tweede telefoon"
        type="tel"
        value={props.values.SUBSCRIBER_PARENT_PHONE2}
        onChange={(v) => props.set('SUBSCRIBER_PARENT_PHONE2', v)}
        errors={props.errors}
      />
      <Field
        name="SUBSCRIBER_PARENT_NATIONALNR"
        label="Rijksregisternummer"
        inputMode="numeric"
        hint={
          props.hasNationalNumber
            ? 'We bewaren al een rijksregisternummer voor u; we tonen het niet. Vul enkel een nieuw in om het te vervangen.'
            : 'Nodig voor het fiscaal attest. We tonen het nooit opnieuw.'
        }
        value={props.values.SUBSCRIBER_PARENT_NATIONALNR}
        onChange={(v) => props.set('SUBSCRIBER_PARENT_NATIONALNR', v)}
        errors={props.errors}
      />
    </>
  );
}

/** Sends a form's values: only the filled-in optional ones. */
export function filled(values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
}

/** 'Aanmelden': with the password, or a one-time link by mail. */
export function SignIn(props: { onSignedIn: () => void; reason: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [linkEmail, setLinkEmail] = useState('');
  const [linkErrors, setLinkErrors] = useState<FieldErrors>({});
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn(event: { preventDefault: () => void }) {
    event.preventDefault();
    const problems = checkRequired({ email, password }, ['email', 'password']);
    setErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const answer = await api('signIn', { email: email.trim(), password });
      familyToken.set(answer.token);
      props.onSignedIn();
    } catch (e) {
      const failure = e as ApiError;
      setErrors(failure.fields ?? {});
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  }

  async function requestLink(event: { preventDefault: () => void }) {
    event.preventDefault();
    const problems = checkRequired({ email: linkEmail }, ['email']);
    setLinkErrors(problems);
    setLinkSent(null);
    if (Object.keys(problems).length > 0) return;
    try {
      await api('requestSignInLink', { email: linkEmail.trim() });
      setLinkSent(`Als er een account bestaat voor ${linkEmail.trim()}, staat er nu een aanmeldlink in die mailbox. Hij werkt 30 minuten.`);
    } catch (e) {
      const failure = e as ApiError;
      setLinkErrors(failure.fields ?? { email: failure.message });
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Aanmelden</h1>
      {props.reason && <Message kind="notice">{props.reason}</Message>}
      <form onSubmit={signIn} noValidate aria-labelledby="signin-title" className="card">
        <h2 id="signin-title">Met uw wachtwoord</h2>
        {error && <Message kind="error">{error}</Message>}
        <Field
          name="email"
          label="E-mailadres"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          errors={errors}
        />
        <Field
          name="password"
          label="Wachtwoord"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          errors={errors}
        />
        <button type="submit" className="primary" disabled={busy}>
          Aanmelden
        </button>
      </form>
      <form onSubmit={requestLink} noValidate aria-labelledby="link-title" className="card">
        <h2 id="link-title">Met een aanmeldlink per mail</h2>
        <p>Wachtwoord vergeten of liever geen wachtwoord? We mailen u een link waarmee u zich één keer aanmeldt.</p>
        {linkSent && <Message kind="notice">{linkSent}</Message>}
        <Field
          name="email"
          label="E-mailadres"
          type="email"
          autoComplete="email"
          required
          value={linkEmail}
          onChange={setLinkEmail}
          errors={linkErrors}
        />
        <button type="submit">Stuur mij een aanmeldlink</button>
      </form>
      <section className="card" aria-labelledby="new-title">
        <h2 id="new-title">Nog geen account?</h2>
        <p>Maak een account voor uw gezin: daarna voegt u uw kinderen toe en schrijft u ze in.</p>
        <a className="button" href="#/account-maken">
          Account maken
        </a>
      </section>
    </>
  );
}

/** 'Account maken': e-mail address, password and the parent's data. */
export function SignUp(props: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [parent, setParent] = useState(emptyParent);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const all = { email, password, ...parent };
    const problems = checkRequired(all, ['email', 'password', ...PARENT_FIELDS.map(([name]) => name)], ['SUBSCRIBER_PARENT_NATIONALNR']);
    setErrors(problems);
    setError(Object.keys(problems).length > 0 ? 'Niet alle gegevens zijn in orde: bekijk de velden hieronder.' : null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const answer = await api('signUp', { ...(filled(parent) as unknown as ParentValues), email: email.trim(), password });
      familyToken.set(answer.token);
      props.onSignedIn();
    } catch (e) {
      const failure = e as ApiError;
      setErrors(failure.fields ?? {});
      setError(failure.fields ? 'Niet alle gegevens zijn in orde: bekijk de velden hieronder.' : failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Account maken</h1>
      <form onSubmit={submit} noValidate className="card">
        {error && <Message kind="error">{error}</Message>}
        <Field
          name="email"
          label="E-mailadres"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          errors={errors}
        />
        <Field
          name="password"
          label="Wachtwoord"
          type="password"
          autoComplete="new-password"
          hint="Minstens 12 tekens, geen veelgebruikt wachtwoord. Een zin van enkele woorden is sterk en makkelijk te onthouden."
          required
          value={password}
          onChange={setPassword}
          errors={errors}
        />
        <h2>Uw gegevens</h2>
        <ParentFields values={parent} set={(name, value) => setParent((p) => ({ ...p, [name]: value }))} errors={errors} />
        <button type="submit" className="primary" disabled={busy}>
          Account maken
        </button>
      </form>
      <p>
        Al een account? <a href="#/aanmelden">Aanmelden</a>
      </p>
    </>
  );
}
