import { useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { formatEuro } from '@common/money.js';
import type { PaymentRecord } from '@common/schemas/bank.js';
import { matchesSearch, parseSearchQuery, searchIndexEntry } from '@common/search.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { useCampYear } from '../../../lib/camp-year.js';
import { CreditModal } from './CreditModal.js';
import { useYearSubscriptions } from '../api/get-year-subscriptions.js';
import { useAssignPayment } from '../api/payment-actions.js';

const MAX_SHOWN = 20;

/** Search a subscription of the camp year (name, OGM or reference, the overview's search rule) and book the credit on it. */
export function AssignPaymentModal({ payment, onClose }: { payment: PaymentRecord | null; onClose: () => void }) {
  const searchId = useId();
  const year = useCampYear();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const subscriptions = useYearSubscriptions(year, payment !== null);
  const assign = useAssignPayment();

  const index = useMemo(
    () =>
      (subscriptions.data ?? []).map((row) => ({
        row,
        entry: searchIndexEntry([row.SUBSCRIBER_FIRSTNAME, row.SUBSCRIBER_LASTNAME, row.SUBSCRIPTION_REFERENCE, row.SUBSCRIPTION_OGM]),
      })),
    [subscriptions.data],
  );
  const query = parseSearchQuery(text);
  const found = query ? index.filter((i) => matchesSearch(i.entry, query)).slice(0, MAX_SHOWN) : [];

  const close = () => {
    setText('');
    setChosen(null);
    assign.reset();
    onClose();
  };

  return (
    <CreditModal
      payment={payment}
      title="Betaling koppelen"
      error={assign.error?.message}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={assign.isPending}>
            Annuleren
          </Button>
          <Button
            disabled={chosen === null || assign.isPending}
            onClick={() =>
              payment && chosen !== null && assign.mutate({ paymentId: payment.paymentId, subscriptionId: chosen }, { onSuccess: close })
            }
          >
            {assign.isPending ? 'Bezig…' : 'Koppelen'}
          </Button>
        </>
      }
    >
      <Form.Group controlId={searchId} className="mb-2">
        <Form.Label>Zoek een inschrijving van {year} (naam, OGM of referentie)</Form.Label>
        <Form.Control
          type="search"
          value={text}
          autoFocus
          onChange={(event) => {
            setText(event.target.value);
            setChosen(null);
          }}
        />
      </Form.Group>
      {subscriptions.isPending && <LoadingLine />}
      {found.length > 0 && (
        <ListGroup aria-label="Gevonden inschrijvingen">
          {found.map(({ row }) => (
            <ListGroup.Item
              key={row.SUBSCRIPTION_ID}
              action
              active={chosen === row.SUBSCRIPTION_ID}
              aria-pressed={chosen === row.SUBSCRIPTION_ID}
              onClick={() => setChosen(row.SUBSCRIPTION_ID)}
            >
              {row.SUBSCRIBER_FIRSTNAME} {row.SUBSCRIBER_LASTNAME} · {row.SUBSCRIPTION_REFERENCE} · {row.SUBSCRIPTION_OGM} · saldo{' '}
              {formatEuro(row.SUBSCRIPTION_SALDO)}
              {row.SUBSCRIPTION_CANCELLED ? ' · geannuleerd' : ''}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {query && !subscriptions.isPending && found.length === 0 && <p>Geen inschrijving gevonden.</p>}
    </CreditModal>
  );
}
