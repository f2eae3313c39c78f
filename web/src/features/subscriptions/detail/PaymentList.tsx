import Table from 'react-bootstrap/Table';
import { formatAccountNumber, formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import { paymentSourceLabels, type PaymentRecord } from '@common/schemas/bank.js';
import { usePayments } from '../api/get-payments.js';

/** Where a payment came from: which bank statement, 'Bedragen gelijk zetten', or cash. */
function source(p: PaymentRecord): string {
  if (p.source !== 'bank') return paymentSourceLabels[p.source];
  const statement = p.statementSequence ? ` ${p.statementSequence} van ${formatDate(p.statementDate)}` : '';
  return `${paymentSourceLabels.bank}${statement}${p.fileName ? ` (${p.fileName})` : ''}`;
}

/** The payments that make up the paid amount. */
export function PaymentList({ subscriptionId }: { subscriptionId: number }) {
  const payments = usePayments(subscriptionId);
  if (!payments.data || payments.data.length === 0) return null;
  return (
    <Table size="sm" className="mb-3" data-testid="payment-list">
      <caption className="caption-top">Betalingen</caption>
      <thead>
        <tr>
          <th scope="col">Datum</th>
          <th scope="col">Bron</th>
          <th scope="col">Betaler</th>
          <th scope="col" className="text-end">
            Bedrag
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.data.map((p) => (
          <tr key={p.paymentId}>
            <td>{formatDate(p.valueDate)}</td>
            <td>{source(p)}</td>
            <td>{[p.payerName, formatAccountNumber(p.accountNr)].filter(Boolean).join(', ') || '/'}</td>
            <td className="text-end">{formatEuro(p.amount)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
