import Badge from 'react-bootstrap/Badge';
import { paymentStatusText, paymentStatusVariants, type PaymentStatus } from '@common/payment-status.js';

interface PaymentStatusBadgeProps {
  status: PaymentStatus;
  saldo: number;
  amountToPay: number;
  /** A cancelled subscription that owes nothing reads 'Niets verschuldigd'. */
  cancelled?: boolean;
  className?: string;
}

/** The payment status of spec section 4 in its colour, with the amount owed or to refund. */
export function PaymentStatusBadge({ status, saldo, amountToPay, cancelled = false, className }: PaymentStatusBadgeProps) {
  const variant = paymentStatusVariants[status];
  return (
    <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined} className={className} data-payment-status={status}>
      {paymentStatusText(status, saldo, amountToPay, cancelled)}
    </Badge>
  );
}
