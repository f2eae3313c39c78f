import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useSearchParams } from 'react-router';
import { userMessages } from '@common/schemas/users.js';
import { paths } from '../../app/paths.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { api, ApiError } from '../../lib/api-client.js';
import { RequiredMark } from '../../components/TextInput.js';

/** The invite link's page (no sign-in): the invitee chooses a password, then signs in. */
export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const accept = useMutation({ mutationFn: () => api.call('acceptInvite', { token, password }) });
  const fieldError = accept.error instanceof ApiError ? accept.error.fields?.password : undefined;
  return (
    <Container>
      <Row className="justify-content-center">
        <Col xs={12} sm={8} md={5} lg={4}>
          <main>
            <h1 className="h3 my-4">Wachtwoord kiezen</h1>
            {accept.data ? (
              <Alert variant="success" role="status">
                Je wachtwoord is ingesteld. <Link to={paths.login()}>Meld je nu aan</Link> met {accept.data.email}.
              </Alert>
            ) : (
              <Form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  setMismatch(password !== repeat);
                  if (password === repeat) accept.mutate();
                }}
              >
                <ErrorAlert message={accept.error && !fieldError ? accept.error.message : null} />
                <Form.Group className="mb-3" controlId="new-password">
                  <Form.Label>
                    Nieuw wachtwoord
                    <RequiredMark />
                  </Form.Label>
                  <Form.Control
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    isInvalid={Boolean(fieldError)}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                  <Form.Text>Minstens 12 tekens, geen veelgebruikt wachtwoord.</Form.Text>
                  <Form.Control.Feedback type="invalid">{fieldError}</Form.Control.Feedback>
                </Form.Group>
                <Form.Group className="mb-3" controlId="repeat-password">
                  <Form.Label>
                    Herhaal het wachtwoord
                    <RequiredMark />
                  </Form.Label>
                  <Form.Control
                    type="password"
                    autoComplete="new-password"
                    value={repeat}
                    isInvalid={mismatch}
                    onChange={(e) => setRepeat(e.target.value)}
                  />
                  <Form.Control.Feedback type="invalid">{userMessages.passwordsDiffer}</Form.Control.Feedback>
                </Form.Group>
                <Button type="submit" className="w-100" disabled={accept.isPending || !token}>
                  {accept.isPending ? 'Bezig…' : 'Wachtwoord instellen'}
                </Button>
              </Form>
            )}
          </main>
        </Col>
      </Row>
    </Container>
  );
}
