import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatAccountNumber, formatDate } from '@common/format.js';
import { queueReasonLabels, type PaymentRecord } from '@common/schemas/bank.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { useUnmatchedPayments } from '../api/get-unmatched-payments.js';
import { useRequeuePayment } from '../api/payment-actions.js';
import { AssignPaymentModal } from './AssignPaymentModal.js';
import { IgnorePaymentModal } from './IgnorePaymentModal.js';
import { Money } from '../../../components/Money.js';

function Payer({ payment }: { payment: PaymentRecord }) {
  return (
    <>
      {payment.payerName ?? '/'}
      {payment.accountNr && <div className="small text-body-secondary">{formatAccountNumber(payment.accountNr)}</div>}
    </>
  );
}

function Communication({ payment }: { payment: PaymentRecord }) {
  if (payment.structuredCommunication) {
    const d = payment.structuredCommunication;
    return <span className="font-monospace">{`+++${d.slice(0, 3)}/${d.slice(3, 7)}/${d.slice(7)}+++`}</span>;
  }
  return <>{payment.communication || '/'}</>;
}

/** Credits in a table: date, payer, amount, communication, then a reason and the actions of the list they are in. */
function CreditTable({
  credits,
  reason,
  actions,
  testId,
}: {
  credits: PaymentRecord[];
  reason: (p: PaymentRecord) => ReactNode;
  actions: (p: PaymentRecord) => ReactNode;
  testId?: string;
}) {
  return (
    <Table responsive size="sm" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">Datum</th>
          <th scope="col">Betaler</th>
          <th scope="col" className="text-end">
            Bedrag
          </th>
          <th scope="col">Mededeling</th>
          <th scope="col">Reden</th>
          <th scope="col">Acties</th>
        </tr>
      </thead>
      <tbody>
        {credits.map((p) => (
          <tr key={p.paymentId}>
            <td>{formatDate(p.valueDate)}</td>
            <td>
              <Payer payment={p} />
            </td>
            <td className="text-end">
              <Money euro={p.amount} />
            </td>
            <td>
              <Communication payment={p} />
            </td>
            <td>{reason(p)}</td>
            <td className="text-nowrap">{actions(p)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The queue 'Te koppelen' (assign or ignore) and the ignored credits (back to the queue). */
export function PaymentQueue() {
  const queue = useUnmatchedPayments();
  const requeue = useRequeuePayment();
  const [assigning, setAssigning] = useState<PaymentRecord | null>(null);
  const [ignoring, setIgnoring] = useState<PaymentRecord | null>(null);

  if (queue.isPending) return <LoadingLine />;
  const waiting = (queue.data ?? []).filter((p) => p.state === 'unmatched');
  const ignored = (queue.data ?? []).filter((p) => p.state === 'ignored');
  return (
    <>
      <section aria-labelledby="queue-title" className="mb-4">
        <h2 id="queue-title" className="h5">
          Te koppelen{' '}
          <Badge bg={waiting.length > 0 ? 'warning' : 'success'} text={waiting.length > 0 ? 'dark' : undefined}>
            {waiting.length}
          </Badge>
        </h2>
        {waiting.length === 0 ? (
          <p>Alle ontvangen betalingen zijn gekoppeld.</p>
        ) : (
          <CreditTable
            testId="queue"
            credits={waiting}
            reason={(p) => (
              <>
                {p.queueReason ? queueReasonLabels[p.queueReason] : ''}
                {p.hintReference && <div className="small">{p.hintReference}</div>}
              </>
            )}
            actions={(p) => (
              <>
                <Button size="sm" className="me-2" onClick={() => setAssigning(p)}>
                  Koppelen
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => setIgnoring(p)}>
                  Negeren
                </Button>
              </>
            )}
          />
        )}
      </section>
      {ignored.length > 0 && (
        <section aria-labelledby="ignored-title" className="mb-4">
          <h2 id="ignored-title" className="h5">
            Genegeerd
          </h2>
          <ErrorAlert message={requeue.error?.message} />
          <CreditTable
            credits={ignored}
            reason={(p) => p.ignoreReason}
            actions={(p) => (
              <Button size="sm" variant="outline-secondary" disabled={requeue.isPending} onClick={() => requeue.mutate(p.paymentId)}>
                Terug naar te koppelen
              </Button>
            )}
          />
        </section>
      )}
      <AssignPaymentModal payment={assigning} onClose={() => setAssigning(null)} />
      <IgnorePaymentModal payment={ignoring} onClose={() => setIgnoring(null)} />
    </>
  );
}
