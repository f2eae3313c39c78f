import Badge from 'react-bootstrap/Badge';
import { formatDateTime } from '@common/format.js';
import { PaymentStatusBadge } from '../../../components/PaymentStatusBadge.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';

/** The payment status badge of spec section 4, and for a cancelled subscription 'Geannuleerd' with its date. */
export function SubscriptionStatus({ subscription: s }: { subscription: SubscriptionListRow }) {
  return (
    // One line, as every row of the virtualised table (a long status is cut off, its text stays in the page).
    <div className="d-flex flex-nowrap align-items-center gap-1 overflow-hidden">
      <PaymentStatusBadge
        status={s.PAYMENT_STATUS}
        saldo={s.SUBSCRIPTION_SALDO}
        amountToPay={s.SUBSCRIPTION_AMOUNT_TO_PAY}
        cancelled={s.SUBSCRIPTION_CANCELLED}
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
