import Badge from 'react-bootstrap/Badge';
import { formatDateTime } from '@common/format.js';
import { PaymentStatusBadge } from '../../../components/PaymentStatusBadge.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';

/** The payment status badge of spec section 4, and for a cancelled subscription 'Geannuleerd' with its date. */
export function SubscriptionStatus({ subscription: s }: { subscription: SubscriptionListRow }) {
  return (
    // At most two lines, as every row of the virtualised table: the payment status, then 'Geannuleerd' with its date
    // as one piece, on the same line when it fits and else on the next (issue 39: never cut off at 1366 px).
    <div className="d-flex flex-wrap align-items-center column-gap-1 overflow-hidden status-lines">
      <PaymentStatusBadge
        status={s.PAYMENT_STATUS}
        saldo={s.SUBSCRIPTION_SALDO}
        amountToPay={s.SUBSCRIPTION_AMOUNT_TO_PAY}
        cancelled={s.SUBSCRIPTION_CANCELLED}
      />
      {s.SUBSCRIPTION_CANCELLED && (
        <span className="text-nowrap">
          <Badge bg="secondary">Geannuleerd</Badge>
          {s.SUBSCRIPTION_CANCELLATION_DATE && (
            <small className="text-body-secondary ms-1">{formatDateTime(s.SUBSCRIPTION_CANCELLATION_DATE)}</small>
          )}
        </span>
      )}
    </div>
  );
}
