import Table from 'react-bootstrap/Table';
import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { SubscriptionDiscountRecord } from '@common/schemas/subscriptions.js';
import { useDiscounts } from '../api/get-discounts.js';

const kindLabels: Record<SubscriptionDiscountRecord['SUBSCRIPTION_DISCOUNT_KIND'], string> = {
  booking: 'Bij inschrijving',
  'selected-days': 'Gekozen dagen',
  extra: 'Extra korting',
};

/** What the discount total is made of, so staff see why an amount was lowered. */
export function DiscountList({ subscriptionId }: { subscriptionId: number }) {
  const discounts = useDiscounts(subscriptionId);
  if (!discounts.data || discounts.data.length === 0) return null;
  return (
    <Table size="sm" className="mb-3">
      <caption className="caption-top">Kortingen</caption>
      <thead>
        <tr>
          <th scope="col">Datum</th>
          <th scope="col">Soort</th>
          <th scope="col">Reden</th>
          <th scope="col" className="text-end">
            Bedrag
          </th>
        </tr>
      </thead>
      <tbody>
        {discounts.data.map((d) => (
          <tr key={d.SUBSCRIPTION_DISCOUNT_ID}>
            <td>{formatDate(d.SUBSCRIPTION_DISCOUNT_CREATION_DATE)}</td>
            <td>{kindLabels[d.SUBSCRIPTION_DISCOUNT_KIND]}</td>
            <td>{d.SUBSCRIPTION_DISCOUNT_REMARK}</td>
            <td className="text-end">{formatEuro(d.SUBSCRIPTION_DISCOUNT_AMOUNT)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
