import { formatAccountNumber, formatDate } from '@common/format.js';
import { paymentSourceLabels, type PaymentRecord } from '@common/schemas/bank.js';
import { AmountTable } from '../../../components/AmountTable.js';
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
  return (
    <AmountTable
      caption="Betalingen"
      headings={['Bron', 'Betaler']}
      testId="payment-list"
      rows={(payments.data ?? []).map((p) => ({
        key: p.paymentId,
        date: p.valueDate,
        texts: [source(p), [p.payerName, formatAccountNumber(p.accountNr)].filter(Boolean).join(', ') || '/'],
        amount: p.amount,
      }))}
    />
  );
}
