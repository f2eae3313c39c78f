import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import type { PaymentRecord } from '@common/schemas/bank.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { useDebouncedSearch } from '../../../components/useDebouncedSearch.js';
import { CreditModal } from './CreditModal.js';
import { useSubscriptionsToAssign } from '../api/find-subscriptions-to-assign.js';
import { useAssignPayment } from '../api/payment-actions.js';
import { Money } from '../../../components/Money.js';

/**
 * Search a subscription of every open camp year (last year up to next: a November credit is for next summer) by the
 * child's or the parent's name, e-mail or phone, the OGM or the reference, on the server; each result names child,
 * parent, camp and year. Book the credit on the one chosen.
 */
export function AssignPaymentModal({ payment, onClose }: { payment: PaymentRecord | null; onClose: () => void }) {
  const searchId = useId();
  const search = useDebouncedSearch();
  const [chosen, setChosen] = useState<number | null>(null);
  const searched = search.query ? search.text.trim() : '';
  const found = useSubscriptionsToAssign(payment !== null ? searched : '');
  const assign = useAssignPayment();
  const rows = search.query ? (found.data?.SUBSCRIPTIONS ?? []) : [];
  const total = search.query ? (found.data?.TOTAL ?? 0) : 0;

  const close = () => {
    search.clear();
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
        <Form.Label>Zoek een inschrijving (naam van kind of ouder, e-mail, telefoon, OGM of referentie)</Form.Label>
        <Form.Control
          type="search"
          value={search.text}
          autoFocus
          onChange={(event) => {
            search.type(event.target.value);
            setChosen(null);
          }}
        />
        <Form.Text>Alle kampjaren die nog betalingen krijgen: vorig jaar, dit jaar en volgend jaar.</Form.Text>
      </Form.Group>
      {search.query && found.isFetching && !found.data && <LoadingLine />}
      {rows.length > 0 && (
        <ListGroup aria-label="Gevonden inschrijvingen">
          {rows.map((row) => (
            <ListGroup.Item
              key={row.SUBSCRIPTION_ID}
              action
              active={chosen === row.SUBSCRIPTION_ID}
              aria-pressed={chosen === row.SUBSCRIPTION_ID}
              onClick={() => setChosen(row.SUBSCRIPTION_ID)}
            >
              <div>
                <strong>
                  {row.SUBSCRIBER_FIRSTNAME} {row.SUBSCRIBER_LASTNAME}
                </strong>{' '}
                (ouder: {row.SUBSCRIBER_PARENT_FIRSTNAME} {row.SUBSCRIBER_PARENT_LASTNAME})
                {row.SUBSCRIPTION_CANCELLED ? ' · geannuleerd' : ''}
              </div>
              <div className="small">
                {row.CAMP_NAME} ({row.CAMP_YEAR}) · {row.SUBSCRIPTION_REFERENCE} · {row.SUBSCRIPTION_OGM} · saldo{' '}
                <Money euro={row.SUBSCRIPTION_SALDO} />
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {total > rows.length && (
        <p className="small mt-2 mb-0" role="status">
          {rows.length} van {total} inschrijvingen getoond. Verfijn je zoekopdracht om de juiste te vinden.
        </p>
      )}
      {search.query && found.data && !found.isFetching && rows.length === 0 && <p>Geen inschrijving gevonden.</p>}
    </CreditModal>
  );
}
