import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ignorePaymentPayload, type PaymentRecord } from '@common/schemas/bank.js';
import { useIgnorePayment } from '../api/payment-actions.js';
import { CreditModal } from './CreditModal.js';
import { RequiredMark } from '../../../components/TextInput.js';

/** Mark a credit 'Genegeerd' with a reason (checked with the payload's own rule). */
export function IgnorePaymentModal({ payment, onClose }: { payment: PaymentRecord | null; onClose: () => void }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const ignore = useIgnorePayment();
  const check = ignorePaymentPayload.shape.reason.safeParse(reason);
  const fieldError = touched && !check.success ? check.error.issues[0]?.message : undefined;

  const close = () => {
    setReason('');
    setTouched(false);
    ignore.reset();
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (!payment || !check.success) return;
    ignore.mutate({ paymentId: payment.paymentId, reason: check.data }, { onSuccess: close });
  };

  return (
    <CreditModal
      payment={payment}
      title="Betaling negeren"
      error={ignore.error?.message}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={ignore.isPending}>
            Annuleren
          </Button>
          <Button variant="warning" onClick={submit} disabled={ignore.isPending}>
            {ignore.isPending ? 'Bezig…' : 'Negeren'}
          </Button>
        </>
      }
    >
      <Form.Group controlId={reasonId}>
        <Form.Label>
          Reden
          <RequiredMark />
        </Form.Label>
        <Form.Control value={reason} isInvalid={!!fieldError} onChange={(e) => setReason(e.target.value)} onBlur={() => setTouched(true)} />
        <Form.Control.Feedback type="invalid">{fieldError}</Form.Control.Feedback>
      </Form.Group>
    </CreditModal>
  );
}
