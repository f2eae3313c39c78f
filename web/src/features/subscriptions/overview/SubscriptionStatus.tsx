import Badge from 'react-bootstrap/Badge';
import { formatDateTime } from '../../../../../common/src/format.js';
import { paymentStatusText, paymentStatusVariants } from '../../../../../common/src/payment-status.js';
import type { SubscriptionListRow } from '../../../../../common/src/schemas/subscriptions.js';

/** The payment status badge of spec section 4, and for a cancelled subscription 'Geannuleerd' with its date. */
export function SubscriptionStatus({ subscription: s }: { subscription: SubscriptionListRow }) {
  const variant = paymentStatusVariants[s.PAYMENT_STATUS];
  return (
    <div className="d-flex flex-wrap align-items-center gap-1">
      <Badge
        bg={variant}
        text={variant === 'warning' ? 'dark' : undefined}
        className="text-wrap text-start"
        data-payment-status={s.PAYMENT_STATUS}
      >
        {paymentStatusText(s.PAYMENT_STATUS, s.SUBSCRIPTION_SALDO, s.SUBSCRIPTION_AMOUNT_TO_PAY)}
      </Badge>
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
