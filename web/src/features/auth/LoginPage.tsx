import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { failureMessages, sessionMessages, validationMessages } from '@common/messages.js';
import { sessionExpired } from '../../app/return-path.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { TextField } from '../../components/form.js';
import { useAuth } from '../../lib/auth.js';

/** Sign-in in a narrow column; any failure reads 'Login niet correct'. */
const required = { required: validationMessages.required };

export function LoginPage() {
  const { login } = useAuth();
  // Both fields are only required; the server checks them with loginPayload. No zod here keeps /login small.
  // Checked on submit, not on blur: with the focus in the first field, a blur check would push the button away under the first click.
  const form = useForm({ mode: 'onSubmit', defaultValues: { username: '', password: '' } });
  const [failed, setFailed] = useState(false);
  const expired = sessionExpired(useLocation().state);

  const onSubmit = form.handleSubmit(async ({ username, password }) => {
    setFailed(false);
    try {
      await login(username, password);
    } catch {
      setFailed(true);
    }
  });

  return (
    <Container>
      <Row className="justify-content-center">
        <Col xs={12} sm={8} md={5} lg={4}>
          <main>
            <h1 className="h3 my-4">Aanmelden</h1>
            {expired && !failed && (
              <Alert variant="warning" role="status">
                {sessionMessages.expired}
              </Alert>
            )}
            <ErrorAlert message={failed ? failureMessages.login : null} />
            <form onSubmit={onSubmit} noValidate>
              <TextField form={form} name="username" label="Gebruikersnaam (e-mailadres)" type="email" rules={required} autoFocus />
              <TextField form={form} name="password" label="Wachtwoord" type="password" rules={required} />
              <Button type="submit" disabled={form.formState.isSubmitting} className="w-100">
                {form.formState.isSubmitting ? 'Bezig…' : 'Aanmelden'}
              </Button>
            </form>
          </main>
        </Col>
      </Row>
    </Container>
  );
}
