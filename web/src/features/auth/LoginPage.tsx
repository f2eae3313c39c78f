import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useLocation } from 'react-router';
import { failureMessages, sessionMessages, validationMessages } from '@common/messages.js';
import { sessionExpired } from '../../app/return-path.js';
import { preloadSignedInNavbar } from '../../components/load-signed-in-navbar.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { StaticAlert } from '../../components/StaticAlert.js';
import { TextInput } from '../../components/TextInput.js';
import { useAuth } from '../../lib/auth.js';

type Credentials = { username: string; password: string };
const fieldOrder = ['username', 'password'] as const;

/** Both fields are only required; the server checks them with loginPayload. */
const missing = (values: Credentials) => fieldOrder.filter((name) => values[name] === '');

/**
 * Sign-in in a narrow column; any failure reads 'Login niet correct'. Its two required fields need no form
 * library: without zod and react-hook-form, /login loads only what it shows. The fields are checked on submit,
 * not on blur (with the focus in the first field, a blur check would push the button away under the first
 * click), then again on every change, and a submit with an empty field puts the focus on the first one.
 */
export function LoginPage() {
  const { login } = useAuth();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const inputs = useRef<Partial<Record<keyof Credentials, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const expired = sessionExpired(useLocation().state);
  const errors = submitted ? missing(values) : [];
  const errorOf = (name: keyof Credentials) => (errors.includes(name) ? validationMessages.required : undefined);
  const field = (name: keyof Credentials) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[name] = element;
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const empty = missing(values);
    if (empty.length > 0) {
      inputs.current[empty[0]!]?.focus();
      return;
    }
    setFailed(false);
    setSubmitting(true);
    preloadSignedInNavbar();
    try {
      await login(values.username, values.password);
    } catch {
      setFailed(true);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Container>
      <Row className="justify-content-center">
        <Col xs={12} sm={8} md={5} lg={4}>
          <main>
            <h1 className="h3 my-4">Aanmelden</h1>
            {expired && !failed && (
              <StaticAlert variant="warning" role="status">
                {sessionMessages.expired}
              </StaticAlert>
            )}
            <ErrorAlert message={failed ? failureMessages.login : null} />
            <form onSubmit={(event) => void onSubmit(event)} noValidate>
              <TextInput label="Gebruikersnaam (e-mailadres)" type="email" autoFocus {...field('username')} />
              <TextInput label="Wachtwoord" type="password" {...field('password')} />
              <Button type="submit" disabled={submitting} className="w-100">
                {submitting ? 'Bezig…' : 'Aanmelden'}
              </Button>
            </form>
          </main>
        </Col>
      </Row>
    </Container>
  );
}
