import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatEuro } from '@common/money.js';
import type { BookingOverrides } from '@common/schemas/registration.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { BookingOverrideChecks, noOverrides } from '../../../components/BookingOverrideChecks.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { ApiError } from '../../../lib/api-client.js';
import { campAgeText, campChoiceLabel, sortCampChoices } from '../../../lib/camp-choice.js';
import { useMoveSubscription, useMoveTargets } from '../api/move-subscription.js';
import { RequiredMark } from '../../../components/TextInput.js';

/**
 * 'Verplaatsen' (issue 18): the child moves to another camp of the same year, chosen with its age group, birth
 * years, seats and price ('Gesloten' when closed). The server recomputes the money with the target's price and
 * mails the parent; a camp that is full, closed or for other birth years needs its override (issue 39).
 */
export function MoveSubscriptionButton({ detail }: { detail: SubscriptionDetail }) {
  const [show, setShow] = useState(false);
  const [campId, setCampId] = useState('');
  const [overrides, setOverrides] = useState<BookingOverrides>(noOverrides);
  const year = Number(detail.PERIOD_STARTDATE.slice(0, 4));
  const targets = useMoveTargets(year, show);
  const move = useMoveSubscription();
  const target = targets.data?.find((c) => String(c.CAMP_ID) === campId);
  const close = () => {
    setShow(false);
    setCampId('');
    setOverrides(noOverrides);
    move.reset();
  };
  const choose = (id: string) => {
    setCampId(id);
    setOverrides(noOverrides);
    move.reset();
  };
  const confirm = () =>
    campId !== '' && move.mutate({ SUBSCRIPTION_ID: detail.SUBSCRIPTION_ID, CAMP_ID: Number(campId), ...overrides }, { onSuccess: close });
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
          <Form.Label>
            Nieuw kamp
            <RequiredMark />
          </Form.Label>
          <Form.Select value={campId} onChange={(e) => choose(e.target.value)}>
            <option value="">Kies een kamp</option>
            {sortCampChoices(targets.data?.filter((c) => c.CAMP_ID !== detail.CAMP_ID) ?? []).map((c) => (
              <option key={c.CAMP_ID} value={c.CAMP_ID}>
                {campChoiceLabel(c)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {target && (
          <p className="mb-2" data-testid="move-target">
            {target.CAMP_CLOSED && <span className="badge text-bg-secondary me-1">Gesloten</span>}
            Leeftijd: {campAgeText(target)}. Plaatsen: {target.SEATS_TAKEN}/{target.SEATS_AVAILABLE} bezet. Nieuwe prijs:{' '}
            {formatEuro(target.PRICE)}. De betalingen gaan mee; het te betalen bedrag en het saldo worden herberekend en de ouder krijgt een
            mail.
          </p>
        )}
        <BookingOverrideChecks
          idPrefix="move"
          camp={target}
          child={{ name: `${detail.SUBSCRIBER_FIRSTNAME} ${detail.SUBSCRIBER_LASTNAME}`, birthdate: detail.SUBSCRIBER_BIRTHDATE }}
          errorCode={move.error instanceof ApiError ? move.error.code : undefined}
          value={overrides}
          onChange={setOverrides}
        />
      </ConfirmModal>
    </>
  );
}
