import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { roleLabels } from '@common/roles.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { api, ApiError } from '../../lib/api-client.js';
import { useAuth } from '../../lib/auth.js';
import { RequiredMark } from '../../components/TextInput.js';

/** 'Mijn account': who is signed in with which role, and changing one's own password. */
export default function AccountPage() {
  const { state } = useAuth();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useMutation({
    mutationFn: () => api.call('changePassword', { currentPassword, newPassword }),
    onSuccess: () => {
      setCurrent('');
      setNew('');
    },
  });
  const fields = change.error instanceof ApiError ? (change.error.fields ?? {}) : {};
  const user = state.status === 'signedIn' ? state.user : null;
  return (
    <div style={{ maxWidth: '32rem' }}>
      <h1 className="h3 mb-3">Mijn account</h1>
      {user && (
        <p>
          Aangemeld als {user.email}, rol {roleLabels[user.role]}.
        </p>
      )}
      <h2 className="h5">Wachtwoord wijzigen</h2>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate();
        }}
      >
        <ErrorAlert message={change.error && Object.keys(fields).length === 0 ? change.error.message : null} />
        <Form.Group className="mb-3" controlId="current-password">
          <Form.Label>
            Huidig wachtwoord
            <RequiredMark />
          </Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            isInvalid={Boolean(fields.currentPassword)}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{fields.currentPassword}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="account-new-password">
          <Form.Label>
            Nieuw wachtwoord
            <RequiredMark />
          </Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            value={newPassword}
            isInvalid={Boolean(fields.newPassword)}
            onChange={(e) => setNew(e.target.value)}
          />
          <Form.Text>Minstens 12 tekens, geen veelgebruikt wachtwoord. Je andere sessies worden afgemeld.</Form.Text>
          <Form.Control.Feedback type="invalid">{fields.newPassword}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Bezig…' : 'Wachtwoord wijzigen'}
        </Button>
        {change.isSuccess && (
          <Alert variant="success" className="mt-3" role="status">
            Je wachtwoord is gewijzigd.
          </Alert>
        )}
      </Form>
    </div>
  );
}
