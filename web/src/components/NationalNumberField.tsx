import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { failureMessages } from '@common/messages.js';
import { api, ApiError } from '../lib/api-client.js';
import { useMayCall } from '../lib/may-call.js';

/** Whose number a reveal asks for: one child, parent or monitor. */
export type NationalNumberOwner = { subscriberId: number } | { parentId: number } | { monitorId: number };

/**
 * 'Tonen' beside a masked national number, for the roles revealNationalNumber allows (a beheerder): the press
 * asks the server for the full number, which audits it, and shows it. Other roles see no button: the masked
 * number is all they get.
 */
function useReveal(owner: NationalNumberOwner, masked: string | null) {
  const mayReveal = useMayCall('revealNationalNumber');
  // A reveal belongs to the masked number it was made for: a changed number shows masked again.
  const [revealed, setRevealed] = useState<{ of: string; number: string | null } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reveal = async () => {
    if (masked === null) return;
    setPending(true);
    setError(null);
    try {
      const answer = await api.call('revealNationalNumber', owner);
      setRevealed({ of: masked, number: answer.nationalNumber });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : failureMessages.revealNationalNumber);
    } finally {
      setPending(false);
    }
  };
  const number = revealed !== null && revealed.of === masked ? revealed.number : null;
  return { offer: mayReveal && masked !== null && masked !== '' && number === null, number, pending, error, reveal };
}

function RevealButton({ pending, onReveal, label }: { pending: boolean; onReveal: () => void; label: string }) {
  return (
    <Button variant="outline-secondary" size="sm" disabled={pending} onClick={onReveal} aria-label={`${label} tonen`}>
      Tonen
    </Button>
  );
}

/** A read-only national number: masked, with 'Tonen' for a beheerder. */
export function NationalNumberField({
  owner,
  masked,
  label = 'Rijksregisternummer',
}: {
  owner: NationalNumberOwner;
  masked: string | null;
  label?: string;
}) {
  const id = useId();
  const { offer, number, pending, error, reveal } = useReveal(owner, masked);
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <div className="d-flex align-items-center gap-2">
        <Form.Control id={id} plaintext readOnly value={number ?? (masked || '/')} />
        {offer && <RevealButton pending={pending} onReveal={() => void reveal()} label={label} />}
      </div>
      {error && (
        <div className="text-danger small" role="alert">
          {error}
        </div>
      )}
    </Form.Group>
  );
}

/** Below an editable national number (the monitor detail): 'Tonen' for a beheerder, then the full number. */
export function NationalNumberReveal({
  owner,
  masked,
  label = 'Rijksregisternummer',
}: {
  owner: NationalNumberOwner;
  masked: string | null;
  label?: string;
}) {
  const { offer, number, pending, error, reveal } = useReveal(owner, masked);
  if (!offer && number === null && !error) return null;
  return (
    <div className="d-flex align-items-center gap-2 mb-3 small">
      {offer && <RevealButton pending={pending} onReveal={() => void reveal()} label={label} />}
      {number !== null && (
        <span>
          {label}: <span data-testid="revealed-national-number">{number}</span>
        </span>
      )}
      {error && (
        <span className="text-danger" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
