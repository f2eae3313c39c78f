import Badge from 'react-bootstrap/Badge';
import { paymentStatusText, paymentStatusVariants } from '../../../../../common/src/payment-status.js';
import type { SubscriptionDetail } from '../../../../../common/src/schemas/subscriptions.js';

/** The payment status of spec section 4, with the amount owed or to refund. */
export function PaymentStatusBadge({ detail }: { detail: SubscriptionDetail }) {
  const variant = paymentStatusVariants[detail.PAYMENT_STATUS];
  return (
    <Badge
      bg={variant}
      text={variant === 'warning' ? 'dark' : undefined}
      className="fs-6 text-wrap"
      data-payment-status={detail.PAYMENT_STATUS}
    >
      {paymentStatusText(detail.PAYMENT_STATUS, detail.SUBSCRIPTION_SALDO, detail.SUBSCRIPTION_AMOUNT_TO_PAY)}
    </Badge>
  );
}
