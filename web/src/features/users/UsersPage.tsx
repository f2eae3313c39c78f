import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { roleLabels, roles, type Role } from '@common/roles.js';
import { userMessages, type UpdateUserPayload, type UserRecord } from '@common/schemas/users.js';
import { ConfirmModal } from '../../components/ConfirmModal.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { Label } from '../../components/TextInput.js';
import { refusalMessage } from '../../components/server-field-errors.js';
import { api, ApiError } from '../../lib/api-client.js';
import { callQuery } from '../../lib/queries.js';
import { monitorsQuery } from '../../lib/shared-queries.js';
import { useAuth } from '../../lib/auth.js';

const statusLabels: Record<UserRecord['status'], string> = {
  uitgenodigd: 'Uitgenodigd',
  actief: 'Actief',
  uitgeschakeld: 'Uitgeschakeld',
};

/** The server's Dutch message; for refused input its field messages, each a sentence of its own (issue 39). */
const failureText = (error: unknown): string | null => (error ? (refusalMessage(error) ?? String(error)) : null);

function useMonitors() {
  return useQuery(monitorsQuery());
}

interface MonitorSelectProps {
  id: string;
  value: number | null;
  onChange: (monitorId: number | null) => void;
  size?: 'sm';
  isInvalid?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

function MonitorSelect({ id, value, onChange, size, isInvalid, ...aria }: MonitorSelectProps) {
  const monitors = useMonitors().data ?? [];
  return (
    <Form.Select
      id={id}
      size={size}
      isInvalid={isInvalid}
      {...aria}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    >
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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('medewerker');
  const [monitorId, setMonitorId] = useState<number | null>(null);
  const invite = useMutation({
    mutationFn: () => api.call('inviteUser', { email, role, ...(role === 'monitor' && monitorId ? { monitorId } : {}) }),
    onSuccess: () => setEmail(''),
  });
  // A refused field shows its message at the field; the alert holds what concerns no field (issue 39).
  const fieldErrors = invite.error instanceof ApiError ? (invite.error.fields ?? {}) : {};
  const feedback = (name: string) =>
    fieldErrors[name] ? (
      <Form.Control.Feedback type="invalid" id={`invite-${name}-error`}>
        {fieldErrors[name]}
      </Form.Control.Feedback>
    ) : null;
  const invalid = (name: string) => (fieldErrors[name] ? { isInvalid: true, 'aria-describedby': `invite-${name}-error` } : {});
  return (
    <section aria-labelledby="invite-title" className="mb-4">
      <h2 id="invite-title" className="h5">
        Gebruiker uitnodigen
      </h2>
      <Form
        className="row g-2 align-items-start"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate();
        }}
      >
        <Form.Group className="col-md-4" controlId="invite-email">
          <Label htmlFor="invite-email" label="E-mailadres" required />
          <Form.Control type="email" value={email} onChange={(e) => setEmail(e.target.value)} {...invalid('email')} />
          {feedback('email')}
        </Form.Group>
        <Form.Group className="col-md-2" controlId="invite-role">
          <Label htmlFor="invite-role" label="Rol" required />
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
            <Label htmlFor="invite-monitor" label="Monitor" required />
            <MonitorSelect id="invite-monitor" value={monitorId} onChange={setMonitorId} {...invalid('monitorId')} />
            {feedback('monitorId')}
          </Form.Group>
        )}
        <div className="col-md-2 mt-md-3 pt-md-4">
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Bezig…' : 'Uitnodigen'}
          </Button>
        </div>
      </Form>
      <ErrorAlert className="mt-2" message={Object.keys(fieldErrors).length > 0 ? null : failureText(invite.error)} />
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

/** A change of role or monitor waiting for the beheerder's confirmation. */
interface RoleDraft {
  role: Role;
  monitorId: number | null;
}

/**
 * Asks before a role or monitor changes (issue 39): what changes, that the user's sessions end, and for the role
 * Monitor which monitor the user is (the choice is required before it can be confirmed).
 */
function RoleChangeDialog({
  user,
  draft,
  onDraft,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  user: UserRecord;
  draft: RoleDraft | null;
  onDraft: (draft: RoleDraft) => void;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [missingMonitor, setMissingMonitor] = useState(false);
  const roleChanges = draft !== null && draft.role !== user.role;
  return (
    <ConfirmModal
      show={draft !== null}
      title={roleChanges ? 'Rol wijzigen' : 'Monitor wijzigen'}
      confirmLabel={roleChanges ? 'Rol wijzigen' : 'Monitor wijzigen'}
      pending={pending}
      error={missingMonitor ? userMessages.monitorRequired : error}
      onConfirm={() => {
        const needsMonitor = draft?.role === 'monitor' && !draft.monitorId;
        setMissingMonitor(needsMonitor);
        if (!needsMonitor) onConfirm();
      }}
      onCancel={() => {
        setMissingMonitor(false);
        onCancel();
      }}
    >
      {draft && (
        <>
          <p>
            {roleChanges
              ? `${user.email} wordt ${roleLabels[draft.role]} in plaats van ${roleLabels[user.role]}.`
              : `${user.email} blijft Monitor, maar van een andere monitor.`}{' '}
            {roleDescriptions[draft.role]} Open sessies van deze gebruiker eindigen meteen.
          </p>
          {draft.role === 'monitor' && (
            <Form.Group>
              <Label htmlFor={`role-monitor-${user.userId}`} label="Welke monitor is deze gebruiker?" required />
              <MonitorSelect
                id={`role-monitor-${user.userId}`}
                value={draft.monitorId}
                onChange={(monitorId) => {
                  setMissingMonitor(false);
                  onDraft({ ...draft, monitorId });
                }}
              />
            </Form.Group>
          )}
        </>
      )}
    </ConfirmModal>
  );
}

/** What each role may do, in the confirmation of a role change. */
const roleDescriptions: Record<Role, string> = {
  beheerder: 'Een beheerder mag alles, ook gebruikers en instellingen beheren.',
  medewerker: 'Een medewerker beheert inschrijvingen, kampen en betalingen, maar geen gebruikers of instellingen.',
  monitor: 'Een monitor ziet enkel de deelnemerslijsten van de kampen op de locaties van de gekozen monitor.',
};

function UserRow({ user, isSelf }: { user: UserRecord; isSelf: boolean }) {
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [draft, setDraft] = useState<RoleDraft | null>(null);
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
    onSuccess: () => setDraft(null),
  });
  const remove = useMutation({
    mutationFn: () => api.call('removeUser', { userId: user.userId }),
    onSuccess: () => setConfirmRemove(false),
  });
  const openDraft = (next: RoleDraft) => {
    update.reset();
    setDraft(next);
  };
  const disabled = user.status === 'uitgeschakeld';
  return (
    <tr>
      <td>
        {user.email}
        {isSelf && <span className="text-body-secondary"> (jij)</span>}
        {draft === null && <ErrorAlert className="mt-2 mb-0" message={failureText(update.error)} />}
      </td>
      <td>
        {/* The stored role until the beheerder confirms the change in the dialog. */}
        <Form.Select
          size="sm"
          aria-label={`Rol van ${user.email}`}
          value={user.role}
          disabled={update.isPending}
          onChange={(e) => {
            const role = e.target.value as Role;
            openDraft({ role, monitorId: role === 'monitor' ? user.monitorId : null });
          }}
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
          <MonitorSelect
            id={`monitor-of-${user.userId}`}
            size="sm"
            aria-label={`Monitor van ${user.email}`}
            value={user.monitorId}
            onChange={(monitorId) => openDraft({ role: 'monitor', monitorId })}
          />
        ) : (
          '—'
        )}
        <RoleChangeDialog
          user={user}
          draft={draft}
          onDraft={setDraft}
          pending={update.isPending}
          error={failureText(update.error)}
          onConfirm={() => draft && update.mutate({ role: draft.role, monitorId: draft.monitorId })}
          onCancel={() => setDraft(null)}
        />
      </td>
      <td>{statusLabels[user.status]}</td>
      <td className="text-nowrap">
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-2"
          onClick={() => {
            setDraft(null);
            update.mutate({ disabled: !disabled });
          }}
        >
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
  const users = useQuery(callQuery('getUsers'));
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
