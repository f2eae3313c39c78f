import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { roleLabels, roles, type Role } from '@common/roles.js';
import type { UpdateUserPayload, UserRecord } from '@common/schemas/users.js';
import { ConfirmModal } from '../../components/ConfirmModal.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { api } from '../../lib/api-client.js';
import { useAuth } from '../../lib/auth.js';

const usersKey = ['users'] as const;
const statusLabels: Record<UserRecord['status'], string> = {
  uitgenodigd: 'Uitgenodigd',
  actief: 'Actief',
  uitgeschakeld: 'Uitgeschakeld',
};

/** The server's Dutch message, with its field messages when it refused the input. */
function failureText(error: unknown): string | null {
  if (!error) return null;
  const fields = (error as { fields?: Record<string, string> }).fields;
  return [error instanceof Error ? error.message : String(error), ...Object.values(fields ?? {})].join(' ');
}

function useMonitors() {
  return useQuery({ queryKey: ['users', 'monitors'], queryFn: () => api.call('getMonitors', {}) });
}

function MonitorSelect({ id, value, onChange }: { id: string; value: number | null; onChange: (monitorId: number | null) => void }) {
  const monitors = useMonitors().data ?? [];
  return (
    <Form.Select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
      <option value="">Kies een monitor</option>
      {monitors.map((m) => (
        <option key={m.MONITOR_ID} value={m.MONITOR_ID}>
          {m.MONITOR_FIRSTNAME} {m.MONITOR_LASTNAME}
        </option>
      ))}
    </Form.Select>
  );
}

function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('medewerker');
  const [monitorId, setMonitorId] = useState<number | null>(null);
  const invite = useMutation({
    mutationFn: () => api.call('inviteUser', { email, role, ...(role === 'monitor' && monitorId ? { monitorId } : {}) }),
    onSuccess: () => {
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
  return (
    <section aria-labelledby="invite-title" className="mb-4">
      <h2 id="invite-title" className="h5">
        Gebruiker uitnodigen
      </h2>
      <Form
        className="row g-2 align-items-end"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate();
        }}
      >
        <Form.Group className="col-md-4" controlId="invite-email">
          <Form.Label>E-mailadres</Form.Label>
          <Form.Control type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Form.Group>
        <Form.Group className="col-md-2" controlId="invite-role">
          <Form.Label>Rol</Form.Label>
          <Form.Select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {role === 'monitor' && (
          <Form.Group className="col-md-3">
            <Form.Label htmlFor="invite-monitor">Monitor</Form.Label>
            <MonitorSelect id="invite-monitor" value={monitorId} onChange={setMonitorId} />
          </Form.Group>
        )}
        <div className="col-md-2">
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Bezig…' : 'Uitnodigen'}
          </Button>
        </div>
      </Form>
      <ErrorAlert className="mt-2" message={failureText(invite.error)} />
      {invite.data && (
        <Alert variant="success" className="mt-2" role="status">
          <p className="mb-1">
            Uitnodiging gemaild naar {invite.data.user.email}. De link werkt één keer, 48 uur lang; geef hem zelf door als de mail niet
            aankomt:
          </p>
          <code className="text-break" data-testid="invite-link">
            {invite.data.inviteLink}
          </code>
        </Alert>
      )}
    </section>
  );
}

function UserRow({ user, isSelf }: { user: UserRecord; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: usersKey });
  const update = useMutation({
    mutationFn: (change: Partial<UpdateUserPayload>) => {
      const next = { role: user.role, disabled: user.status === 'uitgeschakeld', monitorId: user.monitorId, ...change };
      return api.call('updateUser', {
        userId: user.userId,
        role: next.role,
        disabled: next.disabled,
        ...(next.role === 'monitor' && next.monitorId ? { monitorId: next.monitorId } : {}),
      });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api.call('removeUser', { userId: user.userId }),
    onSuccess: () => {
      setConfirmRemove(false);
      refresh();
    },
  });
  const disabled = user.status === 'uitgeschakeld';
  return (
    <tr>
      <td>
        {user.email}
        {isSelf && <span className="text-body-secondary"> (jij)</span>}
        <ErrorAlert className="mt-2 mb-0" message={failureText(update.error)} />
      </td>
      <td>
        <Form.Select
          size="sm"
          aria-label={`Rol van ${user.email}`}
          value={user.role}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ role: e.target.value as Role })}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </Form.Select>
      </td>
      <td>
        {user.role === 'monitor' ? (
          <MonitorSelect id={`monitor-of-${user.userId}`} value={user.monitorId} onChange={(monitorId) => update.mutate({ monitorId })} />
        ) : (
          '—'
        )}
      </td>
      <td>{statusLabels[user.status]}</td>
      <td className="text-nowrap">
        <Button size="sm" variant="outline-secondary" className="me-2" onClick={() => update.mutate({ disabled: !disabled })}>
          {disabled ? 'Inschakelen' : 'Uitschakelen'}
        </Button>
        <Button size="sm" variant="outline-danger" onClick={() => setConfirmRemove(true)}>
          Verwijderen
        </Button>
        <ConfirmModal
          show={confirmRemove}
          title="Gebruiker verwijderen"
          confirmLabel="Verwijderen"
          confirmVariant="danger"
          pending={remove.isPending}
          error={failureText(remove.error)}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirmRemove(false)}
        >
          {user.email} verwijderen? Open sessies van deze gebruiker eindigen meteen.
        </ConfirmModal>
      </td>
    </tr>
  );
}

/** 'Gebruikers' (beheerder): invite, change the role, disable, remove (issue 20). */
export default function UsersPage() {
  const { state } = useAuth();
  const users = useQuery({ queryKey: usersKey, queryFn: () => api.call('getUsers') });
  const self = state.status === 'signedIn' ? state.user.email : null;
  return (
    <>
      <h1 className="h3 mb-3">Gebruikers</h1>
      <InviteForm />
      {users.isPending && <LoadingLine />}
      <ErrorAlert message={failureText(users.error)} />
      {users.data && (
        <Table responsive hover size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">E-mailadres</th>
              <th scope="col">Rol</th>
              <th scope="col">Monitor</th>
              <th scope="col">Status</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <UserRow key={user.userId} user={user} isSelf={user.email === self} />
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
