import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDayMonth } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { useMoveSubscription, useMoveTargets } from '../api/move-subscription.js';

/**
 * 'Verplaatsen' (issue 18): the child moves to another camp of the same year, chosen with its seats and
 * price. The server recomputes the money with the target's price and mails the parent; a full camp needs
 * 'Toch inschrijven (boven capaciteit)'.
 */
export function MoveSubscriptionButton({ detail }: { detail: SubscriptionDetail }) {
  const [show, setShow] = useState(false);
  const [campId, setCampId] = useState('');
  const [overCapacity, setOverCapacity] = useState(false);
  const year = Number(detail.PERIOD_STARTDATE.slice(0, 4));
  const targets = useMoveTargets(year, show);
  const move = useMoveSubscription();
  const target = targets.data?.find((c) => String(c.CAMP_ID) === campId);
  const close = () => {
    setShow(false);
    setCampId('');
    setOverCapacity(false);
    move.reset();
  };
  const confirm = () =>
    campId !== '' && move.mutate({ SUBSCRIPTION_ID: detail.SUBSCRIPTION_ID, CAMP_ID: Number(campId), overCapacity }, { onSuccess: close });
  return (
    <>
      <Button variant="outline-primary" disabled={detail.SUBSCRIPTION_CANCELLED} onClick={() => setShow(true)}>
        Verplaatsen
      </Button>
      <ConfirmModal
        show={show}
        title="Inschrijving verplaatsen"
        confirmLabel="Verplaatsen"
        cancelLabel="Terug"
        pending={move.isPending}
        error={move.error?.message ?? null}
        onConfirm={confirm}
        onCancel={close}
      >
        <Form.Group controlId="move-target-camp" className="mb-2">
          <Form.Label>Nieuw kamp</Form.Label>
          <Form.Select value={campId} onChange={(e) => setCampId(e.target.value)}>
            <option value="">Kies een kamp</option>
            {targets.data
              ?.filter((c) => c.CAMP_ID !== detail.CAMP_ID)
              .map((c) => (
                <option key={c.CAMP_ID} value={c.CAMP_ID}>
                  {c.THEME_NAME} - {c.LOCATION_NAME} | {c.PERIOD_NAME} ({formatDayMonth(c.PERIOD_STARTDATE)} -{' '}
                  {formatDayMonth(c.PERIOD_ENDDATE)}) — {c.SEATS_OPEN > 0 ? `${c.SEATS_OPEN} vrij` : 'volzet'} — {formatEuro(c.PRICE)}
                </option>
              ))}
          </Form.Select>
        </Form.Group>
        {target && (
          <p className="mb-2" data-testid="move-target">
            Plaatsen: {target.SEATS_TAKEN}/{target.SEATS_AVAILABLE} bezet. Nieuwe prijs: {formatEuro(target.PRICE)}. De betalingen gaan mee;
            het te betalen bedrag en het saldo worden herberekend en de ouder krijgt een mail.
          </p>
        )}
        {target && target.SEATS_OPEN <= 0 && (
          <Form.Check
            id="move-over-capacity"
            label="Toch inschrijven (boven capaciteit)"
            checked={overCapacity}
            onChange={(e) => setOverCapacity(e.target.checked)}
          />
        )}
      </ConfirmModal>
    </>
  );
}
