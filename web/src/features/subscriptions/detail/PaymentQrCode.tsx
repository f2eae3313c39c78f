import { formatEuro } from '@common/money.js';
import { usePaymentQrCode } from '../api/get-payment-qr-code.js';

/**
 * The EPC payment QR code of the amount open, the same one the transfer mails carry: the server decides
 * whether the subscription asks for a transfer (and answers no code otherwise).
 */
export function PaymentQrCode({ subscriptionId, saldo, ogm }: { subscriptionId: number; saldo: number; ogm: string }) {
  const qr = usePaymentQrCode(subscriptionId);
  const code = qr.data?.[0];
  if (!code) return null;
  return (
    <figure className="mb-3" data-testid="payment-qr-code">
      <img
        src={code.image}
        width={180}
        height={180}
        alt={`Betaal-QR-code: ${formatEuro(saldo)} met mededeling ${ogm}`}
        className="border rounded"
      />
      <figcaption className="small text-body-secondary">Scan met een bankapp om {formatEuro(saldo)} over te schrijven.</figcaption>
    </figure>
  );
}
