import { useId, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { formatEuro } from '@common/money.js';
import type { PaymentRecord } from '@common/schemas/bank.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';

/** A dialog about one credit: its amount and payer, the form, the failure message, the buttons. */
export function CreditModal({
  payment,
  title,
  error,
  onClose,
  children,
  footer,
}: {
  payment: PaymentRecord | null;
  title: string;
  error?: string | null;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
}) {
  const titleId = useId();
  return (
    <Modal show={payment !== null} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Sluiten">
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {payment && (
          <p>
            {formatEuro(payment.amount)} van {payment.payerName ?? 'onbekende betaler'}
          </p>
        )}
        {children}
        <ErrorAlert message={error} className="mt-3 mb-0" />
      </Modal.Body>
      <Modal.Footer>{footer}</Modal.Footer>
    </Modal>
  );
}
