import Badge from 'react-bootstrap/Badge';
import { formatDateTime } from '@common/format.js';
import { PaymentStatusBadge } from '../../../components/PaymentStatusBadge.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';

/** The payment status badge of spec section 4, and for a cancelled subscription 'Geannuleerd' with its date. */
export function SubscriptionStatus({ subscription: s }: { subscription: SubscriptionListRow }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-1">
      <PaymentStatusBadge
        status={s.PAYMENT_STATUS}
        saldo={s.SUBSCRIPTION_SALDO}
        amountToPay={s.SUBSCRIPTION_AMOUNT_TO_PAY}
        className="text-wrap text-start"
      />
      {s.SUBSCRIPTION_CANCELLED && (
        <>
          <Badge bg="secondary">Geannuleerd</Badge>
          {s.SUBSCRIPTION_CANCELLATION_DATE && (
            <small className="text-body-secondary">{formatDateTime(s.SUBSCRIPTION_CANCELLATION_DATE)}</small>
          )}
        </>
      )}
    </div>
  );
}
